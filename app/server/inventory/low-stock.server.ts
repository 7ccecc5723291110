import { and, asc, eq, isNull, lte, sql, type SQL } from "drizzle-orm";
import { zonedParts } from "~/lib/dates";
import { dayKey } from "~/lib/invoices";
import { sizeLabel } from "~/lib/product";
import { config } from "../config.server";
import { db, type Executor } from "../db.server";
import { enqueueEmail } from "../email/outbox.server";
import { renderLowStockEmail, type LowStockLine } from "../email/templates/low-stock.server";
import { wakeWorker } from "../email/worker.server";
import { logger } from "../logger.server";
import { storeSettings } from "../settings/store-settings.server";
import { dailyJobs, productVariations, products } from "../db-tables";
import { productIdColumn } from "./stock-ledger.server";

/** The name the low-stock email claims its day under in daily_jobs. */
export const LOW_STOCK_JOB = "low-stock email";
const DAY_MS = 86_400_000;

/**
 * Units sold since `since`, less those cancellations and refunds gave back, with pending orders'
 * edits either way (never below 0).
 */
const soldSince = (where: SQL, since: Date) =>
  sql<number>`greatest(0, -coalesce((select sum(m.quantity) from stock_movements m where ${where} and m.reason in ('sold', 'cancelled', 'refund_restock', 'order_edited') and m.created_at >= ${since.toISOString()}::timestamptz), 0))::int`;

/** A live size of an active product at or under the product's alert level. */
const lowSize = and(
  eq(products.status, "active"),
  isNull(productVariations.archivedAt),
  lte(productVariations.stock, products.stockAlertLevel),
);

/** An active product without live sizes at or under its alert level (a one-table select). */
const lowWholeProduct = and(
  eq(products.status, "active"),
  lte(products.stock, products.stockAlertLevel),
  sql`not exists (select 1 from product_variations v where v.product_id = ${productIdColumn} and v.archived_at is null)`,
);

/** Out of stock first, then by product name and the sizes' order. */
function lowStockOrder<T extends { stock: number; productName: string; position: number }>(
  lines: T[],
): T[] {
  return lines.sort(
    (a, b) =>
      Number(b.stock === 0) - Number(a.stock === 0) ||
      a.productName.localeCompare(b.productName, "en-CA") ||
      a.position - b.position,
  );
}

/**
 * What is at or under its alert level among active products: each size whose stock is (a product's
 * alert level applies to each of its sizes), and each product without sizes whose stock is; out
 * of stock first, then by name. With the units sold in the 30 days before `now`.
 */
export async function lowStockLines(
  executor: Executor = db(),
  now = new Date(),
): Promise<LowStockLine[]> {
  const since = new Date(now.getTime() - 30 * DAY_MS);
  const sizes = await executor
    .select({
      productName: products.name,
      sku: products.sku,
      size: productVariations.size,
      sizeUnit: productVariations.sizeUnit,
      position: productVariations.position,
      stock: productVariations.stock,
      alertLevel: products.stockAlertLevel,
      sold30Days: soldSince(sql`m.variation_id = ${productVariations.id}`, since),
    })
    .from(productVariations)
    .innerJoin(products, eq(products.id, productVariations.productId))
    .where(lowSize);
  const whole = await executor
    .select({
      productName: products.name,
      sku: products.sku,
      stock: products.stock,
      alertLevel: products.stockAlertLevel,
      // A one-table select: the subquery names the product's id in full.
      sold30Days: soldSince(
        sql`m.product_id = ${productIdColumn} and m.variation_id is null`,
        since,
      ),
    })
    .from(products)
    .where(lowWholeProduct);
  const lines = lowStockOrder([
    ...sizes.map(({ size, sizeUnit, ...line }) => ({
      ...line,
      size: sizeLabel({ size, sizeUnit }),
    })),
    ...whole.map((line) => ({ ...line, size: null, position: 0 })),
  ]);
  return lines.map(({ position: _, ...line }) => line);
}

/** One line of the Overview's low-stock list. */
interface LowStockItem {
  productId: string;
  productName: string;
  /** "28g"; null for a product without sizes. */
  size: string | null;
  stock: number;
}

