import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { FormProvider, FormSummary, useForm } from "~/components/form/form";
import { AuthCard, primaryButton, SuccessMessage, textLink } from "~/components/store/account-ui";
import { EmailField } from "~/components/store/contact-fields";
import { RESET_SENT } from "~/lib/account";
import { emailOnlyForm } from "~/schemas/account";
import { requestPasswordReset } from "~/server/accounts/accounts.server";
import { assertSameOrigin } from "~/server/auth/origin.server";
import { parseForm } from "~/server/http/form.server";

export const meta = () => [
  { title: "Reset your password" },
  { name: "robots", content: "noindex" },
];

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const submission = await parseForm(request, emailOnlyForm);
  if (!submission.ok) return submission.reply;
  await requestPasswordReset(submission.data);
  return { errors: {}, sent: RESET_SENT };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const form = useForm({ lastResult: actionData });
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
        <Form method="post" {...form.props} className="space-y-4">
          <FormProvider form={form} variant="store">
            <FormSummary />
            <EmailField defaultValue={form.values?.email} />
            <button type="submit" disabled={busy} className={primaryButton}>
              {busy ? "Sending…" : "Email me a link"}
            </button>
          </FormProvider>
        </Form>
      )}
    </AuthCard>
  );
}
