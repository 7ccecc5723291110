import { and, count, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { csvLine } from "~/lib/csv";
import { fail, refusalFailure, Refusal, type Result } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import { LOT_ORDERS_PAGE_SIZE, orderReachText, unitsStillOut } from "~/lib/lot-recall";
import { lotLabel } from "~/lib/lots";
import { SHIPPED_STATUSES } from "~/lib/order-status";
import { sizeLabel } from "~/lib/product";
import { shortDay } from "~/lib/report-period";
import type { LotOrdersQuery } from "~/schemas/lots";
import { recordAudit, type AuditActor } from "../audit/audit-log.server";
import { config } from "../config.server";
import { db, type Transaction } from "../db.server";
import {
  adminUsers,
  orders,
  productVariations,
  products,
  stockLots,
  stockMovements,
} from "../db-tables";
import { csvDateTime } from "../http/csv-download.server";
import { cursorTime, keysetListPage, keysetQuery, type KeysetListPage } from "../keyset.server";
import { refreshListedPrice } from "./listed-price.server";
import { moveStock, recordMovements, stockChanged } from "./stock-ledger.server";

export const LOT_NOT_FOUND = "This lot does not exist (its product may have been deleted).";
export const ORDER_DID_NOT_TAKE_LOT = "This order did not take units of this lot.";

/**
 * Recalls a lot: its sellable units leave the size's stock for quarantine (one "recalled"
 * movement), and from the commit on no sale takes from it. The size's row is locked before the
 * lot's, as checkout locks it before it takes from lots: a checkout that got there first sells its
 * units before the recall (and is listed by it); one that comes after finds the lot gone.
 */
export async function recallLot(input: {
  lotId: string;
  noticeNumber: string;
  noticeText: string;
  actor: AuditActor;
}): Promise<Result<{ quarantined: number; lotNumber: string }>> {
  if (!isUuid(input.lotId)) return fail(404, LOT_NOT_FOUND);
  try {
    const result = await db().transaction((tx) => recallInTransaction(tx, input));
    await stockChanged("lot recalled");
    return result;
  } catch (error) {
    const refused = refusalFailure(error);
    if (refused) return refused;
    throw error;
  }
}

async function recallInTransaction(
  tx: Transaction,
  input: { lotId: string; noticeNumber: string; noticeText: string; actor: AuditActor },
) {
  const [found] = await tx
    .select({ productId: stockLots.productId, variationId: stockLots.variationId })
    .from(stockLots)
    .where(eq(stockLots.id, input.lotId));
  if (!found) throw new Refusal(404, LOT_NOT_FOUND);
  let sizeStock: number | null = null;
  if (found.variationId) {
    const [size] = await tx
      .select({ stock: productVariations.stock })
      .from(productVariations)
      .where(eq(productVariations.id, found.variationId))
      .for("no key update");
    sizeStock = size!.stock;
  }
  const [product] = await tx
    .select({ name: products.name, stock: products.stock })
    .from(products)
    .where(eq(products.id, found.productId))
    .for("no key update");
  const [lot] = await tx
    .select()
    .from(stockLots)
    .where(eq(stockLots.id, input.lotId))
    .for("no key update");
  if (!lot || !product) throw new Refusal(404, LOT_NOT_FOUND);
  if (lot.recalledAt)
    throw new Refusal(
      409,
      `Lot ${lotLabel(lot.lotNumber)} was already recalled on ${shortDay(lot.recalledAt.toISOString().slice(0, 10))}.`,
    );

  const units = lot.onHand;
  if (units > 0) {
    if (lot.variationId)
      await tx
        .update(productVariations)
        .set({ stock: sql`${productVariations.stock} - ${units}` })
        .where(eq(productVariations.id, lot.variationId));
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${units}`, updatedAt: new Date() })
      .where(eq(products.id, lot.productId));
    await recordMovements(tx, [
      {
        productId: lot.productId,
        variationId: lot.variationId,
        quantity: -units,
        stockAfter: (sizeStock ?? product.stock) - units,
        reason: "recalled",
        note: `Recall ${input.noticeNumber}`,
        adminId: input.actor.adminId,
        lot: { lotId: lot.id },
      },
    ]);
  }
  await tx
    .update(stockLots)
    .set({
      recalledAt: new Date(),
      recallNoticeNumber: input.noticeNumber,
      recallNoticeText: input.noticeText,
      recalledBy: input.actor.adminId,
    })
    .where(and(eq(stockLots.id, lot.id), isNull(stockLots.recalledAt)));
  await refreshListedPrice(tx, [lot.productId]);
  await recordAudit(tx, {
    actor: input.actor,
    area: "lots",
    action: "recall",
    record: { type: "lot", id: lot.id, label: `${product.name}: lot ${lotLabel(lot.lotNumber)}` },
    changes: { notice: input.noticeNumber, quarantined: units },
  });
  return { ok: true as const, quarantined: units, lotNumber: lot.lotNumber };
}

// ── the lot page ──

/** A lot as its page shows it: the product and size, the lot's details, and its recall. */
export async function getLot(lotId: string) {
  if (!isUuid(lotId)) return null;
  const recaller = alias(adminUsers, "recaller");
  const [lot] = await db()
    .select({
      id: stockLots.id,
      productId: stockLots.productId,
      productName: products.name,
      sku: products.sku,
      variationId: stockLots.variationId,
      size: productVariations.size,
      sizeUnit: productVariations.sizeUnit,
      lotNumber: stockLots.lotNumber,
      packagedOn: stockLots.packagedOn,
      expiresOn: stockLots.expiresOn,
      supplier: stockLots.supplier,
      coaUrl: stockLots.coaUrl,
      onHand: stockLots.onHand,
      quarantined: stockLots.quarantined,
      recalledAt: stockLots.recalledAt,
      recallNoticeNumber: stockLots.recallNoticeNumber,
      recallNoticeText: stockLots.recallNoticeText,
      recalledBy: recaller.displayName,
    })
    .from(stockLots)
    .innerJoin(products, eq(products.id, stockLots.productId))
    .leftJoin(productVariations, eq(productVariations.id, stockLots.variationId))
    .leftJoin(recaller, eq(recaller.id, stockLots.recalledBy))
    .where(eq(stockLots.id, lotId));
  if (!lot) return null;
  const { size, sizeUnit, ...rest } = lot;
  return { ...rest, sizeLabel: size && sizeUnit ? sizeLabel({ size, sizeUnit }) : null };
}
export type LotPage = NonNullable<Awaited<ReturnType<typeof getLot>>>;

/**
 * Each order's units of the lot, from the lot's movements naming an order (stock_movements_lot_idx):
 * taken by its sales (and order edits that took more), given back by cancellations, refund
 * restocks, edits and returns. The "recalled" pieces that quarantine units given back to a
 * recalled lot are left out: they move the units from sellable to quarantine, not to the order.
 */
function lotUnitsByOrder(lotId: string) {
  return db()
    .select({
      orderId: sql<string>`${stockMovements.orderId}`.as("order_id"),
      taken:
        sql<number>`coalesce(-sum(${stockMovements.quantity}) filter (where ${stockMovements.quantity} < 0 and ${stockMovements.reason} <> 'recalled'), 0)::int`.as(
          "taken",
        ),
      returned:
        sql<number>`coalesce(sum(${stockMovements.quantity}) filter (where ${stockMovements.quantity} > 0), 0)::int`.as(
          "returned",
        ),
    })
    .from(stockMovements)
    .where(and(eq(stockMovements.lotId, lotId), isNotNull(stockMovements.orderId)))
    .groupBy(stockMovements.orderId)
    .as("units");
}

export interface LotOrderRow {
  id: string;
  orderNumber: string;
  createdAt: Date;
  status: string;
  customerName: string;
  email: string;
  phone: string | null;
  address: string;
  taken: number;
  returned: number;
  stillOut: number;
}

function lotOrdersQuery(lotId: string) {
  const units = lotUnitsByOrder(lotId);
  return {
    units,
    query: db()
      .select({
        id: orders.id,
        cursorTime: cursorTime(orders),
        orderNumber: orders.orderNumber,
        createdAt: orders.createdAt,
        status: orders.status,
        customerName: orders.shippingName,
        email: orders.email,
        phone: orders.phone,
        street: orders.shippingStreet,
        city: orders.shippingCity,
        province: orders.shippingProvince,
        postalCode: orders.shippingPostalCode,
        taken: units.taken,
        returned: units.returned,
      })
      .from(units)
      .innerJoin(orders, eq(orders.id, units.orderId)),
  };
}

type RawLotOrder = Awaited<
  ReturnType<ReturnType<typeof lotOrdersQuery>["query"]["execute"]>
>[number];

function lotOrderRow(row: Omit<RawLotOrder, "cursorTime">): LotOrderRow {
  const { street, city, province, postalCode, ...rest } = row;
  return {
    ...rest,
    address: `${street}, ${city} ${province} ${postalCode}`,
    stillOut: unitsStillOut(row),
  };
}

/** The figures above the list: how many orders took the lot, and its units taken, back and out. */
export async function lotOrdersSummary(lotId: string) {
  if (!isUuid(lotId)) return { orders: 0, taken: 0, returned: 0, stillOut: 0 };
  const units = lotUnitsByOrder(lotId);
  const [row] = await db()
    .select({
      orders: count(),
      taken: sql<number>`coalesce(sum(${units.taken}), 0)::int`,
      returned: sql<number>`coalesce(sum(${units.returned}), 0)::int`,
      stillOut: sql<number>`coalesce(sum(greatest(${units.taken} - ${units.returned}, 0)), 0)::int`,
    })
    .from(units);
  return row ?? { orders: 0, taken: 0, returned: 0, stillOut: 0 };
}

/**
 * Every order that took units of the lot, newest first, a page of 100 at a time by keyset on the
 * order's (created_at, id): one query grouping the lot's movements by order, joined to orders.
 */
export async function listLotOrders(
  lotId: string,
  query: Partial<LotOrdersQuery> = {},
  pageSize = LOT_ORDERS_PAGE_SIZE,
): Promise<KeysetListPage<LotOrderRow>> {
  const summary = await lotOrdersSummary(lotId);
  const keyset = keysetQuery(orders, query);
  const rows = isUuid(lotId)
    ? await lotOrdersQuery(lotId)
        .query.where(keyset.where)
        .orderBy(...keyset.orderBy)
        .limit(pageSize + 1)
    : [];
  const page = keysetListPage(rows, keyset, {
    pageSize,
    total: summary.orders,
    page: query.page ?? 1,
  });
  return { ...page, rows: page.rows.map(lotOrderRow) };
}

const BATCH = 1000;

const LOT_ORDERS_CSV_HEADER = [
  "Order",
  "Date",
  "Status",
  "Customer",
  "Email",
  "Phone",
  "Shipping address",
  "Product",
  "Size",
  "Lot",
  "Taken",
  "Returned",
  "Still out",
];

/**
 * Every affected order of the lot as CSV, newest first, read in keyset batches of a thousand with
 * the page's own query (dates in STORE_TIMEZONE, named in the header; cells neutralised against
 * spreadsheet formulas).
 */
export async function* exportLotOrdersCsv(lot: LotPage): AsyncGenerator<string> {
  const zone = config().STORE_TIMEZONE;
  const header = LOT_ORDERS_CSV_HEADER.map((h) => (h === "Date" ? `Date (${zone})` : h));
  yield `\uFEFF${csvLine(header)}`;
  let after: string | undefined;
  for (;;) {
    const page = await listLotOrders(lot.id, { after }, BATCH);
    if (page.rows.length === 0) return;
    const lines = page.rows.map((o) =>
      csvLine([
        o.orderNumber,
        csvDateTime(o.createdAt, zone),
        orderReachText(o.status),
        o.customerName,
        o.email,
        o.phone,
        o.address,
        lot.productName,
        lot.sizeLabel,
        lotLabel(lot.lotNumber),
        o.taken,
        o.returned,
        o.stillOut,
      ]),
    );
    yield `\r\n${lines.join("\r\n")}`;
    if (!page.next) return;
    after = page.next;
  }
}

// ── Record return ──

/**
 * Units of a recalled lot that an affected order gave back: a "returned" movement naming the order
 * and the lot, which the ledger quarantines at once (the size's stock does not rise). At most the
 * units the order still holds from the lot.
 */
export async function recordRecallReturn(input: {
  lotId: string;
  orderId: string;
  quantity: number;
  actor: AuditActor;
}): Promise<Result<{ quarantined: number; orderNumber: string }>> {
  if (!isUuid(input.lotId)) return fail(404, LOT_NOT_FOUND);
  if (!isUuid(input.orderId)) return fail(404, ORDER_DID_NOT_TAKE_LOT);
  try {
    const result = await db().transaction(async (tx) => {
      const [lot] = await tx
        .select({
          productId: stockLots.productId,
          variationId: stockLots.variationId,
          lotNumber: stockLots.lotNumber,
          recalledAt: stockLots.recalledAt,
          productName: products.name,
        })
        .from(stockLots)
        .innerJoin(products, eq(products.id, stockLots.productId))
        .where(eq(stockLots.id, input.lotId));
      if (!lot) throw new Refusal(404, LOT_NOT_FOUND);
      if (!lot.recalledAt)
        throw new Refusal(409, "Only a recalled lot's returns are recorded here: recall it first.");
      // The order's row is locked: two returns recorded at once cannot both take its last units.
      const [order] = await tx
        .select({ orderNumber: orders.orderNumber, status: orders.status })
        .from(orders)
        .where(eq(orders.id, input.orderId))
        .for("no key update");
      if (!order) throw new Refusal(404, ORDER_DID_NOT_TAKE_LOT);
      // Units still in the store come back by cancelling the order or refunding its line.
      if (!SHIPPED_STATUSES.includes(order.status))
        throw new Refusal(
          409,
          `Order ${order.orderNumber} has not left the store: cancel it or refund its line with Restock instead.`,
          "quantity",
        );
      const units = lotUnitsByOrder(input.lotId);
      const [held] = await tx
        .select({ taken: units.taken, returned: units.returned })
        .from(units)
        .where(eq(units.orderId, input.orderId));
      if (!held || held.taken === 0) throw new Refusal(404, ORDER_DID_NOT_TAKE_LOT);
      const out = unitsStillOut(held);
      if (input.quantity > out)
        throw new Refusal(
          409,
          out === 0
            ? `Order ${order.orderNumber} has no units of this lot still out.`
            : `Order ${order.orderNumber} has only ${out} ${out === 1 ? "unit" : "units"} of this lot still out.`,
          "quantity",
        );
      const moved = await moveStock(tx, {
        productId: lot.productId,
        variationId: lot.variationId,
        change: { by: input.quantity },
        reason: "returned",
        note: `Recall return: lot ${lotLabel(lot.lotNumber)}`,
        orderId: input.orderId,
        adminId: input.actor.adminId,
        lot: { lotId: input.lotId },
      });
      if (!moved.ok) throw Refusal.of(moved);
      await recordAudit(tx, {
        actor: input.actor,
        area: "lots",
        action: "update",
        record: {
          type: "lot",
          id: input.lotId,
          label: `${lot.productName}: lot ${lotLabel(lot.lotNumber)}`,
        },
        changes: { returned: input.quantity, order: order.orderNumber },
      });
      return { ok: true as const, quarantined: input.quantity, orderNumber: order.orderNumber };
    });
    await stockChanged("recalled units returned");
    return result;
  } catch (error) {
    const refused = refusalFailure(error);
    if (refused) return refused;
    throw error;
  }
}
