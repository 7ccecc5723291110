import { Loader2, ShieldCheck } from "lucide-react";
import { data, Form, href, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/two-factor";
import { AuthCard } from "~/components/admin/auth-card";
import { buttonClass } from "~/components/admin/button";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { CodeField } from "~/components/admin/two-factor";
import { Alert, FormProvider, FormSummary, useForm } from "~/components/form/form";
import { echoValues, type FormReply } from "~/lib/form";
import { TWO_FACTOR_MESSAGES } from "~/lib/two-factor";
import { twoFactorSignInForm } from "~/schemas/two-factor";
import { flashHeader } from "~/server/admin/flash.server";
import { assertSameOrigin } from "~/server/auth/origin.server";
import { getAdmin } from "~/server/auth/session.server";
import {
  clearChallengeCookie,
  completeTwoFactorSignIn,
  readChallenge,
} from "~/server/auth/two-factor.server";
import { formReply, parseForm } from "~/server/http/form.server";
import { requestClient } from "~/server/http/request-context.server";
import { storeSettings } from "~/server/settings/store-settings.server";

/**
 * Sign-in's second step (outside the admin guard: no session yet). The password was right; the
 * 5-minute, server-stored state of this step (its cookie holds only a random token) names the
 * admin, who gives a code from their app or a recovery code. It opens nothing else: every admin
 * page and data request still needs a session.
 */
export const meta: Route.MetaFunction = () => [
  { title: "Two-factor sign-in · Budz Boutique" },
  { name: "robots", content: "noindex, nofollow" },
];

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  const retry = actionHeaders.get("Retry-After");
  if (retry) headers.set("Retry-After", retry);
  const cleared = loaderHeaders.get("Set-Cookie");
  if (cleared) headers.set("Set-Cookie", cleared);
  return headers;
}

export async function loader({ request }: Route.LoaderArgs) {
  if (await getAdmin(request)) throw redirect(href("/budzadmin/dashboard"));
  const challenge = await readChallenge(request);
  // Nobody typed a password: the sign-in page.
  if (challenge.state === "none") throw redirect(href("/budzadmin"));
  const storeName = (await storeSettings()).store.name;
  // Expired, used, forged or tampered: said so, with a way back (and the stale cookie cleared).
  if (challenge.state === "ended")
    return data(
      { storeName, ended: true, displayName: null },
      { status: 401, headers: { "Set-Cookie": await clearChallengeCookie() } },
    );
  return { storeName, ended: false, displayName: challenge.displayName };
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const submission = await parseForm(request, twoFactorSignInForm);
  if (!submission.ok) return submission.reply;
  const { form } = submission;
  const result = await completeTwoFactorSignIn({
    request,
    code: submission.data.code,
    ...requestClient(request, context),
  });
  if (result.ok) {
    const headers = new Headers();
    for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
    if (result.usedRecoveryCode)
      headers.append(
        "Set-Cookie",
        await flashHeader(
          `You signed in with a recovery code: ${result.recoveryCodesLeft} left. Generate new ones on My profile.`,
        ),
      );
    throw redirect(href("/budzadmin/dashboard"), { headers });
  }
  if (result.code === "throttled")
    return data<FormReply>(
      { errors: { form: result.message }, values: echoValues(form) },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  if (result.code === "ended")
    return data<FormReply>(
      { errors: { form: result.message }, values: echoValues(form) },
      { status: result.status, headers: { "Set-Cookie": await clearChallengeCookie() } },
    );
  return formReply({ code: result.message }, { status: result.status, form });
}

export default function TwoFactorSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const form = useForm({ lastResult: actionData });
  const ended = loaderData.ended || form.errors.form === TWO_FACTOR_MESSAGES.challengeEnded;
  return (
    <AuthCard
      storeName={loaderData.storeName}
      icon={ShieldCheck}
      title="Two-factor sign-in"
      subtitle={
        loaderData.displayName ? (
          <>
            Password accepted for <span className="font-medium">{loaderData.displayName}</span>
          </>
        ) : (
          "One more step"
        )
      }
      footer={
        <p className="mt-6 text-center text-sm text-brand-100/80">
          <a href={href("/budzadmin")} className="hover:text-white">
            ← Back to sign in
          </a>
        </p>
      }
    >
      {ended ? (
        <div className="space-y-4">
          <Alert message={TWO_FACTOR_MESSAGES.challengeEnded} />
          <a href={href("/budzadmin")} className={buttonClass("primary", "md", "w-full")}>
            Sign in again
          </a>
        </div>
      ) : (
        <Form method="post" className="space-y-4" {...form.props}>
          <FormProvider form={form}>
            <FormSummary />
            <CodeField
              label="Authentication code"
              hint="The 6-digit code your authenticator app shows now, or one of your recovery codes."
              recovery
              autoFocus
            />
            <button
              type="submit"
              disabled={busy}
              className={buttonClass("primary", "md", "w-full")}
            >
              {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : null}
              {busy ? "Verifying..." : "Verify and sign in"}
            </button>
          </FormProvider>
        </Form>
      )}
    </AuthCard>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
