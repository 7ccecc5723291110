import { readForm } from "~/server/http/form.server";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { AuthCard, primaryButton, SuccessMessage, textLink } from "~/components/store/account-ui";
import { Field, inputClass } from "~/components/store/checkout-field";
import { RESET_SENT } from "~/lib/account";
import { EmailOnlySchema } from "~/schemas/account";
import { fieldErrors } from "~/schemas/checkout";
import { requestPasswordReset } from "~/server/accounts/accounts.server";
import { assertSameOrigin } from "~/server/auth/origin.server";

export const meta = () => [
  { title: "Reset your password" },
  { name: "robots", content: "noindex" },
];

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const email = String(form.get("email") ?? "");
  const parsed = EmailOnlySchema.safeParse({ email });
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), email }, { status: 400 });
  await requestPasswordReset(parsed.data);
  return { errors: {}, email: parsed.data.email, sent: RESET_SENT };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors: Partial<Record<string, string>> = actionData?.errors ?? {};
  const sent = actionData && "sent" in actionData ? actionData.sent : null;
  return (
    <AuthCard
      title="Reset your password"
      intro="Enter the email of your account and we will email you a link to choose a new password."
      footer={
        <p>
          Remembered it?{" "}
          <Link to="/account/sign-in" className={textLink}>
            Back to sign in
          </Link>
        </p>
      }
    >
      {sent ? (
        <SuccessMessage message={sent} />
      ) : (
        <Form method="post" noValidate className="space-y-4">
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
          <button type="submit" disabled={busy} className={primaryButton}>
            {busy ? "Sending…" : "Email me a link"}
          </button>
        </Form>
      )}
    </AuthCard>
  );
}
