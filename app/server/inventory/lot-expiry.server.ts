import { and, asc, eq, gt, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { zonedParts } from "~/lib/dates";
import { dayKey } from "~/lib/invoices";
import { sizeLabel } from "~/lib/product";
import { addDays } from "~/lib/report-period";
import { config } from "../config.server";
import { db, type Executor } from "../db.server";
import { enqueueEmail } from "../email/outbox.server";
import { renderLotExpiryEmail, type ExpiringLot } from "../email/templates/lot-expiry.server";
import { wakeWorker } from "../email/worker.server";
import { logger } from "../logger.server";
import { storeSettings } from "../settings/store-settings.server";
import { dailyJobs, productVariations, products, stockLots } from "../db-tables";

/** The name the lot expiry warning claims its day under in daily_jobs. */
export const LOT_EXPIRY_JOB = "lot expiry email";
/** The outbox kind of the warning. */
export const LOT_EXPIRY_KIND = "lot_expiry";

/**
 * The query behind `expiringLots`: lots with stock, not recalled, expiring on or before `until`,
 * through stock_lots_expires_idx (expires_on where on_hand > 0).
 */
export function expiringLotsQuery(until: string, executor: Executor = db()) {
  return executor
    .select({
      lotId: stockLots.id,
      productId: products.id,
      productName: products.name,
      size: productVariations.size,
      sizeUnit: productVariations.sizeUnit,
      lotNumber: stockLots.lotNumber,
      expiresOn: stockLots.expiresOn,
      onHand: stockLots.onHand,
    })
    .from(stockLots)
    .innerJoin(products, eq(products.id, stockLots.productId))
    .leftJoin(productVariations, eq(productVariations.id, stockLots.variationId))
    .where(
      and(
        gt(stockLots.onHand, 0),
        isNotNull(stockLots.expiresOn),
        lte(stockLots.expiresOn, until),
        isNull(stockLots.recalledAt),
      ),
    )
    .orderBy(
      asc(stockLots.expiresOn),
      asc(products.name),
      sql`${productVariations.position} nulls first`,
      asc(stockLots.lotNumber),
    );
}

/**
 * The lots with stock that are not recalled and expire on or before `days` after `today` (those
 * already expired included, marked), by expiry date, product name, the size's order and lot
 * number. Lots without an expiry date are never listed.
 */
export async function expiringLots(
  days: number,
  today: string,
  executor: Executor = db(),
): Promise<ExpiringLot[]> {
  const rows = await expiringLotsQuery(addDays(today, days), executor);
  return rows.map(({ size, sizeUnit, expiresOn, ...row }) => ({
    ...row,
    size: size === null ? null : sizeLabel({ size, sizeUnit: sizeUnit ?? "" }),
    expiresOn: expiresOn!,
    expired: expiresOn! < today,
  }));
}

type LotExpiryRun =
  | { sent: true; recipients: number; lots: number; day: string }
  | {
      sent: false;
      reason:
        "turned off" | "no recipients" | "before the hour" | "already sent" | "nothing expiring";
    };

/**
 * The daily lot expiry warning (the email worker's job, every 10 minutes): from
 * LOW_STOCK_EMAIL_HOUR in STORE_TIMEZONE, the first run that finds lots with stock expiring within
 * the setting's days (Settings → Notifications; 0 turns it off), or already expired, queues one
 * email to each low-stock recipient, at most once a day. The day is claimed in daily_jobs in the
 * same transaction as the emails, so with several instances (or two runs at once) one sends it.
 */
export async function sendDailyLotExpiryEmail(
  options: { now?: Date; recipients?: readonly string[]; days?: number; hour?: number } = {},
): Promise<LotExpiryRun> {
  const settings = config();
  const now = options.now ?? new Date();
  const stored =
    options.recipients && options.days !== undefined ? undefined : await storeSettings();
  const days = options.days ?? stored!.notifications.lotExpiryWarningDays;
  const recipients = options.recipients ?? stored!.notifications.lowStockEmails;
  if (days === 0) return { sent: false, reason: "turned off" };
  if (recipients.length === 0) return { sent: false, reason: "no recipients" };
  const zone = settings.STORE_TIMEZONE;
  const hour = options.hour ?? settings.LOW_STOCK_EMAIL_HOUR;
  if (zonedParts(now, zone).hour < hour) return { sent: false, reason: "before the hour" };
  const day = dayKey(now, zone);
  const [done] = await db()
    .select({ day: dailyJobs.day })
    .from(dailyJobs)
    .where(and(eq(dailyJobs.name, LOT_EXPIRY_JOB), eq(dailyJobs.day, day)));
  if (done) return { sent: false, reason: "already sent" };

  const run = await db().transaction(async (tx): Promise<LotExpiryRun> => {
    const lots = await expiringLots(days, day, tx);
    if (lots.length === 0) return { sent: false, reason: "nothing expiring" };
    const [claimed] = await tx
      .insert(dailyJobs)
      .values({ name: LOT_EXPIRY_JOB, day })
      .onConflictDoNothing()
      .returning({ day: dailyJobs.day });
    if (!claimed) return { sent: false, reason: "already sent" };
    const email = renderLotExpiryEmail({ lots, days, day });
    for (const to of recipients) await enqueueEmail(tx, { kind: LOT_EXPIRY_KIND, to, ...email });
    return { sent: true, recipients: recipients.length, lots: lots.length, day };
  });
  if (run.sent) {
    wakeWorker();
    logger.info({ day, lots: run.lots, recipients: run.recipients }, "lot expiry email queued");
  }
  return run;
}
