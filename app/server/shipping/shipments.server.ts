import { and, count, desc, eq, ilike, ne, or, sql, type SQL } from "drizzle-orm";
import { recordAudit, type AuditActor } from "../audit/audit-log.server";
import { fail, type Failure, type Result } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import { recordedParcel, type Parcel } from "~/lib/parcel";
import {
  nextShipmentStatuses,
  normalizeTrackingNumber,
  statusName,
  type ShipmentStatus,
} from "~/lib/order-status";
import { ADMIN_PAGE_SIZE, pageCount, type ListResult } from "~/schemas/admin-list";
import { escapeLike } from "../sql-like.server";
import { config } from "../config.server";
import { zoneOffsetSql } from "../time-zones.server";
import { db, type Executor } from "../db.server";
import { logger } from "../logger.server";
import { changeOrderStatus } from "../orders/order-status.server";
import { parcelsOfOrders } from "../orders/parcel.server";
import { orders, shipments } from "../db-tables";

interface ShippingStats {
  preparing: number;
  /** Shipped and in_transit together. */
  inTransit: number;
  delivered: number;
  /** Delivered on or before the estimate, of the delivered ones. */
  deliveredOnTime: number;
  /** Whole percent, or null when nothing has been delivered yet ("—"). */
  onTimeRate: number | null;
}

/**
 * The Shipping screen's cards, in one statement. A delivery is on time when its delivered date,
 * as a calendar day in STORE_TIMEZONE, is on or before estimated_delivery; a delivered shipment
 * without both dates counts as delivered but not as on time (nothing proves it was).
 */
export async function getShippingStats(): Promise<ShippingStats> {
  // The delivery's day in STORE_TIMEZONE, with our tz data (zoneOffsetSql), not the database's.
  const offset = zoneOffsetSql(shipments.deliveredDate, config().STORE_TIMEZONE);
  const [row] = await db()
    .select({
      preparing: sql<number>`count(*) filter (where ${shipments.status} = 'preparing')::int`,
      inTransit: sql<number>`count(*) filter (where ${shipments.status} in ('shipped', 'in_transit'))::int`,
      delivered: sql<number>`count(*) filter (where ${shipments.status} = 'delivered')::int`,
      deliveredOnTime: sql<number>`count(*) filter (where ${shipments.status} = 'delivered' and ((${shipments.deliveredDate} + ${offset} * interval '1 minute') at time zone 'UTC')::date <= ${shipments.estimatedDelivery})::int`,
    })
    .from(shipments);
  const stats = row ?? { preparing: 0, inTransit: 0, delivered: 0, deliveredOnTime: 0 };
  return {
    ...stats,
    onTimeRate:
      stats.delivered > 0 ? Math.round((stats.deliveredOnTime / stats.delivered) * 100) : null,
  };
}

export interface ShipmentRow {
  id: string;
  orderId: string;
  orderNumber: string;
  orderStatus: string;
  customer: string;
  city: string;
  province: string;
  carrier: string;
  trackingNumber: string | null;
  status: ShipmentStatus;
  estimatedDelivery: string | null;
  shippedDate: Date | null;
  deliveredDate: Date | null;
  /**
   * A Canada Post order's parcel, as staff buy its label: what its shipment recorded, else what its
   * sizes' packed weights say now. Null for local delivery and pickup.
   */
  parcel: Parcel | null;
  /** Its Canada Post label (app/server/shipping/labels.server.ts): null, buying, bought, voided, failed. */
  labelState: string | null;
  /** Why the last label failed, as staff read it. */
  labelError: string | null;
  /** Canada Post's shipment of the label (a failed label that has one must be voided first). */
  labelShipmentId: string | null;
}

/** A shipment with the order fields its row shows. */
const SHIPMENT_ROW = {
  id: shipments.id,
  orderId: orders.id,
  orderNumber: orders.orderNumber,
  orderStatus: orders.status,
  customer: orders.shippingName,
  city: orders.shippingCity,
  province: orders.shippingProvince,
  carrier: shipments.carrier,
  trackingNumber: shipments.trackingNumber,
  status: sql<ShipmentStatus>`${shipments.status}`,
  estimatedDelivery: shipments.estimatedDelivery,
  shippedDate: shipments.shippedDate,
  deliveredDate: shipments.deliveredDate,
  labelState: shipments.labelState,
  labelError: shipments.labelError,
  labelShipmentId: shipments.labelShipmentId,
  // What its parcel needs (withParcels).
  fulfilmentMethod: orders.fulfilmentMethod,
  orderProofOfAge: orders.proofOfAge,
  recordedProofOfAge: shipments.proofOfAge,
  weightGrams: shipments.weightGrams,
};

