import { readForm } from "~/server/http/form.server";
import { Mail } from "lucide-react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/sign-in";
import {
  AuthCard,
  ErrorMessage,
  NoticeFromUrl,
  primaryButton,
  secondaryButton,
  SuccessMessage,
  textLink,
} from "~/components/store/account-ui";
import { Field, inputClass } from "~/components/store/checkout-field";
import { LINK_SENT } from "~/lib/account";
import { EmailOnlySchema, SignInSchema } from "~/schemas/account";
import { fieldErrors } from "~/schemas/checkout";
import { requestSignInLink, signInWithPassword } from "~/server/accounts/accounts.server";
import { getShopper, safeRedirectTo } from "~/server/accounts/session.server";
import { assertSameOrigin } from "~/server/auth/origin.server";
import { clientIp } from "~/server/http/request-context.server";

export const meta = () => [{ title: "Sign in" }, { name: "robots", content: "noindex" }];

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  if (await getShopper(request)) throw redirect(safeRedirectTo(redirectTo));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const email = String(form.get("email") ?? "");
  if (form.get("intent") === "link") {
    const parsed = EmailOnlySchema.safeParse({ email });
    if (!parsed.success)
      return data({ intent: "link", errors: fieldErrors(parsed.error), email }, { status: 400 });
    await requestSignInLink(parsed.data);
    return { intent: "link", errors: {}, email, sent: LINK_SENT };
  }
  const parsed = SignInSchema.safeParse({ email, password: form.get("password") ?? "" });
  if (!parsed.success)
    return data({ intent: "password", errors: fieldErrors(parsed.error), email }, { status: 400 });
  const result = await signInWithPassword({
    ...parsed.data,
    ipAddress: clientIp(context),
    userAgent: request.headers.get("User-Agent"),
  });
  if (result.ok) {
    throw redirect(safeRedirectTo(form.get("redirectTo")), {
      headers: { "Set-Cookie": result.setCookie },
    });
  }
  const headers: HeadersInit = result.retryAfterSeconds
    ? { "Retry-After": String(result.retryAfterSeconds) }
    : {};
  return data(
    { intent: "password", errors: { form: result.message }, email },
    { status: result.status, headers },
  );
}

export default function SignIn({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const [params] = useSearchParams();
  const passwordErrors: Partial<Record<string, string>> =
    actionData?.intent === "password" ? actionData.errors : {};
  const linkErrors: Partial<Record<string, string>> =
    actionData?.intent === "link" ? actionData.errors : {};
  const sent = actionData && "sent" in actionData ? actionData.sent : null;
  return (
    <AuthCard
      title="Sign in"
      intro="Sign in to see your orders, save addresses for checkout and manage your newsletter."
      footer={
        <>
          <p>
            New here?{" "}
            <Link to="/account/sign-up" className={textLink}>
              Create an account
            </Link>
          </p>
          <p>
            Ordered as a guest?{" "}
            <Link to="/order-lookup" className={textLink}>
              Look up an order
            </Link>{" "}
            with its number and your email.
          </p>
        </>
      }
    >
      <NoticeFromUrl />
      <ErrorMessage message={passwordErrors.form} />
      <Form method="post" noValidate className="space-y-4">
        <input type="hidden" name="intent" value="password" />
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        <Field label="Email" name="email" error={passwordErrors.email}>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={actionData?.intent === "password" ? actionData.email : ""}
            className={inputClass(passwordErrors.email)}
          />
        </Field>
        <Field label="Password" name="password" error={passwordErrors.password}>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            className={inputClass(passwordErrors.password)}
          />
        </Field>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <button type="submit" disabled={!!busy} className={primaryButton}>
            {busy === "password" ? "Signing in…" : "Sign in"}
          </button>
          <Link to="/account/forgot-password" className={`text-sm ${textLink}`}>
            Forgot your password?
          </Link>
        </div>
      </Form>

      <div className="border-t border-stone-200 pt-5">
        <h2 className="font-semibold text-stone-900">Sign in without a password</h2>
        <p className="mt-1 text-sm text-stone-600">
          We email you a link that signs you in once. New to the store? The link creates your
          account.
        </p>
        <Form method="post" noValidate className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="link" />
          <SuccessMessage message={sent} />
          <Field label="Email for the link" name="link-email" error={linkErrors.email}>
            <input
              id="link-email"
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={actionData?.intent === "link" ? actionData.email : ""}
              className={inputClass(linkErrors.email)}
            />
          </Field>
          <button type="submit" disabled={!!busy} className={secondaryButton}>
            <Mail className="h-4 w-4" aria-hidden="true" />
            {busy === "link" ? "Sending…" : "Email me a sign-in link"}
          </button>
        </Form>
      </div>
    </AuthCard>
  );
}
