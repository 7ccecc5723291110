import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/sign-up";
import { Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import { AuthCard, primaryButton, SuccessMessage, textLink } from "~/components/store/account-ui";
import { inputClass } from "~/components/store/field-styles";
import { EmailField } from "~/components/store/contact-fields";
import { MIN_PASSWORD_LENGTH, SIGN_UP_SENT } from "~/lib/account";
import { signUpForm } from "~/schemas/account";
import { signUp } from "~/server/accounts/accounts.server";
import { getShopper } from "~/server/accounts/session.server";
import { assertSameOrigin } from "~/server/auth/origin.server";
import { parseForm } from "~/server/http/form.server";

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
  const submission = await parseForm(request, signUpForm);
  if (!submission.ok) return submission.reply;
  await signUp(submission.data);
  return { errors: {}, email: submission.data.email, sent: SIGN_UP_SENT };
}

export default function SignUp({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const form = useForm({ lastResult: actionData });
  const sent = actionData && "sent" in actionData ? actionData : null;
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
        <SuccessMessage message={`${sent.sent} (${sent.email})`} />
      ) : (
        <Form method="post" {...form.props} className="space-y-4">
          <FormProvider form={form} variant="store">
            <FormSummary />
            <EmailField defaultValue={form.values?.email} />
            <Field
              id="password"
              name="password"
              label="Password"
              hint={`At least ${MIN_PASSWORD_LENGTH} characters`}
            >
              {(p) => (
                <input {...p} type="password" autoComplete="new-password" className={inputClass} />
              )}
            </Field>
            <button type="submit" disabled={busy} className={primaryButton}>
              {busy ? "Creating your account…" : "Create account"}
            </button>
          </FormProvider>
        </Form>
      )}
    </AuthCard>
  );
}
