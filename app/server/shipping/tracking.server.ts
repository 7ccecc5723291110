import { and, eq, inArray, sql } from "drizzle-orm";
import { db } from "../db.server";
import { orderEmailsSent, orders, shipmentEvents, shipments } from "../db-tables";
import { wakeWorker } from "../email/worker.server";
import { logger } from "../logger.server";
import { queueOrderStatusEmail } from "../orders/order-status.server";
import { connectedAccount } from "../canada-post/account.server";
import { CanadaPostError, getTracking, type Tracking } from "../canada-post/api.server";
import { changeShipmentStatus } from "./shipments.server";

/**
 * How long a parcel waits between two looks. Canada Post's scans come a few times a day and its
 * tracking calls are throttled per API key (a low default, about 20 a minute): every 2 hours keeps
 * a busy store's parcels well inside it while the shopper still hears within hours.
 */
export const TRACKING_INTERVAL_MS = 2 * 3_600_000;
/** Parcels one run claims at most (the oldest looks first). */
const DEFAULT_LIMIT = 1000;
/** Calls in flight at once. */
const DEFAULT_CONCURRENCY = 4;
/** One tracking call's limit, its body included. */
const DEFAULT_TIMEOUT_MS = 10_000;
/** Throttled: wait Retry-After (or 1 s, 2 s, 4 s…), never longer than this, at most this often. */
const DEFAULT_MAX_BACKOFF_MS = 30_000;
const RATE_LIMIT_RETRIES = 3;
/** Canada Post timing out or failing this many times in a row ends the run (it is down). */
const FAILURES_BEFORE_STOP = 10;

/** Who the history and the activity log name for what the store does by itself. */
const SYSTEM = { adminId: null, name: "system", ip: null };

export interface TrackingSummary {
  /** Null when it did nothing: "not connected". */
  skipped: "not connected" | null;
  /** Parcels Canada Post answered about. */
  asked: number;
  moved: { inTransit: number; delivered: number };
  outForDeliveryEmails: number;
  /** Order numbers of parcels on their way back to the store (for staff; nothing moved). */
  returned: string[];
  /** Parcels whose look failed (logged); throttled ones left for the next run are not counted. */
  failed: number;
  /** Canada Post kept refusing (throttled, down, or the key refused): the rest waits for the next run. */
  stoppedEarly: boolean;
}

export interface TrackParcelsOptions {
  now?: Date;
  limit?: number;
  concurrency?: number;
  timeoutMs?: number;
  maxBackoffMs?: number;
}

interface ClaimedParcel {
  id: string;
  orderId: string;
  orderNumber: string;
  trackingNumber: string;
  status: "shipped" | "in_transit";
}

/**
 * The tracking job (every 30 minutes, docs/product: Tracking): asks Canada Post about each parcel
 * on its way whose last look is older than TRACKING_INTERVAL_MS, stores its new scans, moves the
 * shipment (shipped → in transit; → delivered, the order's own step with its email), emails the
 * shopper once when the parcel is out for delivery and lists returned parcels for staff. Safe on
 * several instances: each run claims its parcels in one statement (SKIP LOCKED), every event is
 * stored once, every move is a guarded status change and the email is claimed under the order's
 * row lock.
 */
