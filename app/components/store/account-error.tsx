import { useRouteError } from "react-router";
import { describeError } from "~/lib/errors";
import { accountMessages } from "~/lib/i18n/messages/account";
import { useLocalePath, useT } from "~/lib/i18n/use-locale";
import { cardClass, primaryButton } from "./account-ui";

/**
 * The error of a page inside My Account. A record that is not this shopper's (or does not exist)
 * is simply not found, with the same words either way; any other error is worded by its status.
 */
export function AccountError({
  what,
  back,
}: {
  /** What the page shows: its "… not found" title. */
  what: "Order" | "Address";
  back: { to: string; label: string };
}) {
  const t = useT(accountMessages);
  const localize = useLocalePath();
  const { status, title, message } = describeError(useRouteError());
  const notFound = status === 404;
  return (
    <div className={`${cardClass} text-center`}>
      <p className="text-sm font-semibold tracking-widest text-brand-600">{status}</p>
      <h2 className="mt-2 text-xl font-bold text-stone-900">
        {notFound ? t(what === "Order" ? "orderNotFound" : "addressNotFound") : title}
      </h2>
      <p className="mt-2 text-stone-600">{notFound ? t("notFoundText") : message}</p>
      <a href={localize(back.to)} className={`mt-5 ${primaryButton}`}>
        {back.label}
      </a>
    </div>
  );
}
