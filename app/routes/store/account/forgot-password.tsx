import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { FormProvider, FormSummary, useForm } from "~/components/form/form";
import { AuthCard, primaryButton, SuccessMessage, textLink } from "~/components/store/account-ui";
import { EmailField } from "~/components/store/contact-fields";
import { Link } from "~/components/store/localized-link";
import { localeOfPath, requestLocale } from "~/lib/i18n/locale";
import { accountMessages } from "~/lib/i18n/messages/account";
import { translator } from "~/lib/i18n/translate";
import { useT } from "~/lib/i18n/use-locale";
import { accountForms } from "~/schemas/account";
import { requestPasswordReset } from "~/server/accounts/accounts.server";
import { assertSameOrigin } from "~/server/auth/origin.server";
import { parseForm } from "~/server/http/form.server";

export const meta = ({ location }: Route.MetaArgs) => [
  { title: translator(accountMessages, localeOfPath(location.pathname))("titleForgotPassword") },
  { name: "robots", content: "noindex" },
];

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const locale = requestLocale(request);
  const submission = await parseForm(request, accountForms(locale).emailOnlyForm);
  if (!submission.ok) return submission.reply;
  await requestPasswordReset({ ...submission.data, locale });
  return { errors: {}, sent: translator(accountMessages, locale)("resetSent") };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const t = useT(accountMessages);
  const busy = useNavigation().state === "submitting";
  const form = useForm({ lastResult: actionData });
  const sent = actionData && "sent" in actionData ? actionData.sent : null;
  return (
    <AuthCard
      title={t("titleForgotPassword")}
      intro={t("forgotIntro")}
      footer={
        <p>
          {t("rememberedIt")}{" "}
          <Link to="/account/sign-in" className={textLink}>
            {t("backToSignIn")}
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
            <EmailField label={t("emailLabel")} defaultValue={form.values?.email} />
            <button type="submit" disabled={busy} className={primaryButton}>
              {busy ? t("sending") : t("emailMeLink")}
            </button>
          </FormProvider>
        </Form>
      )}
    </AuthCard>
  );
}
