import { href } from "react-router";
import { formatCalendarDay, formatDateTime } from "~/lib/dates";
import { countText } from "~/lib/text";
import { formatDayKey } from "~/lib/invoices";
import { formatMoney } from "~/lib/money";
import { config } from "~/server/config.server";
import {
  emailButton,
  emailCellNote,
  emailHeading,
  emailLink,
  emailNote,
  emailParagraph,
  emailSubheading,
  emailTable,
  html,
  oneLine,
  renderEmail,
  type SafeHtml,
} from "./layout.server";
import { adminOrderUrl } from "./new-order-alert.server";

/** One order in a list of the daily summary. */
interface SummaryOrder {
  orderNumber: string;
  customerName: string;
  totalCents: number;
  /** Waiting to ship: when it was marked paid. About to be cancelled: when it will be. */
  at: Date;
}

/** What the daily summary reports (dailySummary in orders/staff-alerts.server.ts reads it). */
export interface DailySummary {
  /** The day reported on (yesterday in STORE_TIMEZONE), YYYY-MM-DD. */
  day: string;
  /** When the summary was made: a cancellation time before it is "due now". */
  now: Date;
  /** Orders placed that day, whatever their status now. */
  placed: { count: number; totalCents: number; cancelled: number };
  /** Orders marked paid that day, with the amounts received. */
  paid: { count: number; totalCents: number };
  /** Refunds made that day (on orders of any day), with the amounts given back. */
  refunds: { count: number; totalCents: number };
  /** Paid or being prepared, oldest payment first: the first rows, and how many there are. */
  toShip: { rows: (SummaryOrder & { status: string })[]; count: number };
  /** Unpaid and cancelled within 24 hours, soonest first: the first rows, and how many. */
  toCancel: { rows: SummaryOrder[]; count: number };
  /** Settings → Payments: unpaid orders are cancelled this many days after they are placed. */
  unpaidCancelDays: number;
}

/** Each list shows this many orders; the rest are one click away in the Orders list. */
export const DAILY_SUMMARY_MAX_ROWS = 50;

/** Whether a summary has nothing to say: no order, payment or refund yesterday, nothing to ship or to cancel. */
export function isQuietDay(summary: DailySummary): boolean {
  return (
    summary.placed.count === 0 &&
    summary.paid.count === 0 &&
    summary.refunds.count === 0 &&
    summary.toShip.count === 0 &&
    summary.toCancel.count === 0
  );
}

/** When an unpaid order is cancelled; "now (overdue)" once its time has passed (the job's next run). */
export function cancelTimeText(at: Date, now: Date, timeZone: string): string {
  return at.getTime() <= now.getTime() ? "now (overdue)" : formatDateTime(at, timeZone);
}

/**
 * The daily summary to staff (Settings → Notifications): yesterday's orders and payments, the paid
 * orders waiting to ship and the unpaid orders the store cancels within 24 hours, each list cut at
 * DAILY_SUMMARY_MAX_ROWS with a link to the Orders list filtered to the rest. A service message to
 * the shop's own staff (no unsubscribe link).
 */