export async function trackParcels(options: TrackParcelsOptions = {}): Promise<TrackingSummary> {
  const now = options.now ?? new Date();
  const summary: TrackingSummary = {
    skipped: null,
    asked: 0,
    moved: { inTransit: 0, delivered: 0 },
    outForDeliveryEmails: 0,
    returned: [],
    failed: 0,
    stoppedEarly: false,
  };
  const connected = await connectedAccount();
  if (!connected) return { ...summary, skipped: "not connected" };

  const parcels = await claimDueParcels(now, options.limit ?? DEFAULT_LIMIT);
  if (parcels.length === 0) return summary;

  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBackoffMs = options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS;
  // Parcels to look at again next run: not asked (the run stopped) or a passing failure.
  const release: string[] = [];
  const queue = [...parcels];
  let pausedUntil = 0;
  let failuresInARow = 0;

  const ask = async (parcel: ClaimedParcel): Promise<Tracking | "release" | "failed"> => {
    for (let attempt = 0; ; attempt++) {
      const wait = pausedUntil - Date.now();
      if (wait > 0) await sleep(wait);
      if (summary.stoppedEarly) return "release";
      try {
        const tracking = await getTracking(connected.account, parcel.trackingNumber, { timeoutMs });
        failuresInARow = 0;
        return tracking;
      } catch (error) {
        if (!(error instanceof CanadaPostError)) throw error;
        const context = {
          orderNumber: parcel.orderNumber,
          trackingNumber: parcel.trackingNumber,
          kind: error.kind,
          status: error.status,
          code: error.code,
        };
        if (error.kind === "rate_limited") {
          if (attempt >= RATE_LIMIT_RETRIES) {
            logger.warn(context, "Canada Post kept throttling tracking: the run stops early");
            summary.stoppedEarly = true;
            return "release";
          }
          // Every call waits: the limit is the API key's, not this parcel's.
          const backoff = Math.min(error.retryAfterMs ?? 1000 * 2 ** attempt, maxBackoffMs);
          pausedUntil = Math.max(pausedUntil, Date.now() + backoff);
          continue;
        }
        logger.warn({ ...context, err: error.message }, "could not track a parcel");
        if (error.kind === "auth") {
          // Every call would be refused the same way.
          summary.stoppedEarly = true;
          return "release";
        }
        if (error.kind === "timeout" || error.kind === "unavailable") {
          if (++failuresInARow >= FAILURES_BEFORE_STOP) summary.stoppedEarly = true;
          release.push(parcel.id);
        }
        return "failed";
      }
    }
  };

  const worker = async () => {
    for (let parcel = queue.shift(); parcel; parcel = queue.shift()) {
      if (summary.stoppedEarly) {
        release.push(parcel.id);
        continue;
      }
      const answer = await ask(parcel);
      if (answer === "release") release.push(parcel.id);
      else if (answer === "failed") summary.failed++;
      else {
        summary.asked++;
        try {
          await recordTracking(parcel, answer, summary, now);
        } catch (error) {
          // One parcel's bad answer (or a refused write) does not stop the others.
          summary.failed++;
          logger.error(
            { err: error, orderNumber: parcel.orderNumber },
            "could not record tracking",
          );
        }
      }
    }
  };
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
  await Promise.all(Array.from({ length: Math.min(concurrency, parcels.length) }, worker));

  if (release.length > 0) {
    // Only our own stamp: another instance may have claimed them since.
    await db()
      .update(shipments)
      .set({ trackingCheckedAt: null })
      .where(and(inArray(shipments.id, release), eq(shipments.trackingCheckedAt, now)));
  }
  if (summary.outForDeliveryEmails > 0) wakeWorker();
  logger.info({ ...summary, claimed: parcels.length, released: release.length }, "parcels tracked");
  return summary;
}

let running: Promise<unknown> | null = null;

/**
 * The boot job's run: a tracking run beside the email worker's loop (a throttled Canada Post can
 * keep one busy for minutes; the emails do not wait for it), never two at once in this process.
 */
export function startParcelTracking(): Promise<void> {
  running ??= trackParcels()
    .catch((error: unknown) => logger.error({ err: error }, "parcel tracking failed"))
    .finally(() => {
      running = null;
    });
  return Promise.resolve();
}

/**
 * Claims the parcels due, in one statement: shipped or in transit, with a tracking number, never
 * looked at or last looked at before the interval, oldest look first. Their look is stamped now,
 * so another instance's run (SKIP LOCKED while this one holds them, the stamp after) skips them.
 */