type ShipmentRecord = Omit<ShipmentRow, "parcel"> & {
  fulfilmentMethod: string;
  orderProofOfAge: string | null;
  recordedProofOfAge: string | null;
  weightGrams: number | null;
};

/** Shipments with their parcels: one statement for all their orders' items (parcelsOfOrders). */
async function withParcels(records: ShipmentRecord[]): Promise<ShipmentRow[]> {
  const parcels = await parcelsOfOrders(
    db(),
    records.map((r) => ({
      id: r.orderId,
      fulfilmentMethod: r.fulfilmentMethod,
      proofOfAge: r.orderProofOfAge,
      province: r.province,
    })),
  );
  return records.map(
    ({
      fulfilmentMethod: _method,
      orderProofOfAge: _code,
      recordedProofOfAge,
      weightGrams,
      ...row
    }) => {
      const parcel = parcels.get(row.orderId);
      return {
        ...row,
        parcel: parcel
          ? recordedParcel(parcel, { proofOfAge: recordedProofOfAge, weightGrams })
          : null,
      };
    },
  );
}

/**
 * A page of shipments with their order's number, customer, address and parcel (one joined query,
 * its count and the parcels' items), newest first. Search matches the order number, the customer's name or the tracking
 * number (spaces and dashes ignored, as Canada Post prints them).
 */
