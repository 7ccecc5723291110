import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { AuthCard, ErrorMessage, primaryButton, textLink } from "~/components/store/account-ui";
import { Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import { inputClass } from "~/components/store/field-styles";
import { Link } from "~/components/store/localized-link";
import { MIN_PASSWORD_LENGTH } from "~/lib/account";
import { localeOfPath, localizePath, requestLocale } from "~/lib/i18n/locale";
import { accountMessages } from "~/lib/i18n/messages/account";
import { richText } from "~/lib/i18n/rich-text";
import { translator } from "~/lib/i18n/translate";
import { useT } from "~/lib/i18n/use-locale";
import { accountForms } from "~/schemas/account";
import { resetPassword } from "~/server/accounts/accounts.server";
import { linkPageHeaders, loadLinkPage, submitLinkPage } from "~/server/accounts/link-page.server";
import { formReply } from "~/server/http/form.server";

export const meta = ({ location }: Route.MetaArgs) => [
  { title: translator(accountMessages, localeOfPath(location.pathname))("titleResetPassword") },
  { name: "robots", content: "noindex" },
];

export const headers = linkPageHeaders;

export function loader({ request }: Route.LoaderArgs) {
  return loadLinkPage(request, "reset");
}

export function action(args: Route.ActionArgs) {
  const locale = requestLocale(args.request);
  return submitLinkPage(args, accountForms(locale).resetPasswordForm, resetPassword, (result) => {
    if (!result.ok) return formReply({ form: result.message }, { status: result.status });
    throw redirect(localizePath("/account?notice=password-reset", locale), {
      headers: { "Set-Cookie": result.setCookie },
    });
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(accountMessages);
  const busy = useNavigation().state === "submitting";
  const form = useForm({ lastResult: actionData });
  // A bad, used or expired link is the page's message (the form is gone).
  const message = form.errors.token ?? form.errors.form ?? loaderData.message;
  return (
    <AuthCard
      title={t("titleResetPassword")}
      footer={
        message ? (
          <p>
            <Link to="/account/forgot-password" className={textLink}>
              {t("askNewLink")}
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
              {richText(t("resetFor", { email: loaderData.email }), {
                email: (text) => <strong className="break-all">{text}</strong>,
              })}
            </p>
            <input type="hidden" name="token" value={loaderData.token} />
            <Field
              id="password"
              name="password"
              label={t("newPasswordLabel")}
              hint={t("passwordHint", { min: MIN_PASSWORD_LENGTH })}
            >
              {(p) => (
                <input {...p} type="password" autoComplete="new-password" className={inputClass} />
              )}
            </Field>
            <button type="submit" disabled={busy} className={primaryButton}>
              {busy ? t("saving") : t("saveNewPassword")}
            </button>
          </FormProvider>
        </Form>
      ) : null}
    </AuthCard>
  );
}
