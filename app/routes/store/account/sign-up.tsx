import { readForm } from "~/server/http/form.server";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/sign-up";
import {
  AuthCard,
  ErrorMessage,
  primaryButton,
  SuccessMessage,
  textLink,
} from "~/components/store/account-ui";
import { Field, inputClass } from "~/components/store/checkout-field";
import { MIN_PASSWORD_LENGTH, SIGN_UP_SENT } from "~/lib/account";
import { SignUpSchema } from "~/schemas/account";
import { fieldErrors } from "~/schemas/checkout";
import { signUp } from "~/server/accounts/accounts.server";
import { getShopper } from "~/server/accounts/session.server";
import { assertSameOrigin } from "~/server/auth/origin.server";

export const meta = () => [{ title: "Create an account" }, { name: "robots", content: "noindex" }];

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request }: Route.LoaderArgs) {
  if (await getShopper(request)) throw redirect("/account");
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const email = String(form.get("email") ?? "");
  const parsed = SignUpSchema.safeParse({ email, password: form.get("password") ?? "" });
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), email }, { status: 400 });
  await signUp(parsed.data);
  return { errors: {}, email: parsed.data.email, sent: SIGN_UP_SENT };
}

export default function SignUp({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors: Partial<Record<string, string>> = actionData?.errors ?? {};
  const sent = actionData && "sent" in actionData ? actionData.sent : null;
  return (
    <AuthCard
      title="Create an account"
      intro="See every order you placed with your email, and check out faster with saved addresses."
      footer={
        <p>
          Already have an account?{" "}
          <Link to="/account/sign-in" className={textLink}>
            Sign in
          </Link>
        </p>
      }
    >
      {sent ? (
        <SuccessMessage message={`${sent} (${actionData?.email})`} />
      ) : (
        <Form method="post" noValidate className="space-y-4">
          <ErrorMessage message={errors.form} />
          <Field label="Email" name="email" error={errors.email}>
            <input
              id="email"
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={actionData?.email}
              className={inputClass(errors.email)}
            />
          </Field>
          <Field
            label="Password"
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
            {busy ? "Creating your account…" : "Create account"}
          </button>
        </Form>
      )}
    </AuthCard>
  );
}