export function renderDailySummaryEmail(summary: DailySummary) {
  const { publicUrl, STORE_TIMEZONE: zone } = config();
  const ordersUrl = (query: string) =>
    `${publicUrl}${href("/budzadmin/dashboard/orders")}?${query}`;
  const yesterdayUrl = ordersUrl("date=yesterday");
  const paidUrl = ordersUrl("status=paid");
  const processingUrl = ordersUrl("status=processing");
  const pendingUrl = ordersUrl("status=pending");
  const { placed, paid, refunds, toShip, toCancel } = summary;

  const subjectParts = [
    `${countText(placed.count, "order")} (${formatMoney(placed.totalCents)})`,
    refunds.count > 0
      ? `${countText(refunds.count, "refund")} (${formatMoney(refunds.totalCents)})`
      : "",
    toShip.count > 0 ? `${toShip.count} to ship` : "",
    toCancel.count > 0 ? `${toCancel.count} unpaid to be cancelled` : "",
  ].filter(Boolean);
  const subject = `Daily summary for ${formatCalendarDay(summary.day)}: ${subjectParts.join(", ")}`;
  const placedText = `${countText(placed.count, "order")}, ${formatMoney(placed.totalCents)}${placed.cancelled > 0 ? ` (${placed.cancelled} since cancelled)` : ""}`;
  const paidText = `${countText(paid.count, "order")} marked paid, ${formatMoney(paid.totalCents)} received`;
  const refundsText = `${countText(refunds.count, "refund")}, ${formatMoney(refunds.totalCents)} given back`;
  const shipMore = toShip.count - toShip.rows.length;
  const cancelMore = toCancel.count - toCancel.rows.length;
  const cancelRule = `Unpaid orders are cancelled ${countText(summary.unpaidCancelDays, "day")} after they are placed (Settings → Payments); mark one paid before then to keep it.`;
  const shipTime = (order: SummaryOrder) => formatDateTime(order.at, zone);
  const cancelTime = (order: SummaryOrder) => cancelTimeText(order.at, summary.now, zone);
  const statusNote = (status: string) => (status === "processing" ? "being prepared" : "");

  const orderCell = (order: SummaryOrder, note = "") =>
    html`${emailLink(adminOrderUrl(order.orderNumber), order.orderNumber)}${note ? emailCellNote(note) : ""}`;
  const section = (
    title: string,
    count: number,
    empty: string,
    table: () => SafeHtml,
    more: SafeHtml | "",
  ) =>
    html`${emailSubheading(`${title} (${count})`)}
    ${count === 0 ? emailParagraph(empty) : html`${table()}${more ? emailParagraph(more) : ""}`}`;

  const content = html`${emailHeading("Daily summary")}
  ${emailParagraph(html`<strong>${formatDayKey(summary.day)}</strong>`)}
  ${emailParagraph(
    html`<strong>Orders placed:</strong> ${placedText}<br /><strong>Payments received:</strong>
      ${paidText}<br /><strong>Refunds made:</strong> ${refundsText}<br />${emailLink(
        yesterdayUrl,
        "Yesterday's orders",
      )}`,
  )}
  ${section(
    "Paid, waiting to ship",
    toShip.count,
    "Nothing is waiting to ship.",
    () =>
      emailTable(
        [
          { label: "Order" },
          { label: "Customer", wrap: true },
          { label: "Total", align: "right" },
          { label: "Paid", align: "right" },
        ],
        toShip.rows.map((order) => [
          orderCell(order, statusNote(order.status)),
          oneLine(order.customerName),
          formatMoney(order.totalCents),
          shipTime(order),
        ]),
      ),
    shipMore > 0
      ? html`…and ${shipMore} more: see the ${emailLink(paidUrl, "paid orders")} and the orders
        ${emailLink(processingUrl, "being processed")}.`
      : "",
  )}
  ${section(
    "Unpaid, cancelled within 24 hours",
    toCancel.count,
    "No unpaid order is due to be cancelled in the next 24 hours.",
    () =>
      emailTable(
        [
          { label: "Order" },
          { label: "Customer", wrap: true },
          { label: "Total", align: "right" },
          { label: "Cancelled", align: "right" },
        ],
        toCancel.rows.map((order) => [
          orderCell(order),
          oneLine(order.customerName),
          formatMoney(order.totalCents),
          cancelTime(order),
        ]),
      ),
    cancelMore > 0
      ? html`…and ${cancelMore} more: see the ${emailLink(pendingUrl, "unpaid orders")}.`
      : "",
  )}
  ${emailButton(`${publicUrl}${href("/budzadmin/dashboard/orders")}`, "Open the Orders list")}
  ${emailNote(cancelRule)}`;

  const list = <T extends SummaryOrder>(rows: T[], detail: (order: T) => string) =>
    rows.map(
      (order) =>
        `- ${order.orderNumber}, ${oneLine(order.customerName)}, ${formatMoney(order.totalCents)}: ${detail(order)}`,
    );
  const text = [
    `Daily summary for ${formatDayKey(summary.day)}`,
    "",
    `Orders placed: ${placedText}`,
    `Payments received: ${paidText}`,
    `Refunds made: ${refundsText}`,
    `Yesterday's orders: ${yesterdayUrl}`,
    "",
    `PAID, WAITING TO SHIP (${toShip.count})`,
    ...(toShip.count === 0 ? ["Nothing is waiting to ship."] : []),
    ...list(toShip.rows, (order) => {
      const note = statusNote(order.status);
      return `paid ${shipTime(order)}${note ? ` (${note})` : ""}`;
    }),
    ...(shipMore > 0
      ? [`…and ${shipMore} more: paid ${paidUrl} and being processed ${processingUrl}`]
      : []),
    "",
    `UNPAID, CANCELLED WITHIN 24 HOURS (${toCancel.count})`,
    ...(toCancel.count === 0
      ? ["No unpaid order is due to be cancelled in the next 24 hours."]
      : []),
    ...list(toCancel.rows, (order) => `to be cancelled ${cancelTime(order)}`),
    ...(cancelMore > 0 ? [`…and ${cancelMore} more: ${pendingUrl}`] : []),
    "",
    cancelRule,
  ].join("\n");
  return renderEmail({
    subject,
    preheader: `${placedText}. ${countText(toShip.count, "order")} to ship, ${toCancel.count} unpaid to be cancelled.`,
    content,
    text,
  });
}
