import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { AuthCard, ErrorMessage, primaryButton, textLink } from "~/components/store/account-ui";
import { Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import { inputClass } from "~/components/store/field-styles";
import { MIN_PASSWORD_LENGTH } from "~/lib/account";
import { resetPasswordForm } from "~/schemas/account";
import { resetPassword } from "~/server/accounts/accounts.server";
import { linkPageHeaders, loadLinkPage, submitLinkPage } from "~/server/accounts/link-page.server";
import { formReply } from "~/server/http/form.server";

export const meta = () => [
  { title: "Choose a new password" },
  { name: "robots", content: "noindex" },
];

export const headers = linkPageHeaders;

export function loader({ request }: Route.LoaderArgs) {
  return loadLinkPage(request, "reset");
}

export function action(args: Route.ActionArgs) {
  return submitLinkPage(args, resetPasswordForm, resetPassword, (result) => {
    if (!result.ok) return formReply({ form: result.message }, { status: result.status });
    throw redirect("/account?notice=password-reset", {
      headers: { "Set-Cookie": result.setCookie },
    });
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const form = useForm({ lastResult: actionData });
  // A bad, used or expired link is the page's message (the form is gone).
  const message = form.errors.token ?? form.errors.form ?? loaderData.message;
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
        <Form method="post" {...form.props} className="space-y-4">
          <FormProvider form={form} variant="store">
            <FormSummary />
            <p className="text-stone-700">
              For <strong className="break-all">{loaderData.email}</strong>. You will be signed out
              everywhere else.
            </p>
            <input type="hidden" name="token" value={loaderData.token} />
            <Field
              id="password"
              name="password"
              label="New password"
              hint={`At least ${MIN_PASSWORD_LENGTH} characters`}
            >
              {(p) => (
                <input {...p} type="password" autoComplete="new-password" className={inputClass} />
              )}
            </Field>
            <button type="submit" disabled={busy} className={primaryButton}>
              {busy ? "Saving…" : "Save new password"}
            </button>
          </FormProvider>
        </Form>
      ) : null}
    </AuthCard>
  );
}
