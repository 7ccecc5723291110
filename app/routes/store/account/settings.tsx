import { Mail, Trash2 } from "lucide-react";
import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import { FormProvider, FormSummary, useFieldError, useForm } from "~/components/form/form";
import {
  cardClass,
  dangerButton,
  ErrorMessage,
  NoticeFromUrl,
  primaryButton,
  secondaryButton,
} from "~/components/store/account-ui";
import { checkboxErrorClass, inputClass } from "~/components/store/field-styles";
import { PasswordField } from "~/components/store/contact-fields";
import { consentWording } from "~/lib/consent";
import { dateText } from "~/lib/dates";
import { localeOfPath, localizePath, requestLocale } from "~/lib/i18n/locale";
import { accountMessages } from "~/lib/i18n/messages/account";
import { translator } from "~/lib/i18n/translate";
import { useLocale, useT } from "~/lib/i18n/use-locale";
import { accountForms } from "~/schemas/account";
import { deleteAccount } from "~/server/accounts/account-deletion.server";
import { clearShopperCookie, requireShopper } from "~/server/accounts/session.server";
import { config } from "~/server/config.server";
import { storeSettings } from "~/server/settings/store-settings.server";
import { dispatchIntent, formReply, parseForm, readForm } from "~/server/http/form.server";
import {
  getNewsletterStatus,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from "~/server/marketing/newsletter.server";

export const meta = ({ location }: Route.MetaArgs) => [
  { title: translator(accountMessages, localeOfPath(location.pathname))("titleSettings") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const shopper = await requireShopper(request);
  const locale = requestLocale(request);
  const newsletter = await getNewsletterStatus(shopper.email);
  const day = (value: Date | string) => dateText(value, config().STORE_TIMEZONE, locale).date;
  return {
    verified: shopper.verified,
    hasPassword: shopper.hasPassword,
    storeName: (await storeSettings()).store.name,
    newsletter: {
      subscribed: newsletter.subscribed,
      since: newsletter.consentedAt ? day(newsletter.consentedAt) : null,
      // Implied consent from an order (CASL): until when it lasts.
      until: newsletter.expiresAt ? day(newsletter.expiresAt) : null,
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const shopper = await requireShopper(request);
  const locale = requestLocale(request);
  const t = translator(accountMessages, locale);
  const form = await readForm(request);
  return dispatchIntent(form, {
    subscribe: async () => {
      // Consent for an address is given by its owner: only once the email is confirmed.
      if (!shopper.verified)
        return formReply({ form: t("confirmEmailFirst") }, { status: 403, form });
      const result = await subscribeToNewsletter({
        email: shopper.email,
        source: "account",
        locale,
      });
      if (!result.ok) return formReply({ form: result.message }, { status: 400, form });
      return redirect(localizePath("/account/settings?notice=subscribed", locale));
    },
    unsubscribe: async () => {
      await unsubscribeFromNewsletter({ email: shopper.email });
      return redirect(localizePath("/account/settings?notice=unsubscribed", locale));
    },
    delete: async () => {
      const submission = await parseForm(form, accountForms(locale).deleteAccountForm);
      if (!submission.ok) return submission.reply;
      const result = await deleteAccount({
        shopper,
        password: submission.data.password,
        locale,
      });
      if (!result.ok) {
        const errors = shopper.hasPassword
          ? { password: result.message }
          : { form: result.message };
        return formReply(errors, { status: 401, form });
      }
      return redirect(localizePath("/account/sign-in?notice=deleted", locale), {
        headers: { "Set-Cookie": await clearShopperCookie() },
      });
    },
  });
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(accountMessages);
  const locale = useLocale();
  const { verified, hasPassword, newsletter, storeName } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const answeredIntent = actionData?.values?.intent;
  const deleteForm = useForm({ lastResult: answeredIntent === "delete" ? actionData : undefined });
  return (
    <div className="space-y-6">
      <NoticeFromUrl />
      <section aria-labelledby="newsletter-title" className={cardClass}>
        <h2
          id="newsletter-title"
          className="flex items-center gap-2 text-lg font-semibold text-stone-900"
        >
          <Mail className="h-5 w-5 text-brand-600" aria-hidden="true" />
          {t("newsletter")}
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          {consentWording("account", storeName, locale)}
        </p>
        {answeredIntent === "subscribe" && actionData?.errors.form ? (
          <div className="mt-4">
            <ErrorMessage message={actionData.errors.form} />
          </div>
        ) : null}
        <p className="mt-4 text-sm font-medium text-stone-800" data-testid="newsletter-status">
          {newsletter.until
            ? t("impliedUntil", { date: newsletter.until })
            : newsletter.subscribed
              ? newsletter.since
                ? t("subscribedSince", { date: newsletter.since })
                : t("subscribed")
              : t("notSubscribed")}
        </p>
        {verified || newsletter.subscribed ? (
          <Form method="post" className="mt-3 flex flex-wrap gap-2">
            {newsletter.subscribed ? (
              <button
                type="submit"
                name="intent"
                value="unsubscribe"
                disabled={!!busy}
                className={secondaryButton}
              >
                {busy === "unsubscribe" ? t("unsubscribing") : t("unsubscribe")}
              </button>
            ) : null}
            {newsletter.subscribed && !newsletter.until ? null : (
              <button
                type="submit"
                name="intent"
                value="subscribe"
                disabled={!!busy}
                className={primaryButton}
              >
                {busy === "subscribe" ? t("subscribing") : t("subscribe")}
              </button>
            )}
          </Form>
        ) : (
          <p className="mt-3 text-sm text-stone-600">{t("confirmToSubscribe")}</p>
        )}
      </section>

      <section aria-labelledby="delete-title" className={`${cardClass} border-red-200`}>
        <h2
          id="delete-title"
          className="flex items-center gap-2 text-lg font-semibold text-stone-900"
        >
          <Trash2 className="h-5 w-5 text-red-700" aria-hidden="true" />
          {t("deleteMyAccount")}
        </h2>
        <p className="mt-1 text-sm text-stone-600">{t("deleteExplained")}</p>
        <Form method="post" {...deleteForm.props} className="mt-4 space-y-4">
          <FormProvider form={deleteForm} variant="store">
            <FormSummary />
            {hasPassword ? (
              <PasswordField label={t("yourPassword")} className={`${inputClass} sm:max-w-sm`} />
            ) : null}
            <ConfirmDeletion />
            <button
              type="submit"
              name="intent"
              value="delete"
              disabled={!!busy}
              className={dangerButton}
            >
              {busy === "delete" ? t("deleting") : t("deleteMyAccount")}
            </button>
          </FormProvider>
        </Form>
      </section>
    </div>
  );
}

function ConfirmDeletion() {
  const t = useT(accountMessages);
  const error = useFieldError("confirm");
  return (
    <div>
      <label className="flex items-start gap-3 text-sm text-stone-800">
        <input
          type="checkbox"
          name="confirm"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "confirm-error" : undefined}
          className="mt-0.5 h-5 w-5 rounded border-stone-300 accent-red-700"
        />
        {t("confirmDeletion")}
      </label>
      {error ? (
        <p id="confirm-error" className={checkboxErrorClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
