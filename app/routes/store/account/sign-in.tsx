import { Mail } from "lucide-react";
import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/sign-in";
import { FormProvider, FormSummary, useForm } from "~/components/form/form";
import {
  AuthCard,
  NoticeFromUrl,
  primaryButton,
  secondaryButton,
  SuccessMessage,
  textLink,
} from "~/components/store/account-ui";
import { EmailField, PasswordField } from "~/components/store/contact-fields";
import { Link } from "~/components/store/localized-link";
import { echoValues, type FormReply } from "~/lib/form";
import { localeOfPath, requestLocale } from "~/lib/i18n/locale";
import { accountMessages } from "~/lib/i18n/messages/account";
import { richText } from "~/lib/i18n/rich-text";
import { translator } from "~/lib/i18n/translate";
import { useT } from "~/lib/i18n/use-locale";
import { accountForms } from "~/schemas/account";
import { requestSignInLink, signInWithPassword } from "~/server/accounts/accounts.server";
import { getShopper, safeRedirectTo } from "~/server/accounts/session.server";
import { assertSameOrigin } from "~/server/auth/origin.server";
import { dispatchIntent, parseForm, readForm } from "~/server/http/form.server";
import { requestClient } from "~/server/http/request-context.server";

export const meta = ({ location }: Route.MetaArgs) => [
  { title: translator(accountMessages, localeOfPath(location.pathname))("titleSignIn") },
  { name: "robots", content: "noindex" },
];

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  if (await getShopper(request)) throw redirect(safeRedirectTo(redirectTo, requestLocale(request)));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const locale = requestLocale(request);
  const forms = accountForms(locale);
  const form = await readForm(request);
  // Both forms' answers echo what was typed (with the intent): the page knows whose it is.
  return dispatchIntent<Promise<ReturnType<typeof data<SignInReply>>>>(form, {
    link: async () => {
      const submission = await parseForm(form, forms.emailOnlyForm);
      if (!submission.ok) return submission.reply;
      await requestSignInLink({ ...submission.data, locale });
      return data<SignInReply>({
        errors: {},
        values: echoValues(form),
        sent: translator(accountMessages, locale)("linkSent"),
      });
    },
    password: async () => {
      const submission = await parseForm(form, forms.signInForm);
      if (!submission.ok) return submission.reply;
      const result = await signInWithPassword({
        ...submission.data,
        ...requestClient(request, context),
        locale,
      });
      if (result.ok) {
        throw redirect(safeRedirectTo(form.get("redirectTo"), locale), {
          headers: { "Set-Cookie": result.setCookie },
        });
      }
      const headers: HeadersInit = result.retryAfterSeconds
        ? { "Retry-After": String(result.retryAfterSeconds) }
        : {};
      return data<SignInReply>(
        { errors: { form: result.message }, values: echoValues(form) },
        { status: result.status, headers },
      );
    },
  });
}

/** Either form's answer: its messages and what was typed (with its intent), or the link sent. */
type SignInReply = FormReply & { sent?: string };

export default function SignIn({ actionData }: Route.ComponentProps) {
  const t = useT(accountMessages);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const [params] = useSearchParams();
  const answeredIntent = actionData?.values?.intent;
  const passwordForm = useForm({
    lastResult: answeredIntent === "password" ? actionData : undefined,
  });
  const linkForm = useForm({ lastResult: answeredIntent === "link" ? actionData : undefined });
  const sent = actionData && "sent" in actionData ? actionData.sent : null;
  return (
    <AuthCard
      title={t("titleSignIn")}
      intro={t("signInIntro")}
      footer={
        <>
          <p>
            {t("newHere")}{" "}
            <Link to="/account/sign-up" className={textLink}>
              {t("createAnAccount")}
            </Link>
          </p>
          <p>
            {richText(t("guestLookup"), {
              link: (text) => (
                <Link to="/order-lookup" className={textLink}>
                  {text}
                </Link>
              ),
            })}
          </p>
        </>
      }
    >
      <NoticeFromUrl />
      <Form method="post" {...passwordForm.props} className="space-y-4">
        <FormProvider form={passwordForm} variant="store">
          <FormSummary />
          <input type="hidden" name="intent" value="password" />
          <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
          <EmailField label={t("emailLabel")} defaultValue={passwordForm.values?.email ?? ""} />
          <PasswordField label={t("passwordLabel")} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <button type="submit" disabled={!!busy} className={primaryButton}>
              {busy === "password" ? t("signingIn") : t("signIn")}
            </button>
            <Link to="/account/forgot-password" className={`text-sm ${textLink}`}>
              {t("forgotPassword")}
            </Link>
          </div>
        </FormProvider>
      </Form>

      <div className="border-t border-stone-200 pt-5">
        <h2 className="font-semibold text-stone-900">{t("passwordlessHeading")}</h2>
        <p className="mt-1 text-sm text-stone-600">{t("passwordlessIntro")}</p>
        <Form method="post" {...linkForm.props} className="mt-4 space-y-4">
          <FormProvider form={linkForm} variant="store">
            <FormSummary />
            <input type="hidden" name="intent" value="link" />
            <SuccessMessage message={sent} />
            <EmailField
              id="link-email"
              label={t("linkEmailLabel")}
              defaultValue={linkForm.values?.email ?? ""}
            />
            <button type="submit" disabled={!!busy} className={secondaryButton}>
              <Mail className="h-4 w-4" aria-hidden="true" />
              {busy === "link" ? t("sending") : t("emailMeSignInLink")}
            </button>
          </FormProvider>
        </Form>
      </div>
    </AuthCard>
  );
}
