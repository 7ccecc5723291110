import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/verify";
import { AuthCard, ErrorMessage, primaryButton, textLink } from "~/components/store/account-ui";
import { FormProvider, FormSummary, useForm } from "~/components/form/form";
import { PasswordField } from "~/components/store/contact-fields";
import { Link } from "~/components/store/localized-link";
import { localeOfPath, localizePath, requestLocale } from "~/lib/i18n/locale";
import { accountMessages } from "~/lib/i18n/messages/account";
import { richText } from "~/lib/i18n/rich-text";
import { translator } from "~/lib/i18n/translate";
import { useT } from "~/lib/i18n/use-locale";
import { accountForms } from "~/schemas/account";
import { verifyEmail } from "~/server/accounts/accounts.server";
import { linkPageHeaders, loadLinkPage, submitLinkPage } from "~/server/accounts/link-page.server";
import { formReply } from "~/server/http/form.server";

export const meta = ({ location }: Route.MetaArgs) => [
  { title: translator(accountMessages, localeOfPath(location.pathname))("titleVerify") },
  { name: "robots", content: "noindex" },
];

export const headers = linkPageHeaders;

export function loader({ request }: Route.LoaderArgs) {
  return loadLinkPage(request, "verify");
}

export function action(args: Route.ActionArgs) {
  const locale = requestLocale(args.request);
  return submitLinkPage(args, accountForms(locale).verifyEmailForm, verifyEmail, (result) => {
    if (result.ok)
      throw redirect(localizePath("/account?notice=verified", locale), {
        headers: { "Set-Cookie": result.setCookie },
      });
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
  const t = useT(accountMessages);
  const busy = useNavigation().state === "submitting";
  const form = useForm({ lastResult: actionData });
  // A bad, used or expired link is the page's message (the form is gone).
  const message = form.errors.token ?? form.errors.form ?? loaderData.message;
  return (
    <AuthCard
      title={t("titleVerify")}
      footer={
        <p>
          {richText(t("linkExpiredSignIn"), {
            link: (text) => (
              <Link to="/account/sign-in" className={textLink}>
                {text}
              </Link>
            ),
          })}
        </p>
      }
    >
      <ErrorMessage message={message} />
      {loaderData.email && !message ? (
        <Form method="post" {...form.props} className="space-y-4">
          <FormProvider form={form} variant="store">
            <FormSummary />
            <p className="text-stone-700">
              {richText(t("verifyPrompt", { email: loaderData.email }), {
                email: (text) => <strong className="break-all">{text}</strong>,
              })}
            </p>
            <input type="hidden" name="token" value={loaderData.token} />
            <PasswordField label={t("passwordLabel")} />
            <button type="submit" disabled={busy} className={primaryButton}>
              {busy ? t("confirming") : t("confirmMyEmail")}
            </button>
            <p className="text-sm text-stone-600">
              {richText(t("forgotItReset"), {
                link: (text) => (
                  <Link to="/account/forgot-password" className={textLink}>
                    {text}
                  </Link>
                ),
              })}
            </p>
          </FormProvider>
        </Form>
      ) : null}
    </AuthCard>
  );
}
