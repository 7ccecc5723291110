import { formatWeekdayDate } from "./dates";
import type { Locale } from "./i18n/locale";
import { ordersMessages } from "./i18n/messages/orders";
import { translator } from "./i18n/translate";

/**
 * The unpaid-order rule, in one place: an order still pending `cancelDays` × 24 hours after it was
 * placed is cancelled by the unpaid-orders job (app/server/orders/unpaid-orders.server.ts, delay
 * from Settings → Payments). The shopper is told the day that falls on: the date by which their
 * e-Transfer must arrive (confirmation page and email, order look-up, the payment reminder).
 */
const DAY_MS = 86_400_000;

/** When an order placed at `placedAt` is cancelled if still unpaid. */
export function unpaidCancelAt(placedAt: Date, cancelDays: number): Date {
  return new Date(placedAt.getTime() + cancelDays * DAY_MS);
}

/** At `now`, the orders placed at or before this instant are due to be cancelled if unpaid. */
export function unpaidCancelCutoff(now: Date, cancelDays: number): Date {
  return new Date(now.getTime() - cancelDays * DAY_MS);
}

/**
 * The date by which an order's e-Transfer must arrive, e.g. "Friday, November 27" ("vendredi 27
 * novembre" in French): the day, in the store's time zone, on which the job cancels it if still
 * unpaid (server only: zone arithmetic).
 */
export function paymentDeadline(
  placedAt: Date | string,
  cancelDays: number,
  timeZone: string,
  locale: Locale = "en",
) {
  return formatWeekdayDate(unpaidCancelAt(new Date(placedAt), cancelDays), timeZone, locale);
}

/** The sentence the shopper reads beside the e-Transfer details. */
export function paymentDeadlineSentence(deadline: string, locale: Locale = "en"): string {
  return translator(ordersMessages, locale)("paymentDeadlineSentence", { deadline });
}
