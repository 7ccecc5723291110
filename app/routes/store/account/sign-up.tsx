import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/sign-up";
import { Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import { AuthCard, primaryButton, SuccessMessage, textLink } from "~/components/store/account-ui";
import { inputClass } from "~/components/store/field-styles";
import { EmailField } from "~/components/store/contact-fields";
import { Link } from "~/components/store/localized-link";
import { MIN_PASSWORD_LENGTH } from "~/lib/account";
import { localeOfPath, localizePath, requestLocale } from "~/lib/i18n/locale";
import { accountMessages } from "~/lib/i18n/messages/account";
import { translator } from "~/lib/i18n/translate";
import { useT } from "~/lib/i18n/use-locale";
import { accountForms } from "~/schemas/account";
import { signUp } from "~/server/accounts/accounts.server";
import { getShopper } from "~/server/accounts/session.server";
import { assertSameOrigin } from "~/server/auth/origin.server";
import { parseForm } from "~/server/http/form.server";

export const meta = ({ location }: Route.MetaArgs) => [
  { title: translator(accountMessages, localeOfPath(location.pathname))("titleSignUp") },
  { name: "robots", content: "noindex" },
];

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request }: Route.LoaderArgs) {
  if (await getShopper(request)) throw redirect(localizePath("/account", requestLocale(request)));
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const locale = requestLocale(request);
  const submission = await parseForm(request, accountForms(locale).signUpForm);
  if (!submission.ok) return submission.reply;
  await signUp({ ...submission.data, locale });
  return {
    errors: {},
    email: submission.data.email,
    sent: translator(accountMessages, locale)("signUpSent"),
  };
}

export default function SignUp({ actionData }: Route.ComponentProps) {
  const t = useT(accountMessages);
  const busy = useNavigation().state === "submitting";
  const form = useForm({ lastResult: actionData });
  const sent = actionData && "sent" in actionData ? actionData : null;
  return (
    <AuthCard
      title={t("titleSignUp")}
      intro={t("signUpIntro")}
      footer={
        <p>
          {t("haveAccount")}{" "}
          <Link to="/account/sign-in" className={textLink}>
            {t("signIn")}
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
            <EmailField label={t("emailLabel")} defaultValue={form.values?.email} />
            <Field
              id="password"
              name="password"
              label={t("passwordLabel")}
              hint={t("passwordHint", { min: MIN_PASSWORD_LENGTH })}
            >
              {(p) => (
                <input {...p} type="password" autoComplete="new-password" className={inputClass} />
              )}
            </Field>
            <button type="submit" disabled={busy} className={primaryButton}>
              {busy ? t("creatingAccount") : t("createAccount")}
            </button>
          </FormProvider>
        </Form>
      )}
    </AuthCard>
  );
}
