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
import { formatDate } from "~/lib/dates";
import { deleteAccountForm } from "~/schemas/account";
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

export const meta = () => [{ title: "Account settings" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const shopper = await requireShopper(request);
  const newsletter = await getNewsletterStatus(shopper.email);
  return {
    verified: shopper.verified,
    hasPassword: shopper.hasPassword,
    storeName: (await storeSettings()).store.name,
    newsletter: {
      subscribed: newsletter.subscribed,
      since: newsletter.consentedAt
        ? formatDate(newsletter.consentedAt, config().STORE_TIMEZONE)
        : null,
      // Implied consent from an order (CASL): until when it lasts.
      until: newsletter.expiresAt
        ? formatDate(newsletter.expiresAt, config().STORE_TIMEZONE)
        : null,
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const shopper = await requireShopper(request);
  const form = await readForm(request);
  return dispatchIntent(form, {
    subscribe: async () => {
      // Consent for an address is given by its owner: only once the email is confirmed.
      if (!shopper.verified)
        return formReply({ form: "Please confirm your email first." }, { status: 403, form });
      const result = await subscribeToNewsletter({ email: shopper.email, source: "account" });
      if (!result.ok) return formReply({ form: result.message }, { status: 400, form });
      return redirect("/account/settings?notice=subscribed");
    },
    unsubscribe: async () => {
      await unsubscribeFromNewsletter({ email: shopper.email });
      return redirect("/account/settings?notice=unsubscribed");
    },
    delete: async () => {
      const submission = await parseForm(form, deleteAccountForm);
      if (!submission.ok) return submission.reply;
      const result = await deleteAccount({ shopper, password: submission.data.password });
      if (!result.ok) {
        const errors = shopper.hasPassword
          ? { password: result.message }
          : { form: result.message };
        return formReply(errors, { status: 401, form });
      }
      return redirect("/account/sign-in?notice=deleted", {
        headers: { "Set-Cookie": await clearShopperCookie() },
      });
    },
  });
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
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
          Newsletter
        </h2>
        <p className="mt-1 text-sm text-stone-600">{consentWording("account", storeName)}</p>
        {answeredIntent === "subscribe" && actionData?.errors.form ? (
          <div className="mt-4">
            <ErrorMessage message={actionData.errors.form} />
          </div>
        ) : null}
        <p className="mt-4 text-sm font-medium text-stone-800" data-testid="newsletter-status">
          {newsletter.until
            ? `You get our emails because you ordered from us, until ${newsletter.until}.`
            : newsletter.subscribed
              ? `Subscribed${newsletter.since ? ` since ${newsletter.since}` : ""}.`
              : "Not subscribed."}
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
                {busy === "unsubscribe" ? "Unsubscribing…" : "Unsubscribe"}
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
                {busy === "subscribe" ? "Subscribing…" : "Subscribe to the newsletter"}
              </button>
            )}
          </Form>
        ) : (
          <p className="mt-3 text-sm text-stone-600">Confirm your email to subscribe.</p>
        )}
      </section>

      <section aria-labelledby="delete-title" className={`${cardClass} border-red-200`}>
        <h2
          id="delete-title"
          className="flex items-center gap-2 text-lg font-semibold text-stone-900"
        >
          <Trash2 className="h-5 w-5 text-red-700" aria-hidden="true" />
          Delete my account
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          Your account, saved addresses and newsletter subscription are deleted, and your name,
          phone and address are removed from our customer records. The orders you placed are kept
          for our accounting records, as the law requires. This cannot be undone.
        </p>
        <Form method="post" {...deleteForm.props} className="mt-4 space-y-4">
          <FormProvider form={deleteForm} variant="store">
            <FormSummary />
            {hasPassword ? (
              <PasswordField label="Your password" className={`${inputClass} sm:max-w-sm`} />
            ) : null}
            <ConfirmDeletion />
            <button
              type="submit"
              name="intent"
              value="delete"
              disabled={!!busy}
              className={dangerButton}
            >
              {busy === "delete" ? "Deleting…" : "Delete my account"}
            </button>
          </FormProvider>
        </Form>
      </section>
    </div>
  );
}

function ConfirmDeletion() {
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
        I understand my account will be deleted for good.
      </label>
      {error ? (
        <p id="confirm-error" className={checkboxErrorClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
