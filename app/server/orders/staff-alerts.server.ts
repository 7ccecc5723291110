import { and, asc, eq, gte, inArray, lt, lte, sql } from "drizzle-orm";
import { zonedParts } from "~/lib/dates";
import { dayKey } from "~/lib/invoices";
import { config } from "../config.server";
import { db, type Executor } from "../db.server";
import { enqueueEmail, isOutboxAddress } from "../email/outbox.server";
import {
  DAILY_SUMMARY_MAX_ROWS,
  isQuietDay,
  renderDailySummaryEmail,
  type DailySummary,
} from "../email/templates/daily-summary.server";
import {
  renderNewOrderAlertEmail,
  type NewOrderAlertInput,
} from "../email/templates/new-order-alert.server";
import { wakeWorker } from "../email/worker.server";
import { logger } from "../logger.server";
import { dailyJobs, orderStatusHistory, orders, refunds } from "../db-tables";
import { storeSettings } from "../settings/store-settings.server";
import { dateRange } from "./order-list.server";
import { unpaidCancelAt, unpaidCancelCutoff } from "./unpaid-orders.server";

/**
 * The staff's order emails, to the recipients of Settings → Notifications: one for each order
 * placed, and a summary once a day. Both go through the outbox like every other email.
 */

/** The outbox kinds of the staff's order emails. */
export const NEW_ORDER_ALERT_KIND = "staff_new_order";
export const DAILY_SUMMARY_KIND = "staff_daily_summary";
/** The name the daily summary claims its day under in daily_jobs. */
export const DAILY_SUMMARY_JOB = "daily summary email";

const HOUR_MS = 3_600_000;

/**
 * Queues the new-order email to each recipient, inside checkout's transaction (placeOrder), so it
 * exists exactly when the order does: a refused order rolls it back, a replayed submission returns
 * before it. An address the outbox would refuse is skipped (logged) rather than failing the order.
 */
export async function queueNewOrderAlerts(
  executor: Executor,
  recipients: readonly string[],
  order: NewOrderAlertInput,
): Promise<number> {
  const valid = recipients.filter((to) => isOutboxAddress(to));
  if (valid.length < recipients.length)
    logger.warn(
      { orderNumber: order.orderNumber },
      "a new-order recipient in Settings is not an email address: skipped",
    );
  if (valid.length === 0) return 0;
  const email = renderNewOrderAlertEmail(order);
  for (const to of valid)
    await enqueueEmail(executor, { kind: NEW_ORDER_ALERT_KIND, to, ...email });
  return valid.length;
}

/**
 * The time an order was marked paid (orders.paid_at; sample orders have only their history): its
 * move to paid, not a later note of a refund made while it was paid (paid → paid).
 */
const paidAt = () =>
  sql<Date>`coalesce(${orders.paidAt}, (select max(h.created_at) from order_status_history h where h.order_id = "orders"."id" and h.to_status = 'paid' and h.from_status is distinct from 'paid'))`;
const toDate = (value: unknown) => new Date(value as string | Date);

/**
 * What the daily summary reports at `now`: yesterday's orders placed, payments received (orders
 * marked paid, from order_status_history) and refunds made ("yesterday" in STORE_TIMEZONE as the
 * Orders list filters it), the orders paid or being prepared, oldest payment first, and the unpaid
 * orders the unpaid-order job cancels within 24 hours (unpaidCancelCutoff, the job's own rule),
 * soonest first.
 * Each list: its first DAILY_SUMMARY_MAX_ROWS orders and how many there are. Sample orders count.
 */
