import { href, Link } from "react-router";
import { formatDateTime, type DateTexts } from "~/lib/dates";
import { sizeLabel } from "~/lib/product";
import { STOCK_REASON_LABELS } from "~/lib/stock";
import type { MovementRow } from "~/server/inventory/stock-ledger.server";

/** One movement of the stock ledger, as loaders send it. */
type StockMovementView = Pick<
  MovementRow,
  | "id"
  | "size"
  | "sizeUnit"
  | "quantity"
  | "stockAfter"
  | "reason"
  | "note"
  | "orderNumber"
  | "staff"
> & { createdAt: Date | string };

/** "+5" or "−2", coloured. */
function MovementChange({ quantity }: { quantity: number }) {
  return (
    <span
      className={`font-medium tabular-nums ${quantity > 0 ? "text-brand-700" : "text-red-700"}`}
    >
      {quantity > 0 ? `+${quantity}` : `−${-quantity}`}
    </span>
  );
}

/** The order a movement belongs to, linked; else who made it (the store itself for none). */
function MovementSource({ movement }: { movement: StockMovementView }) {
  if (movement.orderNumber)
    return (
      <Link
        to={href("/budzadmin/dashboard/orders/:orderNumber", {
          orderNumber: movement.orderNumber,
        })}
        className="font-medium text-brand-700 underline hover:text-brand-900"
      >
        {movement.orderNumber}
      </Link>
    );
  return <span>{movement.staff ?? "Store"}</span>;
}

/**
 * A product's stock history (its page in the admin): newest first, a page at a time, with
 * "Older" following the ledger's cursor.
 */
export function StockHistory({
  movements,
  olderHref,
  newestHref,
  dates,
}: {
  movements: StockMovementView[];
  /** The next (older) page, when there is one. */
  olderHref: string | null;
  /** The first page, when this is not it. */
  newestHref: string | null;
  dates: DateTexts;
}) {
  return (
    <section aria-labelledby="stock-history-title">
      <h4
        id="stock-history-title"
        className="mb-2 text-xs font-medium tracking-wide text-stone-500 uppercase"
      >
        Stock history
      </h4>
      {movements.length === 0 ? (
        <p className="rounded-lg border border-dashed border-stone-300 px-4 py-4 text-center text-sm text-stone-500">
          No stock movements yet.
        </p>
      ) : (
        // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
        <div
          className="overflow-x-auto rounded-lg border border-stone-200"
          tabIndex={0}
          role="group"
          aria-labelledby="stock-history-title"
        >
          <table className="w-full text-sm">
            <thead className="bg-stone-50 text-left text-xs text-stone-500">
              <tr>
                <th className="px-3 py-2 font-medium">When</th>
                <th className="px-3 py-2 font-medium">Size</th>
                <th className="px-3 py-2 font-medium">Reason</th>
                <th className="px-3 py-2 text-right font-medium">Change</th>
                <th className="px-3 py-2 text-right font-medium">After</th>
                <th className="px-3 py-2 font-medium">Order or staff</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {movements.map((m) => (
                <tr key={m.id}>
                  <td className="px-3 py-2 whitespace-nowrap text-stone-600">
                    {formatDateTime(m.createdAt, dates)}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {m.size ? sizeLabel({ size: m.size, sizeUnit: m.sizeUnit ?? "" }) : "—"}
                  </td>
                  <td className="px-3 py-2">
                    {STOCK_REASON_LABELS[m.reason]}
                    {m.note ? <span className="block text-xs text-stone-500">{m.note}</span> : null}
                  </td>
                  <td className="px-3 py-2 text-right">
                    <MovementChange quantity={m.quantity} />
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{m.stockAfter}</td>
                  <td className="px-3 py-2">
                    <MovementSource movement={m} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {olderHref || newestHref ? (
        <nav aria-label="Stock history pages" className="mt-2 flex justify-end gap-2 text-sm">
          {newestHref ? (
            <Link
              to={newestHref}
              preventScrollReset
              className="font-medium text-brand-700 underline"
            >
              Newest
            </Link>
          ) : null}
          {olderHref ? (
            <Link
              to={olderHref}
              preventScrollReset
              className="font-medium text-brand-700 underline"
            >
              Older
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
