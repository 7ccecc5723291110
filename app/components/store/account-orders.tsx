import { MailCheck } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Link } from "~/components/store/localized-link";
import { accountMessages } from "~/lib/i18n/messages/account";
import { richText } from "~/lib/i18n/rich-text";
import { useLocalePath, useMoney, useT } from "~/lib/i18n/use-locale";
import type { AccountOrderRow } from "~/server/accounts/account-orders.server";
import { cardClass, secondaryButton } from "./account-ui";
import { OrderRefundBadge, OrderStatusBadge } from "./order-details";

/** Until the email is confirmed, past orders stay hidden; this offers a new confirmation link. */
export function VerifyEmailPrompt({ email }: { email: string }) {
  const t = useT(accountMessages);
  const action = `${useLocalePath()("/account")}?index`;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === action;
  return (
    <section
      aria-labelledby="verify-title"
      className="rounded-2xl border-2 border-accent-400 bg-accent-400/10 p-5 sm:p-6"
    >
      <h2 id="verify-title" className="flex items-center gap-2 font-semibold text-stone-900">
        <MailCheck className="h-5 w-5 text-brand-700" aria-hidden="true" />
        {t("verifyToSeeOrders")}
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        {richText(t("verifyToSeeOrdersText", { email }), {
          email: (text) => <span className="break-all">{text}</span>,
        })}
      </p>
      <Form method="post" action={action} className="mt-4">
        <input type="hidden" name="intent" value="resend-verification" />
        <button type="submit" disabled={busy} className={secondaryButton}>
          {busy ? t("sending") : t("sendNewConfirmation")}
        </button>
      </Form>
    </section>
  );
}

/** A shopper's orders: a card per order on a phone, a table row on wider screens. */
export function AccountOrderList({ rows }: { rows: AccountOrderRow[] }) {
  const t = useT(accountMessages);
  const { money } = useMoney();
  return (
    <div className={`${cardClass} !p-0`}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t("ordersCaption")}</caption>
        <thead className="hidden border-b border-stone-200 text-xs tracking-wide text-stone-500 uppercase sm:table-header-group">
          <tr>
            <th scope="col" className="px-5 py-3 font-semibold">
              {t("columnOrder")}
            </th>
            <th scope="col" className="px-5 py-3 font-semibold">
              {t("columnPlaced")}
            </th>
            <th scope="col" className="px-5 py-3 font-semibold">
              {t("columnStatus")}
            </th>
            <th scope="col" className="px-5 py-3 text-right font-semibold">
              {t("columnTotal")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {rows.map((row) => (
            <tr key={row.orderNumber} className="grid grid-cols-2 gap-1 px-5 py-4 sm:table-row">
              <td className="sm:px-5 sm:py-4">
                <Link
                  to={`/account/orders/${row.orderNumber}`}
                  className="font-mono font-semibold text-brand-800 underline-offset-2 hover:underline"
                >
                  {row.orderNumber}
                </Link>
                <span className="block text-xs text-stone-500">
                  {t("itemCount", { count: row.itemCount })}
                </span>
              </td>
              <td className="text-right text-stone-700 sm:px-5 sm:py-4 sm:text-left">
                {row.placedOn}
              </td>
              <td className="sm:px-5 sm:py-4">
                <div className="flex flex-wrap gap-1.5">
                  <OrderStatusBadge status={row.status} method={row.method} />
                  <OrderRefundBadge order={row} />
                </div>
              </td>
              <td className="text-right font-semibold text-stone-900 sm:px-5 sm:py-4">
                {money(row.totalAmountCents)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
