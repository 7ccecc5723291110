import { KeyRound, LogOut, ShieldCheck, UserRound } from "lucide-react";
import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/profile";
import { Badge } from "~/components/admin/badges";
import { PasswordField } from "~/components/admin/auth-card";
import { buttonClass } from "~/components/admin/button";
import { inputClass } from "~/components/admin/field";
import { PageHeader, Section } from "~/components/admin/page";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { CodeField, RecoveryCodes } from "~/components/admin/two-factor";
import { Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import { replyOf, type FormReply } from "~/lib/form";
import { isAdminRole, ROLE_LABELS } from "~/lib/permissions";
import { passwordChangeForm, profileNameForm } from "~/schemas/staff";
import { twoFactorCodeForm, twoFactorOffForm } from "~/schemas/two-factor";
import { redirectWithToast } from "~/server/admin/flash.server";
import { currentAdmin, requirePermission } from "~/server/auth/admin-guard.server";
import { destroyAdminSession } from "~/server/auth/session.server";
import {
  changeOwnPassword,
  signOutEverywhere,
  updateDisplayName,
} from "~/server/auth/staff.server";
import {
  regenerateRecoveryCodes,
  turnOffTwoFactor,
  twoFactorStatus,
} from "~/server/auth/two-factor.server";
import { dispatchIntent, formReply, parseForm, readForm } from "~/server/http/form.server";
import { auditActor } from "~/server/auth/actor.server";
import { storeSettings } from "~/server/settings/store-settings.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("admin")];

export const meta: Route.MetaFunction = () => [{ title: "My profile · Admin" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { id, username, displayName, role } = currentAdmin(context);
  const [{ enabled, recoveryCodesLeft, required }, { store }] = await Promise.all([
    twoFactorStatus(id),
    storeSettings(),
  ]);
  return {
    username,
    displayName,
    role,
    storeName: store.name,
    twoFactor: { enabled, recoveryCodesLeft, required },
  };
}

const PROFILE = href("/budzadmin/dashboard/profile");

export async function action({ request, context }: Route.ActionArgs) {
  const admin = currentAdmin(context);
  const actor = auditActor(context);
  const form = await readForm(request);
  return dispatchIntent(form, {
    name: async () => {
      const submission = await parseForm(form, profileNameForm);
      if (!submission.ok) return submission.reply;
      const result = await updateDisplayName({ id: admin.id, ...submission.data, actor });
      if (!result.ok) return formReply({ form: result.message }, { status: result.status, form });
      return redirectWithToast(PROFILE, "Your name is saved.");
    },
    password: async () => {
      const submission = await parseForm(form, passwordChangeForm);
      if (!submission.ok) return submission.reply;
      const result = await changeOwnPassword({
        id: admin.id,
        sessionId: admin.sessionId,
        currentPassword: submission.data.currentPassword,
        newPassword: submission.data.newPassword,
        actor,
      });
      if (!result.ok)
        // What was typed comes back without the passwords (echoValues drops them).
        return formReply(result.errors ?? { form: result.message }, {
          status: result.status,
          form,
        });
      return redirectWithToast(
        PROFILE,
        result.sessionsEnded > 0
          ? `Password changed. Your ${result.sessionsEnded === 1 ? "other session was" : `${result.sessionsEnded} other sessions were`} signed out.`
          : "Password changed.",
      );
    },
    "recovery-codes": async () => {
      const submission = await parseForm(form, twoFactorCodeForm);
      if (!submission.ok) return submission.reply;
      const result = await regenerateRecoveryCodes({ userId: admin.id, ...submission.data, actor });
      if (!result.ok)
        return formReply(result.errors ?? { form: result.message }, {
          status: result.status,
          form,
        });
      // Shown once, on this answer only.
      return data<NonNullable<Reply>>({
        errors: {},
        recoveryCodes: result.recoveryCodes,
      });
    },
    "two-factor-off": async () => {
      const submission = await parseForm(form, twoFactorOffForm);
      if (!submission.ok) return submission.reply;
      const result = await turnOffTwoFactor({
        userId: admin.id,
        ...submission.data,
        actor,
      });
      if (!result.ok)
        return formReply(result.errors ?? { form: result.message }, {
          status: result.status,
          form,
        });
      return redirectWithToast(PROFILE, "Two-factor sign-in is off.");
    },
    "sign-out-everywhere": async () => {
      await signOutEverywhere({ ...actor, adminId: admin.id });
      throw redirect(href("/budzadmin"), {
        headers: { "Set-Cookie": (await destroyAdminSession(request)).setCookie },
      });
    },
  });
}

function NameForm({ displayName, lastResult }: { displayName: string; lastResult?: FormReply }) {
  const form = useForm({
    rules: profileNameForm,
    lastResult,
  });
  return (
    <Form method="post" {...form.props} className="space-y-4">
      <FormProvider form={form}>
        <FormSummary />
        <input type="hidden" name="intent" value="name" />
        <Field name="displayName" label="Display name" required hint="Shown in the admin's header">
          {(p) => (
            <input
              {...p}
              maxLength={80}
              autoComplete="name"
              defaultValue={form.values?.displayName ?? displayName}
              className={inputClass}
            />
          )}
        </Field>
        <button type="submit" className={buttonClass("primary")}>
          Save name
        </button>
      </FormProvider>
    </Form>
  );
}

function PasswordForm({ lastResult }: { lastResult?: FormReply }) {
  const form = useForm({
    rules: passwordChangeForm,
    lastResult,
  });
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "password";
  return (
    <Form method="post" {...form.props} className="space-y-4">
      <FormProvider form={form}>
        <FormSummary />
        <input type="hidden" name="intent" value="password" />
        <PasswordField name="currentPassword" label="Current password" current />
        <PasswordField name="newPassword" label="New password" hint="At least 10 characters" />
        <PasswordField name="confirmPassword" label="New password again" />
        <button type="submit" disabled={busy} className={buttonClass("primary")}>
          {busy ? "Changing..." : "Change password"}
        </button>
      </FormProvider>
    </Form>
  );
}

type Reply = (FormReply & { recoveryCodes?: string[] }) | undefined;

function RecoveryCodesForm({ lastResult }: { lastResult?: FormReply }) {
  const form = useForm({
    rules: twoFactorCodeForm,
    lastResult,
  });
  return (
    <Form method="post" {...form.props} className="space-y-3">
      <FormProvider form={form}>
        <FormSummary />
        <input type="hidden" name="intent" value="recovery-codes" />
        <CodeField label="Code from your app" hint="New codes replace the old ones, used or not." />
        <button type="submit" className={buttonClass("secondary")}>
          Generate new recovery codes
        </button>
      </FormProvider>
    </Form>
  );
}

function TwoFactorOffForm({ lastResult }: { lastResult?: FormReply }) {
  const form = useForm({
    rules: twoFactorOffForm,
    lastResult,
  });
  return (
    <Form method="post" {...form.props} className="space-y-3">
      <FormProvider form={form}>
        <FormSummary />
        <input type="hidden" name="intent" value="two-factor-off" />
        <Field name="proof" label="Your password, or a code from your app" required>
          {(p) => (
            <input
              {...p}
              type="password"
              autoComplete="current-password"
              maxLength={500}
              className={inputClass}
            />
          )}
        </Field>
        <button type="submit" className={buttonClass("danger")}>
          Turn off two-factor
        </button>
      </FormProvider>
    </Form>
  );
}

function TwoFactorSection({
  status,
  reply,
  storeName,
  username,
}: {
  status: { enabled: boolean; recoveryCodesLeft: number; required: boolean };
  reply: Reply;
  storeName: string;
  username: string;
}) {
  return (
    <Section title="Two-factor sign-in">
      <div className="mb-3 flex flex-wrap items-center gap-2 text-sm text-stone-600">
        <ShieldCheck className="h-4 w-4 shrink-0" aria-hidden />
        {status.enabled ? (
          <>
            <Badge tone="green">On</Badge> You sign in with your password and a code from your app.{" "}
            {status.recoveryCodesLeft} of 10 recovery codes left.
          </>
        ) : (
          <>
            <Badge tone="stone">Off</Badge> A code from your phone at each sign-in keeps the admin
            safe if your password leaks.
          </>
        )}
      </div>
      {!status.enabled ? (
        <Link to={href("/budzadmin/two-factor/setup")} className={buttonClass("primary")}>
          Turn on two-factor
        </Link>
      ) : (
        <div className="space-y-6">
          {reply?.recoveryCodes ? (
            <RecoveryCodes codes={reply.recoveryCodes} storeName={storeName} username={username} />
          ) : null}
          <RecoveryCodesForm lastResult={replyOf(reply, "recovery-codes")} />
          <div className="border-t border-stone-200 pt-5">
            {status.required ? (
              <p className="text-sm text-stone-600">
                The store owner requires two-factor sign-in for every admin, so it cannot be turned
                off.
              </p>
            ) : (
              <TwoFactorOffForm lastResult={replyOf(reply, "two-factor-off")} />
            )}
          </div>
        </div>
      )}
    </Section>
  );
}

/** Every admin's own page: their name, their password, and signing out everywhere. */
export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { username, displayName, role } = loaderData;
  // Each form shows only its own answer (the reply echoes which form was sent).
  const reply = actionData as Reply;
  return (
    <>
      <PageHeader
        title="My profile"
        description={
          <>
            Signed in as <span className="font-medium text-stone-900">{username}</span>{" "}
            <Badge tone="green">{isAdminRole(role) ? ROLE_LABELS[role] : role}</Badge>
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Name">
          <div className="mb-3 flex items-center gap-2 text-sm text-stone-600">
            <UserRound className="h-4 w-4 shrink-0" aria-hidden /> How the admin greets you.
          </div>
          <NameForm displayName={displayName} lastResult={replyOf(reply, "name")} />
        </Section>
        <Section title="Password">
          <div className="mb-3 flex items-center gap-2 text-sm text-stone-600">
            <KeyRound className="h-4 w-4 shrink-0" aria-hidden /> Changing it signs you out
            everywhere else; this browser stays signed in.
          </div>
          <PasswordForm lastResult={replyOf(reply, "password")} />
        </Section>
        <TwoFactorSection
          status={loaderData.twoFactor}
          reply={reply}
          storeName={loaderData.storeName}
          username={username}
        />
        <Section title="Sessions">
          <p className="mb-4 text-sm text-stone-600">
            Signed in on a computer you no longer use? End every session of your account, this one
            included.
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="sign-out-everywhere" />
            <button type="submit" className={buttonClass("secondary")}>
              <LogOut className="h-4 w-4" aria-hidden />
              Sign out everywhere
            </button>
          </Form>
        </Section>
      </div>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