/**
 * The first `limit` low-stock lines as the Overview lists them (out of stock first, then by name),
 * without the sales the email adds: two small reads however long the list is.
 */
export async function lowStockItems(limit: number): Promise<LowStockItem[]> {
  const out = sql`(${productVariations.stock} = 0) desc`;
  const sizes = await db()
    .select({
      productId: products.id,
      productName: products.name,
      size: productVariations.size,
      sizeUnit: productVariations.sizeUnit,
      position: productVariations.position,
      stock: productVariations.stock,
    })
    .from(productVariations)
    .innerJoin(products, eq(products.id, productVariations.productId))
    .where(lowSize)
    .orderBy(out, asc(products.name), asc(productVariations.position))
    .limit(limit);
  const whole = await db()
    .select({ productId: products.id, productName: products.name, stock: products.stock })
    .from(products)
    .where(lowWholeProduct)
    .orderBy(sql`(${products.stock} = 0) desc`, asc(products.name))
    .limit(limit);
  return lowStockOrder([
    ...sizes.map(({ size, sizeUnit, ...line }) => ({
      ...line,
      size: sizeLabel({ size, sizeUnit }),
    })),
    ...whole.map((line) => ({ ...line, size: null, position: 0 })),
  ])
    .slice(0, limit)
    .map(({ position: _, ...line }) => line);
}

type LowStockRun =
  | { sent: true; recipients: number; items: number; day: string }
  | {
      sent: false;
      reason: "no recipients" | "before the hour" | "already sent" | "nothing low";
    };

let loggedNoRecipients = false;

/**
 * The daily low-stock email (the email worker's job, every 10 minutes): from LOW_STOCK_EMAIL_HOUR
 * in STORE_TIMEZONE, the first run that finds something at or under its alert level queues one
 * email to each low-stock recipient (Settings → Notifications), at most once a day. The day is claimed by inserting (job, day)
 * into daily_jobs in the same transaction as the emails, so with several instances (or two runs
 * at once) exactly one sends it. Without recipients nothing is sent (said once in the log).
 */
export async function sendDailyLowStockEmail(
  options: { now?: Date; recipients?: readonly string[]; hour?: number } = {},
): Promise<LowStockRun> {
  const settings = config();
  const now = options.now ?? new Date();
  const recipients = options.recipients ?? (await storeSettings()).notifications.lowStockEmails;
  const hour = options.hour ?? settings.LOW_STOCK_EMAIL_HOUR;
  if (recipients.length === 0) {
    if (!loggedNoRecipients) {
      loggedNoRecipients = true;
      logger.info("No low-stock recipients in Settings: the daily low-stock email is not sent");
    }
    return { sent: false, reason: "no recipients" };
  }
  const zone = settings.STORE_TIMEZONE;
  if (zonedParts(now, zone).hour < hour) return { sent: false, reason: "before the hour" };
  const day = dayKey(now, zone);
  // Most runs of the day find it done: one indexed read, no stock query.
  const [done] = await db()
    .select({ day: dailyJobs.day })
    .from(dailyJobs)
    .where(and(eq(dailyJobs.name, LOW_STOCK_JOB), eq(dailyJobs.day, day)));
  if (done) return { sent: false, reason: "already sent" };

  const run = await db().transaction(async (tx): Promise<LowStockRun> => {
    const lines = await lowStockLines(tx, now);
    if (lines.length === 0) return { sent: false, reason: "nothing low" };
    const [claimed] = await tx
      .insert(dailyJobs)
      .values({ name: LOW_STOCK_JOB, day })
      .onConflictDoNothing()
      .returning({ day: dailyJobs.day });
    if (!claimed) return { sent: false, reason: "already sent" };
    const email = renderLowStockEmail({ lines, day });
    for (const to of recipients) await enqueueEmail(tx, { kind: "low_stock", to, ...email });
    return { sent: true, recipients: recipients.length, items: lines.length, day };
  });
  if (run.sent) {
    wakeWorker();
    logger.info({ day, items: run.items, recipients: run.recipients }, "low-stock email queued");
  }
  return run;
}

/** For tests: the "not set" line is logged again by the next run without recipients. */
export function resetLowStockLog() {
  loggedNoRecipients = false;
}
