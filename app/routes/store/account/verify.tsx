import { readForm } from "~/server/http/form.server";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/verify";
import { AuthCard, ErrorMessage, primaryButton, textLink } from "~/components/store/account-ui";
import { Field, inputClass } from "~/components/store/checkout-field";
import { VerifyEmailSchema } from "~/schemas/account";
import { fieldErrors } from "~/schemas/checkout";
import { describeLink, verifyEmail } from "~/server/accounts/accounts.server";
import { assertSameOrigin } from "~/server/auth/origin.server";
import { clientIp } from "~/server/http/request-context.server";

export const meta = () => [{ title: "Confirm your email" }, { name: "robots", content: "noindex" }];

export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await describeLink({ purpose: "verify", token });
  if (!link.ok) return data({ token, email: null, message: link.message }, { status: 400 });
  return { token, email: link.email, message: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const parsed = VerifyEmailSchema.safeParse({
    token: form.get("token"),
    password: form.get("password") ?? "",
  });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return data({ errors, message: errors.token ?? null }, { status: 400 });
  }
  const result = await verifyEmail({
    ...parsed.data,
    ipAddress: clientIp(context),
    userAgent: request.headers.get("User-Agent"),
  });
  if (result.ok)
    throw redirect("/account?notice=verified", { headers: { "Set-Cookie": result.setCookie } });
  // A wrong password keeps the link usable; a used or expired link is the page's message.
  return result.status === 401
    ? data({ errors: { password: result.message }, message: null }, { status: 401 })
    : data({ errors: {}, message: result.message }, { status: result.status });
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const message = actionData?.message ?? loaderData.message;
  const errors: Partial<Record<string, string>> = actionData?.errors ?? {};
  return (
    <AuthCard
      title="Confirm your email"
      footer={
        <p>
          Link expired?{" "}
          <Link to="/account/sign-in" className={textLink}>
            Sign in
          </Link>{" "}
          and we will send a new one.
        </p>
      }
    >
      <ErrorMessage message={message} />
      {loaderData.email && !message ? (
        <Form method="post" noValidate className="space-y-4">
          <p className="text-stone-700">
            Enter the password you chose for{" "}
            <strong className="break-all">{loaderData.email}</strong> to confirm this address is
            yours.
          </p>
          <input type="hidden" name="token" value={loaderData.token} />
          <Field label="Password" name="password" error={errors.password}>
            <input
              id="password"
              name="password"
              type="password"
              autoComplete="current-password"
              className={inputClass(errors.password)}
            />
          </Field>
          <button type="submit" disabled={busy} className={primaryButton}>
            {busy ? "Confirming…" : "Confirm my email"}
          </button>
          <p className="text-sm text-stone-600">
            Forgot it?{" "}
            <Link to="/account/forgot-password" className={textLink}>
              Reset your password
            </Link>{" "}
            (that confirms your email too).
          </p>
        </Form>
      ) : null}
    </AuthCard>
  );
}
