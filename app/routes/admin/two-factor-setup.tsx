import { Loader2, LogOut, ShieldCheck } from "lucide-react";
import { data, Form, href, Link, useNavigation } from "react-router";
import type { Route } from "./+types/two-factor-setup";
import { AuthCard } from "~/components/admin/auth-card";
import { buttonClass } from "~/components/admin/button";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { CodeField, RecoveryCodes } from "~/components/admin/two-factor";
import { FormProvider, FormSummary, useForm } from "~/components/form/form";
import type { FormReply } from "~/lib/form";
import { groupSecret } from "~/lib/two-factor";
import { twoFactorCodeForm } from "~/schemas/two-factor";
import { currentAdmin, requirePermission } from "~/server/auth/admin-guard.server";
import {
  confirmTwoFactorSetup,
  startTwoFactorSetup,
  twoFactorStatus,
} from "~/server/auth/two-factor.server";
import { formReply, parseForm } from "~/server/http/form.server";
import { storeSettings } from "~/server/settings/store-settings.server";
import { auditActor } from "~/server/auth/actor.server";

/**
 * Turning two-factor sign-in on (from My profile, or where the guard holds an admin without it
 * while the owner requires it): a QR code drawn on the server and the secret in text, confirmed by
 * one code; then the ten recovery codes, shown once. Outside the dashboard's shell, like sign-in.
 */
export const middleware: Route.MiddlewareFunction[] = [requirePermission("admin")];

export const meta: Route.MetaFunction = () => [
  { title: "Set up two-factor sign-in · Admin" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const admin = currentAdmin(context);
  const [status, { store }] = await Promise.all([twoFactorStatus(admin.id), storeSettings()]);
  const base = { storeName: store.name, username: admin.username, required: status.required };
  if (status.enabled) return { ...base, enabled: true as const, setup: null };
  const setup = await startTwoFactorSetup(admin.id);
  if (!setup.ok) return { ...base, enabled: true as const, setup: null };
  return {
    ...base,
    enabled: false as const,
    setup: { secret: groupSecret(setup.secret), qrDataUrl: setup.qrDataUrl },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = currentAdmin(context);
  const submission = await parseForm(request, twoFactorCodeForm);
  if (!submission.ok) return submission.reply;
  const result = await confirmTwoFactorSetup({
    userId: admin.id,
    code: submission.data.code,
    actor: auditActor(context),
  });
  if (!result.ok)
    return formReply(result.errors ?? { form: result.message }, {
      status: result.status,
      form: submission.form,
    });
  return data({ recoveryCodes: result.recoveryCodes });
}

function Done(recovery: Parameters<typeof RecoveryCodes>[0]) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-stone-700">
        From now on you sign in with your password and a code from your app.
      </p>
      <RecoveryCodes {...recovery} />
      <Link to={href("/budzadmin/dashboard")} className={buttonClass("primary", "md", "w-full")}>
        I saved them: continue
      </Link>
    </div>
  );
}

export default function TwoFactorSetup({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const reply = actionData as (FormReply & { recoveryCodes?: undefined }) | undefined;
  const codes = (actionData as { recoveryCodes?: string[] } | undefined)?.recoveryCodes;
  const form = useForm({ rules: twoFactorCodeForm, lastResult: codes ? undefined : reply });
  const { setup, required } = loaderData;
  const leave = required ? (
    <Form method="post" action={href("/budzadmin/logout")} className="mt-6 text-center">
      <button type="submit" className="text-sm text-brand-100/80 hover:text-white">
        <LogOut className="mr-1 inline h-4 w-4" aria-hidden />
        Sign out
      </button>
    </Form>
  ) : (
    <p className="mt-6 text-center text-sm text-brand-100/80">
      <Link to={href("/budzadmin/dashboard/profile")} className="hover:text-white">
        ← Back to My profile
      </Link>
    </p>
  );
  return (
    <AuthCard
      storeName={loaderData.storeName}
      icon={ShieldCheck}
      title={codes ? "Two-factor sign-in is on" : "Set up two-factor sign-in"}
      subtitle={
        codes
          ? "Keep your recovery codes safe"
          : required
            ? "The store owner requires it for every admin"
            : "A code from your phone at each sign-in"
      }
      footer={codes ? null : leave}
    >
      {codes ? (
        <Done codes={codes} storeName={loaderData.storeName} username={loaderData.username} />
      ) : !setup ? (
        <div className="space-y-4">
          <p className="text-sm text-stone-700">Two-factor sign-in is already on for you.</p>
          <Link
            to={href("/budzadmin/dashboard/profile")}
            className={buttonClass("primary", "md", "w-full")}
          >
            Go to My profile
          </Link>
        </div>
      ) : (
        <div className="space-y-5">
          <ol className="space-y-5 text-sm text-stone-700">
            <li>
              <p>
                <span className="font-semibold text-stone-900">1. Scan this QR code</span> with an
                authenticator app (1Password, Google Authenticator, Microsoft Authenticator…).
              </p>
              <img
                src={setup.qrDataUrl}
                alt={`QR code for signing in as ${loaderData.username}`}
                width={176}
                height={176}
                className="mx-auto mt-3 h-44 w-44 rounded-lg border border-stone-200 bg-white p-1"
              />
              <p className="mt-3">Can&apos;t scan it? Type this key into the app instead:</p>
              <p
                data-testid="two-factor-secret"
                className="mt-1.5 rounded-lg bg-stone-100 px-3 py-2 text-center font-mono text-sm tracking-wide break-words text-stone-900 select-all"
              >
                {setup.secret}
              </p>
            </li>
            <li>
              <p>
                <span className="font-semibold text-stone-900">2. Enter the code</span> the app
                shows for this store.
              </p>
            </li>
          </ol>
          <Form method="post" className="space-y-4" {...form.props}>
            <FormProvider form={form}>
              <FormSummary />
              <CodeField label="6-digit code" />
              <button
                type="submit"
                disabled={busy}
                className={buttonClass("primary", "md", "w-full")}
              >
                {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : null}
                {busy ? "Checking..." : "Turn on two-factor"}
              </button>
            </FormProvider>
          </Form>
        </div>
      )}
    </AuthCard>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
