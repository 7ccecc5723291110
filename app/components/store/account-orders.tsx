import { MailCheck } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { formatMoney } from "~/lib/money";
import type { AccountOrderRow } from "~/server/accounts/account-orders.server";
import { cardClass, secondaryButton } from "./account-ui";
import { OrderRefundBadge, OrderStatusBadge } from "./order-details";

/** Until the email is confirmed, past orders stay hidden; this offers a new confirmation link. */
export function VerifyEmailPrompt({ email }: { email: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/account?index";
  return (
    <section
      aria-labelledby="verify-title"
      className="rounded-2xl border-2 border-accent-400 bg-accent-400/10 p-5 sm:p-6"
    >
      <h2 id="verify-title" className="flex items-center gap-2 font-semibold text-stone-900">
        <MailCheck className="h-5 w-5 text-brand-700" aria-hidden="true" />
        Confirm your email to see your orders
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        We show the orders placed with <span className="break-all">{email}</span> once you confirm
        the address is yours, using the link we emailed you.
      </p>
      <Form method="post" action="/account?index" className="mt-4">
        <input type="hidden" name="intent" value="resend-verification" />
        <button type="submit" disabled={busy} className={secondaryButton}>
          {busy ? "Sending…" : "Send a new confirmation link"}
        </button>
      </Form>
    </section>
  );
}

/** A shopper's orders: a card per order on a phone, a table row on wider screens. */
export function AccountOrderList({ rows }: { rows: AccountOrderRow[] }) {
  return (
    <div className={`${cardClass} !p-0`}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Your orders, newest first</caption>
        <thead className="hidden border-b border-stone-200 text-xs tracking-wide text-stone-500 uppercase sm:table-header-group">
          <tr>
            <th scope="col" className="px-5 py-3 font-semibold">
              Order
            </th>
            <th scope="col" className="px-5 py-3 font-semibold">
              Placed
            </th>
            <th scope="col" className="px-5 py-3 font-semibold">
              Status
            </th>
            <th scope="col" className="px-5 py-3 text-right font-semibold">
              Total
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
                  {row.itemCount} {row.itemCount === 1 ? "item" : "items"}
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
                {formatMoney(row.totalAmountCents)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
