import { KeyRound, LogOut, UserRound } from "lucide-react";
import { Form, href, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/profile";
import { Badge } from "~/components/admin/badges";
import { PasswordField } from "~/components/admin/auth-card";
import { buttonClass } from "~/components/admin/button";
import { inputClass } from "~/components/admin/field";
import { PageHeader, Section } from "~/components/admin/page";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import { isAdminRole, ROLE_LABELS } from "~/lib/permissions";
import { passwordChangeForm, profileNameForm } from "~/schemas/staff";
import { redirectWithToast } from "~/server/admin/flash.server";
import { currentAdmin, requirePermission } from "~/server/auth/admin-guard.server";
import { destroyAdminSession } from "~/server/auth/session.server";
import {
  changeOwnPassword,
  signOutEverywhere,
  updateDisplayName,
} from "~/server/auth/staff.server";
import { dispatchIntent, formReply, parseForm, readForm } from "~/server/http/form.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("admin")];

export const meta: Route.MetaFunction = () => [{ title: "My profile · Admin" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { username, displayName, role } = currentAdmin(context);
  return { username, displayName, role };
}

const PROFILE = href("/budzadmin/dashboard/profile");

export async function action({ request, context }: Route.ActionArgs) {
  const admin = currentAdmin(context);
  const form = await readForm(request);
  return dispatchIntent(form, {
    name: async () => {
      const submission = await parseForm(form, profileNameForm);
      if (!submission.ok) return submission.reply;
      const result = await updateDisplayName({ id: admin.id, ...submission.data });
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
    "sign-out-everywhere": async () => {
      await signOutEverywhere(admin.id);
      throw redirect(href("/budzadmin"), {
        headers: { "Set-Cookie": await destroyAdminSession(request) },
      });
    },
  });
}

function NameForm({ displayName, lastResult }: { displayName: string; lastResult?: unknown }) {
  const form = useForm({
    rules: profileNameForm,
    lastResult: lastResult as Parameters<typeof useForm>[0]["lastResult"],
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

function PasswordForm({ lastResult }: { lastResult?: unknown }) {
  const form = useForm({
    rules: passwordChangeForm,
    lastResult: lastResult as Parameters<typeof useForm>[0]["lastResult"],
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

/** Every admin's own page: their name, their password, and signing out everywhere. */
export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { username, displayName, role } = loaderData;
  // Each form shows only its own answer (the reply echoes which form was sent).
  const reply = actionData as { values?: Record<string, string> } | undefined;
  const forPassword = reply?.values?.intent === "password";
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
          <NameForm displayName={displayName} lastResult={forPassword ? undefined : actionData} />
        </Section>
        <Section title="Password">
          <div className="mb-3 flex items-center gap-2 text-sm text-stone-600">
            <KeyRound className="h-4 w-4 shrink-0" aria-hidden /> Changing it signs you out
            everywhere else; this browser stays signed in.
          </div>
          <PasswordForm lastResult={forPassword ? actionData : undefined} />
        </Section>
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