async function claimDueParcels(now: Date, limit: number): Promise<ClaimedParcel[]> {
  const before = new Date(now.getTime() - TRACKING_INTERVAL_MS);
  const result = (await db().execute(sql`
    update shipments s set tracking_checked_at = ${now}
    from (
      select id, tracking_checked_at as previous from shipments
      where status in ('shipped', 'in_transit') and tracking_number is not null
        and (tracking_checked_at is null or tracking_checked_at < ${before})
      order by tracking_checked_at asc nulls first, id
      limit ${limit}
      for update skip locked
    ) due, orders o
    where s.id = due.id and o.id = s.order_id
    returning s.id, s.order_id, o.order_number, s.tracking_number, s.status, due.previous`)) as unknown as {
    rows: {
      id: string;
      order_id: string;
      order_number: string;
      tracking_number: string;
      status: "shipped" | "in_transit";
      previous: Date | string | null;
    }[];
  };
  const time = (value: Date | string | null) =>
    value === null ? -Infinity : new Date(value).getTime();
  return result.rows
    .sort((a, b) => time(a.previous) - time(b.previous))
    .map((row) => ({
      id: row.id,
      orderId: row.order_id,
      orderNumber: row.order_number,
      trackingNumber: row.tracking_number,
      status: row.status,
    }));
}

/** Stores a parcel's scans (each once) and takes the steps its state calls for. */
async function recordTracking(
  parcel: ClaimedParcel,
  tracking: Tracking,
  summary: TrackingSummary,
  now: Date,
) {
  if (tracking.events.length > 0) {
    await db()
      .insert(shipmentEvents)
      .values(
        tracking.events.map((event) => ({
          shipmentId: parcel.id,
          at: new Date(event.at),
          code: event.code,
          description: event.description,
          location: event.location,
          state: event.state,
          createdAt: now,
        })),
      )
      .onConflictDoNothing({
        target: [shipmentEvents.shipmentId, shipmentEvents.at, shipmentEvents.code],
      });
  }

  switch (tracking.state) {
    case "in_transit":
    case "out_for_delivery":
      if (parcel.status === "shipped") {
        const moved = await changeShipmentStatus({
          shipmentId: parcel.id,
          expectedStatus: "shipped",
          to: "in_transit",
          actor: SYSTEM,
          now,
        });
        if (moved.ok) summary.moved.inTransit++;
      }
      if (tracking.state === "out_for_delivery" && (await emailOutForDelivery(parcel)))
        summary.outForDeliveryEmails++;
      break;
    case "delivered": {
      // The order's shipped → delivered step: history, invoice, and the delivered email, once.
      const moved = await changeShipmentStatus({
        shipmentId: parcel.id,
        expectedStatus: parcel.status,
        to: "delivered",
        actor: SYSTEM,
        now,
      });
      if (moved.ok) summary.moved.delivered++;
      else
        logger.warn(
          { orderNumber: parcel.orderNumber, reason: moved.message },
          "a delivered parcel's order could not be marked delivered",
        );
      break;
    }
    case "returned":
      logger.warn(
        { orderNumber: parcel.orderNumber, trackingNumber: parcel.trackingNumber },
        "a parcel is being returned to the store",
      );
      summary.returned.push(parcel.orderNumber);
      break;
    case "unknown":
      break;
  }
}

/**
 * The "out for delivery" email, at most once per order: under the order's row lock, only while it
 * is shipped and none was listed yet (order_emails_sent), so a second run or instance sends none.
 */
async function emailOutForDelivery(parcel: ClaimedParcel): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.id, parcel.orderId))
      .for("update");
    if (!order || order.status !== "shipped") return false;
    const [sent] = await tx
      .select({ id: orderEmailsSent.id })
      .from(orderEmailsSent)
      .where(
        and(eq(orderEmailsSent.orderId, order.id), eq(orderEmailsSent.kind, "out_for_delivery")),
      )
      .limit(1);
    if (sent) return false;
    await queueOrderStatusEmail(tx, {
      order,
      kind: "out_for_delivery",
      trackingNumber: parcel.trackingNumber,
    });
    return true;
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
