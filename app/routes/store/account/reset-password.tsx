import { readForm } from "~/server/http/form.server";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { AuthCard, ErrorMessage, primaryButton, textLink } from "~/components/store/account-ui";
import { Field, inputClass } from "~/components/store/checkout-field";
import { MIN_PASSWORD_LENGTH } from "~/lib/account";
import { ResetPasswordSchema } from "~/schemas/account";
import { fieldErrors } from "~/schemas/checkout";
import { describeLink, resetPassword } from "~/server/accounts/accounts.server";
import { assertSameOrigin } from "~/server/auth/origin.server";
import { clientIp } from "~/server/http/request-context.server";

export const meta = () => [
  { title: "Choose a new password" },
  { name: "robots", content: "noindex" },
];

export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await describeLink({ purpose: "reset", token });
  if (!link.ok) return data({ token, email: null, message: link.message }, { status: 400 });
  return { token, email: link.email, message: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const parsed = ResetPasswordSchema.safeParse({
    token: form.get("token"),
    password: form.get("password") ?? "",
  });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return data({ errors, message: errors.token ?? null }, { status: 400 });
  }
  const result = await resetPassword({
    ...parsed.data,
    ipAddress: clientIp(context),
    userAgent: request.headers.get("User-Agent"),
  });
  if (!result.ok) return data({ errors: {}, message: result.message }, { status: result.status });
  throw redirect("/account?notice=password-reset", {
    headers: { "Set-Cookie": result.setCookie },
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const message = actionData?.message ?? loaderData.message;
  const errors: Partial<Record<string, string>> = actionData?.errors ?? {};
  return (
    <AuthCard
      title="Choose a new password"
      footer={
        message ? (
          <p>
            <Link to="/account/forgot-password" className={textLink}>
              Ask for a new link
            </Link>
          </p>
        ) : null
      }
    >
      <ErrorMessage message={message} />
      {loaderData.email && !message ? (
        <Form method="post" noValidate className="space-y-4">
          <p className="text-stone-700">
            For <strong className="break-all">{loaderData.email}</strong>. You will be signed out
            everywhere else.
          </p>
          <input type="hidden" name="token" value={loaderData.token} />
          <Field
            label="New password"
            name="password"
            error={errors.password}
            hint={`At least ${MIN_PASSWORD_LENGTH} characters`}
          >
            <input
              id="password"
              name="password"
              type="password"
              autoComplete="new-password"
              className={inputClass(errors.password)}
            />
          </Field>
          <button type="submit" disabled={busy} className={primaryButton}>
            {busy ? "Saving…" : "Save new password"}
          </button>
        </Form>
      ) : null}
    </AuthCard>
  );
}