export async function dailySummary(
  executor: Executor,
  now: Date,
  unpaidCancelDays: number,
): Promise<DailySummary> {
  const zone = config().STORE_TIMEZONE;
  const [start, end] = dateRange("yesterday", now, zone)!;
  const money = (column: unknown) => sql`coalesce(sum(${column}), 0)`.mapWith(Number);

  const [placed] = await executor
    .select({
      count: sql`count(*)`.mapWith(Number),
      totalCents: money(orders.totalAmountCents),
      cancelled: sql`count(*) filter (where ${orders.status} = 'cancelled')`.mapWith(Number),
    })
    .from(orders)
    .where(and(gte(orders.createdAt, start), lt(orders.createdAt, end)));

  const [paid] = await executor
    .select({
      count: sql`count(*)`.mapWith(Number),
      totalCents: money(sql`coalesce(${orders.paymentReceivedCents}, ${orders.totalAmountCents})`),
    })
    .from(orderStatusHistory)
    .innerJoin(orders, eq(orders.id, orderStatusHistory.orderId))
    .where(
      and(
        eq(orderStatusHistory.toStatus, "paid"),
        // A move to paid: a refund's note on a paid order (paid → paid) is not a payment.
        sql`${orderStatusHistory.fromStatus} is distinct from 'paid'`,
        gte(orderStatusHistory.createdAt, start),
        lt(orderStatusHistory.createdAt, end),
      ),
    );

  // Refunds made yesterday (refunds_created_idx holds the day and the amount).
  const [refunded] = await executor
    .select({ count: sql`count(*)`.mapWith(Number), totalCents: money(refunds.amountCents) })
    .from(refunds)
    .where(and(gte(refunds.createdAt, start), lt(refunds.createdAt, end)));

  const listed = {
    orderNumber: orders.orderNumber,
    customerName: orders.shippingName,
    totalCents: orders.totalAmountCents,
    count: sql`count(*) over ()`.mapWith(Number),
  };
  const toShip = await executor
    .select({ ...listed, status: orders.status, at: paidAt().mapWith(toDate) })
    .from(orders)
    .where(inArray(orders.status, ["paid", "processing"]))
    .orderBy(asc(paidAt()), asc(orders.createdAt))
    .limit(DAILY_SUMMARY_MAX_ROWS);

  // Cancelled within 24 hours: due by the job's rule at now + 24 h (overdue ones included).
  const cutoff = unpaidCancelCutoff(new Date(now.getTime() + 24 * HOUR_MS), unpaidCancelDays);
  const toCancel = await executor
    .select({ ...listed, placedAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.status, "pending"), lte(orders.createdAt, cutoff)))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(DAILY_SUMMARY_MAX_ROWS);

  const rows = <T extends { count: number }>(list: T[]) => ({
    rows: list.map(({ count: _, ...row }) => row),
    count: list[0]?.count ?? 0,
  });
  return {
    day: dayKey(start, zone),
    now,
    placed: placed!,
    paid: paid!,
    refunds: refunded!,
    toShip: rows(toShip),
    toCancel: rows(
      toCancel.map(({ placedAt, ...order }) => ({
        ...order,
        at: unpaidCancelAt(placedAt, unpaidCancelDays),
      })),
    ),
    unpaidCancelDays,
  };
}

type DailySummaryRun =
  /** `day`: the day reported on (yesterday); daily_jobs holds the day it was sent. */
  | { sent: true; recipients: number; day: string }
  | {
      sent: false;
      reason: "no recipients" | "before the hour" | "already sent" | "nothing to report";
    };

/**
 * The daily summary (the email worker's job, every 10 minutes): the first run from
 * DAILY_SUMMARY_HOUR in STORE_TIMEZONE claims the day by inserting (job, day) into daily_jobs, and
 * in the same transaction reads the summary and queues one email to each daily-summary recipient
 * (Settings → Notifications), so with several instances (or two runs at once) exactly one sends it.
 *
 * A quiet day (no order placed or paid yesterday, nothing waiting to ship, nothing to cancel within
 * 24 hours) is claimed too, without an email: the summary reports on the day once, at the hour,
 * and an order paid later that day does not send a late "summary" (the new-order emails cover the
 * day as it goes; tomorrow's summary lists it). Without recipients nothing is claimed, so
 * recipients added later that day still get it.
 */
export async function sendDailySummaryEmail(
  options: { now?: Date; recipients?: readonly string[]; hour?: number } = {},
): Promise<DailySummaryRun> {
  const settings = config();
  const now = options.now ?? new Date();
  const store = await storeSettings();
  const recipients = options.recipients ?? store.notifications.dailySummaryEmails;
  const hour = options.hour ?? settings.DAILY_SUMMARY_HOUR;
  if (recipients.length === 0) return { sent: false, reason: "no recipients" };
  const zone = settings.STORE_TIMEZONE;
  if (zonedParts(now, zone).hour < hour) return { sent: false, reason: "before the hour" };
  const today = dayKey(now, zone);
  // Most runs of the day find it done: one indexed read, no order query.
  const [done] = await db()
    .select({ day: dailyJobs.day })
    .from(dailyJobs)
    .where(and(eq(dailyJobs.name, DAILY_SUMMARY_JOB), eq(dailyJobs.day, today)));
  if (done) return { sent: false, reason: "already sent" };

  const run = await db().transaction(async (tx): Promise<DailySummaryRun> => {
    const [claimed] = await tx
      .insert(dailyJobs)
      .values({ name: DAILY_SUMMARY_JOB, day: today })
      .onConflictDoNothing()
      .returning({ day: dailyJobs.day });
    if (!claimed) return { sent: false, reason: "already sent" };
    const summary = await dailySummary(tx, now, store.payments.unpaidCancelDays);
    if (isQuietDay(summary)) return { sent: false, reason: "nothing to report" };
    const email = renderDailySummaryEmail(summary);
    for (const to of recipients) await enqueueEmail(tx, { kind: DAILY_SUMMARY_KIND, to, ...email });
    return { sent: true, recipients: recipients.length, day: summary.day };
  });
  if (run.sent) {
    wakeWorker();
    logger.info({ day: run.day, recipients: run.recipients }, "daily summary email queued");
  }
  return run;
}
