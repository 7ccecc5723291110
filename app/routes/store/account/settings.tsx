import { readForm } from "~/server/http/form.server";
import { Mail, Trash2 } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import {
  cardClass,
  dangerButton,
  ErrorMessage,
  NoticeFromUrl,
  primaryButton,
  secondaryButton,
} from "~/components/store/account-ui";
import { Field, inputClass } from "~/components/store/checkout-field";
import { consentWording } from "~/lib/consent";
import { formatDate } from "~/lib/dates";
import { deleteAccount } from "~/server/accounts/account-deletion.server";
import { clearShopperCookie, requireShopper } from "~/server/accounts/session.server";
import { config } from "~/server/config.server";
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
    storeName: config().STORE_NAME,
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
  switch (form.get("intent")) {
    case "subscribe": {
      // Consent for an address is given by its owner: only once the email is confirmed.
      if (!shopper.verified)
        return data(
          { intent: "newsletter", message: "Please confirm your email first." },
          { status: 403 },
        );
      const result = await subscribeToNewsletter({ email: shopper.email, source: "account" });
      if (!result.ok)
        return data({ intent: "newsletter", message: result.message }, { status: 400 });
      return redirect("/account/settings?notice=subscribed");
    }
    case "unsubscribe":
      await unsubscribeFromNewsletter({ email: shopper.email });
      return redirect("/account/settings?notice=unsubscribed");
    case "delete": {
      if (form.get("confirm") !== "on")
        return data(
          {
            intent: "delete",
            message: "Please tick the box to confirm you want to delete your account.",
          },
          { status: 400 },
        );
      const result = await deleteAccount({ shopper, password: String(form.get("password") ?? "") });
      if (!result.ok) return data({ intent: "delete", message: result.message }, { status: 401 });
      return redirect("/account/sign-in?notice=deleted", {
        headers: { "Set-Cookie": await clearShopperCookie() },
      });
    }
    default:
      return data({ intent: "", message: "Unknown action" }, { status: 400 });
  }
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { verified, hasPassword, newsletter, storeName } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
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
        {actionData?.intent === "newsletter" ? (
          <div className="mt-4">
            <ErrorMessage message={actionData.message} />
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
        <Form method="post" noValidate className="mt-4 space-y-4">
          {actionData?.intent === "delete" ? <ErrorMessage message={actionData.message} /> : null}
          {hasPassword ? (
            <Field label="Your password" name="password">
              <input
                id="password"
                name="password"
                type="password"
                autoComplete="current-password"
                className={`${inputClass()} sm:max-w-sm`}
              />
            </Field>
          ) : null}
          <label className="flex items-start gap-3 text-sm text-stone-800">
            <input
              type="checkbox"
              name="confirm"
              className="mt-0.5 h-5 w-5 rounded border-stone-300 accent-red-700"
            />
            I understand my account will be deleted for good.
          </label>
          <button
            type="submit"
            name="intent"
            value="delete"
            disabled={!!busy}
            className={dangerButton}
          >
            {busy === "delete" ? "Deleting…" : "Delete my account"}
          </button>
        </Form>
      </section>
    </div>
  );
}