export async function listShipments(options: {
  q?: string;
  status?: string;
  page?: number;
  pageSize?: number;
}): Promise<ListResult<ShipmentRow>> {
  const pageSize = options.pageSize ?? ADMIN_PAGE_SIZE;
  const conditions: SQL[] = [];
  if (options.status && options.status !== "all")
    conditions.push(eq(shipments.status, options.status));
  const q = options.q?.trim();
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    const compact = q.replace(/[\s-]/g, "");
    conditions.push(
      or(
        ilike(orders.orderNumber, pattern),
        ilike(orders.shippingName, pattern),
        compact ? ilike(shipments.trackingNumber, `%${escapeLike(compact)}%`) : undefined,
      )!,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [{ total }] = (await db()
    .select({ total: count() })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(where)) as [{ total: number }];
  const pages = pageCount(total, pageSize);
  const page = Math.min(options.page ?? 1, pages);
  const rows = await db()
    .select(SHIPMENT_ROW)
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(where)
    .orderBy(desc(shipments.createdAt), desc(shipments.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows: await withParcels(rows), total, page, pageCount: pages, pageSize };
}

/** One shipment with its order, without its parcel; undefined when unknown (or not an id). */
async function findShipment(id: string): Promise<ShipmentRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db()
    .select(SHIPMENT_ROW)
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(eq(shipments.id, id));
  return row;
}

/** One shipment with its order and parcel, for the ship dialog; undefined when unknown. */
export async function getShipment(id: string): Promise<ShipmentRow | undefined> {
  const row = await findShipment(id);
  return row ? (await withParcels([row]))[0] : undefined;
}

/** The form field that confirms a tracking number already on another order. */
const CONFIRM_TRACKING = "confirmTracking";

/** A tracking number already on another order's shipment: the message, and what confirms it. */
interface TrackingWarning {
  message: string;
  name: typeof CONFIRM_TRACKING;
  /** The tracking number as stored: posted back under CONFIRM_TRACKING, it saves. */
  confirm: string;
  orderNumber: string;
}

/**
 * Whether a tracking number is already on another order's shipment (one indexed lookup:
 * shipments_tracking_number_idx). Two parcels rarely share one, so shipping with it asks first:
 * "Tracking number 123 is already on order BBS-00000007. Save anyway?". Null when it is not, when
 * the number is malformed (the status step says why) or when `confirmed` is that number.
 */
export async function usedTrackingWarning(
  input: { trackingNumber: string; orderId: string; confirmed?: string | null },
  executor: Executor = db(),
): Promise<TrackingWarning | null> {
  const trackingNumber = normalizeTrackingNumber(input.trackingNumber);
  if (!trackingNumber || !isUuid(input.orderId)) return null;
  if (input.confirmed && normalizeTrackingNumber(input.confirmed) === trackingNumber) return null;
  const [other] = await executor
    .select({ orderNumber: orders.orderNumber })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(and(eq(shipments.trackingNumber, trackingNumber), ne(shipments.orderId, input.orderId)))
    .orderBy(desc(shipments.createdAt))
    .limit(1);
  if (!other) return null;
  return {
    message: `Tracking number ${trackingNumber} is already on order ${other.orderNumber}. Save anyway?`,
    name: CONFIRM_TRACKING,
    confirm: trackingNumber,
    orderNumber: other.orderNumber,
  };
}

/** The step taken, or why not (`errors.trackingNumber` for a malformed tracking number). */
type ShipmentChangeResult =
  | Result<{ orderNumber: string; from: ShipmentStatus; to: ShipmentStatus }>
  | (Failure & { warning: TrackingWarning });

/**
 * Moves a shipment one step (preparing → shipped → in_transit → delivered; shipped → delivered)
 * and keeps its order in step:
 * - → shipped is the order's own step (processing → shipped, changeOrderStatus): tracking number
 *   checked, shipped and estimated dates set, history written, the shopper emailed.
 * - → in_transit only concerns the parcel: a guarded update of the shipment (WHERE status is the
 *   one the person saw) that stamps updated_at; the order stays shipped and no history is written.
 * - → delivered is the order's step shipped → delivered, which marks the shipment delivered.
 * `expectedStatus` is what the person saw: a shipment that moved since is refused, nothing changes.
 */
export async function changeShipmentStatus(options: {
  shipmentId: string;
  expectedStatus: string;
  to: string;
  trackingNumber?: string;
  /** The tracking number confirmed after the warning that another order has it. */
  confirmTracking?: string | null;
  actor: AuditActor;
  now?: Date;
}): Promise<ShipmentChangeResult> {
  const shipment = isUuid(options.shipmentId) ? await findShipment(options.shipmentId) : undefined;
  if (!shipment) return fail(404, "This shipment does not exist (it may be cancelled).");
  const from = shipment.status;
  if (from !== options.expectedStatus) return stale(shipment.orderNumber, from);
  const to = options.to as ShipmentStatus;
  if (!nextShipmentStatuses(from).includes(to)) {
    const allowed = nextShipmentStatuses(from).map(statusName);
    return fail(
      400,
      `A shipment that is ${statusName(from)} cannot be marked ${statusName(options.to)}. ${
        allowed.length
          ? `From ${statusName(from)} it can only become ${allowed.join(" or ")}.`
          : `${statusName(from)} is final.`
      }`,
    );
  }

  if (to === "in_transit") {
    const moved = await db().transaction(async (tx) => {
      const rows = await tx
        .update(shipments)
        .set({ status: "in_transit", updatedAt: options.now ?? new Date() })
        .where(and(eq(shipments.id, shipment.id), eq(shipments.status, from)))
        .returning({ id: shipments.id });
      if (rows.length > 0)
        await recordAudit(tx, {
          actor: options.actor,
          area: "orders",
          action: "status",
          record: {
            type: "order",
            id: shipment.orderNumber,
            label: `Order ${shipment.orderNumber}`,
          },
          changes: { shipment: [from, to] },
        });
      return rows;
    });
    if (moved.length === 0) {
      const now = await findShipment(shipment.id);
      return stale(shipment.orderNumber, now?.status);
    }
    logger.info(
      { orderNumber: shipment.orderNumber, from, to, actor: options.actor.name },
      "shipment status changed",
    );
    return { ok: true, orderNumber: shipment.orderNumber, from, to };
  }

  if (to === "shipped") {
    const warning = await usedTrackingWarning({
      trackingNumber: options.trackingNumber ?? "",
      orderId: shipment.orderId,
      confirmed: options.confirmTracking,
    });
    if (warning) return { ok: false, status: 409, message: warning.message, warning };
  }

  const result = await changeOrderStatus({
    orderId: shipment.orderId,
    expectedStatus: to === "shipped" ? "processing" : "shipped",
    change:
      to === "shipped"
        ? { to: "shipped", trackingNumber: options.trackingNumber ?? "" }
        : { to: "delivered" },
    actor: options.actor,
    now: options.now,
  });
  if (!result.ok) return result;
  return { ok: true, orderNumber: shipment.orderNumber, from, to };
}

function stale(orderNumber: string, current: string | undefined): Failure {
  return fail(
    409,
    current
      ? `The shipment of order ${orderNumber} changed while you were looking at it: it is now ${statusName(current)}. Nothing was changed; check it and try again.`
      : `The shipment of order ${orderNumber} no longer exists. Nothing was changed.`,
  );
}
