import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/verify";
import { AuthCard, ErrorMessage, primaryButton, textLink } from "~/components/store/account-ui";
import { FormProvider, FormSummary, useForm } from "~/components/form/form";
import { PasswordField } from "~/components/store/contact-fields";
import { verifyEmailForm } from "~/schemas/account";
import { verifyEmail } from "~/server/accounts/accounts.server";
import { linkPageHeaders, loadLinkPage, submitLinkPage } from "~/server/accounts/link-page.server";
import { formReply } from "~/server/http/form.server";

export const meta = () => [{ title: "Confirm your email" }, { name: "robots", content: "noindex" }];

export const headers = linkPageHeaders;

export function loader({ request }: Route.LoaderArgs) {
  return loadLinkPage(request, "verify");
}

export function action(args: Route.ActionArgs) {
  return submitLinkPage(args, verifyEmailForm, verifyEmail, (result) => {
    if (result.ok)
      throw redirect("/account?notice=verified", { headers: { "Set-Cookie": result.setCookie } });
    // A wrong password keeps the link usable; a used or expired link is the page's message.
    return formReply(
      result.status === 401 ? { password: result.message } : { form: result.message },
      {
        status: result.status,
      },
    );
  });
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const form = useForm({ lastResult: actionData });
  // A bad, used or expired link is the page's message (the form is gone).
  const message = form.errors.token ?? form.errors.form ?? loaderData.message;
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
        <Form method="post" {...form.props} className="space-y-4">
          <FormProvider form={form} variant="store">
            <FormSummary />
            <p className="text-stone-700">
              Enter the password you chose for{" "}
              <strong className="break-all">{loaderData.email}</strong> to confirm this address is
              yours.
            </p>
            <input type="hidden" name="token" value={loaderData.token} />
            <PasswordField />
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
          </FormProvider>
        </Form>
      ) : null}
    </AuthCard>
  );
}
