import { and, asc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { ProvinceCode } from "~/lib/address";
import { cartItemId } from "~/lib/cart";
import { isFulfilmentMethod, zoneFor } from "~/lib/fulfilment";
import { fail, Refusal, refusalFailure, type Result } from "~/lib/errors";
import { normalizeOrderNumber } from "~/lib/order-status";
import { editRefusal, type EditAddress } from "~/lib/order-edit";
import {
  editAuditView,
  planOrderEdit,
  type EditCoupon,
  type EditedTotals,
  type OrderEditBasis,
  type OrderEditPlan,
  type PlannedMove,
} from "~/lib/order-edit-plan";
import { fixedFee, type CouponTerms, type ShippingRates } from "~/lib/pricing";
import { sizeLabel } from "~/lib/product";
import { changedFields, recordAudit, type AuditActor } from "../audit/audit-log.server";
import { liveSizesOf } from "../catalog/products.server";
import { refreshListedPrice } from "../inventory/listed-price.server";
import { db, type Transaction } from "../db.server";
import { queueOrderEmail } from "./order-emails.server";
import { renderOrderUpdatedEmail } from "../email/templates/order-updated.server";
import { wakeWorker } from "../email/worker.server";
import { moveStock, stockChanged } from "../inventory/stock-ledger.server";
import { logger } from "../logger.server";
import {
  coupons,
  invoices,
  orderItems,
  orderStatusHistory,
  orderTaxLines,
  orders,
  productVariations,
  products,
} from "../db-tables";
import { storeSettings } from "../settings/store-settings.server";
import { listDeliveryZones } from "../fulfilment/delivery-setup.server";
import { resolveCartLines } from "./cart-lines.server";
import { orderLineColumns, orderLineValues } from "./order-lines.server";
import {
  getOrderTaxLines,
  readProvinceTaxSetup,
  saveOrderTaxLines,
  taxDay,
} from "../taxes/taxes.server";

/**
 * Staff editing a pending (unpaid) order: a line's quantity, a line removed, a size added, the
 * shipping address. The edit is planned without a database (`planOrderEdit` in
 * app/lib/order-edit-plan.ts checks the rules below and computes the order as it will be), then
 * written in ONE transaction with the order row locked: the lines re-read, stock moved through the
 * ledger (`moveStock`, reason "order_edited", the order named), the totals, taxes and invoice
 * recomputed, the order's version moved (a stale form is a 409), a history entry saying what
 * changed, the audit entry and the shopper's "Your order was updated" email. Rules:
 * - kept lines keep the price they were ordered at; an added line takes today's price, read the
 *   way checkout reads it (`resolveCartLines`: the size's price, the product active, not $0.00);
 * - when the lines change, the coupon's terms, the shipping fee and the free-shipping threshold are
 *   applied as checkout would today; a coupon whose minimum the new subtotal no longer reaches is
 *   refused (the staff member keeps the subtotal up or cancels the order), never dropped silently.
 *   An address-only edit keeps the goods' amounts as they were; the taxes follow the address;
 * - taxes are recomputed for the order's (new) province on the day it was placed;
 * - more of anything (a raise or an added line) must fit in stock and within the 30 g limit; less
 *   never needs either (a line whose size or product is gone keeps its items out, as a cancel does);
 * - a paid (or any non-pending) order is never edited, nor one left without a line.
 */

export interface OrderEditRequest {
  orderNumber: string;
  /** The version the staff member loaded (orders.version). */
  version: number;
  /** Lines of the order by id: a new quantity, or removed. Lines not named stay as they are. */
  lines: { id: string; quantity: number; remove: boolean }[];
  /** Sizes (cart item ids: product, or product_size) to add, each with its quantity. */
  add: { item: string; quantity: number }[];
  address: EditAddress & { province: ProvinceCode };
  actor: AuditActor;
  now?: Date;
}

type OrderEditResult = Result<{
  orderNumber: string;
  /** False when the form changed nothing: nothing was written, no email sent. */
  changed: boolean;
  /** The history entry's text ("Qty of Blue Dream 3.5g 2 → 1; total $84.75 → $52.10"). */
  summary: string;
  totalBeforeCents: number;
  totalAfterCents: number;
  totals: EditedTotals;
}>;

export const ORDER_NOT_FOUND = "This order does not exist. Check the order number.";

export function staleMessage(orderNumber: string) {
  return `Order ${orderNumber} changed while you were editing it. Nothing was saved: reload the page to see it as it is now, then edit again.`;
}

export async function editPendingOrder(input: OrderEditRequest): Promise<OrderEditResult> {
  return runEdit(input, { preview: false });
}

/**
 * What saving the form would do, computed by the same rules in a transaction that writes nothing:
 * the new totals, or the refusal a save would meet (the stock itself is checked when saving).
 */
export function previewOrderEdit(input: OrderEditRequest): Promise<OrderEditResult> {
  return runEdit(input, { preview: true });
}

async function runEdit(
  input: OrderEditRequest,
  { preview }: { preview: boolean },
): Promise<OrderEditResult> {
  const now = input.now ?? new Date();
  const orderNumber = normalizeOrderNumber(input.orderNumber);
  if (!orderNumber) return fail(404, ORDER_NOT_FOUND);
  try {
    // Read before the transaction (as checkout does): the fee and threshold, the e-Transfer details.
    const settings = await storeSettings();
    const result = await db().transaction((tx) =>
      editInTransaction(tx, { ...input, orderNumber }, now, settings.shipping, preview),
    );
    if (result.changed && !preview) {
      wakeWorker();
      if (result.stockMoved) await stockChanged("order edited");
      logger.info(
        { orderNumber, actor: input.actor.name, summary: result.summary },
        "pending order edited",
      );
    }
    const { stockMoved: _stockMoved, ...answer } = result;
    return { ok: true, ...answer };
  } catch (error) {
    const refused = refusalFailure(error);
    if (refused) return refused;
    throw error;
  }
}

type OrderRow = typeof orders.$inferSelect;

/** Reads what the edit is planned from (the order locked, at the version loaded), plans, writes. */
async function editInTransaction(
  tx: Transaction,
  input: OrderEditRequest & { orderNumber: string },
  now: Date,
  rates: ShippingRates,
  preview: boolean,
) {
  const [order] = await tx
    .select()
    .from(orders)
    .where(eq(orders.orderNumber, input.orderNumber))
    .for("update");
  if (!order) throw new Refusal(404, ORDER_NOT_FOUND);
  const refusal = editRefusal(order.orderNumber, order.status);
  if (refusal) throw new Refusal(409, refusal);
  if (order.version !== input.version) throw new Refusal(409, staleMessage(order.orderNumber));

  const plan = planOrderEdit(await readEditBasis(tx, order, input, rates), input);
  if (!plan.ok) throw Refusal.of(plan);
  const answer = {
    orderNumber: order.orderNumber,
    summary: plan.summary,
    totalBeforeCents: order.totalAmountCents,
    totalAfterCents: plan.after.totalCents,
    totals: plan.totals,
  };
  if (!plan.summary || preview)
    return { ...answer, changed: Boolean(plan.summary), stockMoved: false };
  const stockMoved = await writeEdit(tx, order, plan, input, now);
  return { ...answer, changed: true, stockMoved };
}

/**
 * The order's lines, their products and sizes as they are now (any status: a line of a product
 * archived since may stay, or go down, but not up), the sizes to add as checkout reads them, the
 * coupon, and the taxes of where it ships after the edit, on the day it was placed.
 */
async function readEditBasis(
  tx: Transaction,
  order: OrderRow,
  input: OrderEditRequest,
  rates: ShippingRates,
): Promise<OrderEditBasis> {
  // One after another: a transaction runs one query at a time.
  const items = await tx
    .select(orderLineColumns)
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.productName), asc(orderItems.sizeLabel), asc(orderItems.id));
  const productIds = [...new Set(items.map((item) => item.productId))];
  const productRows =
    productIds.length === 0
      ? []
      : await tx
          .select({
            id: products.id,
            status: products.status,
            stock: products.stock,
            category: products.category,
            cannabisKind: products.cannabisKind,
            netAmountMilli: products.netAmountMilli,
          })
          .from(products)
          .where(inArray(products.id, productIds));
  const sizeRows = productIds.length === 0 ? [] : await liveSizesOf(tx, productIds);
  const added =
    input.add.length === 0
      ? []
      : await resolveCartLines(
          input.add.map((a) => ({ id: a.item, quantity: a.quantity })),
          tx,
        );
  const setup = await readProvinceTaxSetup(input.address.province, tx);
  const shippedTo = order.shippingProvince as ProvinceCode;
  const method = isFulfilmentMethod(order.fulfilmentMethod) ? order.fulfilmentMethod : "parcel";
  // A delivery's address must stay in a delivery zone; its fee stays the one charged.
  const inDeliveryZone =
    method !== "delivery" ||
    zoneFor(input.address.postalCode, await listDeliveryZones(tx)) !== null;
  const before =
    shippedTo === input.address.province ? setup : await readProvinceTaxSetup(shippedTo, tx);
  return {
    order: {
      orderNumber: order.orderNumber,
      address: shippingAddress(order),
      subtotalCents: order.subtotalCents,
      discountCents: order.discountCents,
      shippingCents: order.shippingCostCents,
      taxCents: order.taxCents,
      totalCents: order.totalAmountCents,
      method,
      inDeliveryZone,
    },
    items,
    products: productRows,
    sizes: sizeRows,
    added,
    coupon: await couponTerms(tx, order),
    // A delivery or pickup order keeps the fee it was charged.
    rates: method === "parcel" ? rates : fixedFee(order.shippingCostCents),
    rules: { before: before.rule, after: setup.rule },
    taxRates: setup.rates,
    taxDay: taxDay(order.createdAt),
  };
}

/** The order's coupon as it is now (a coupon deleted since keeps the discount it gave, fixed). */
async function couponTerms(tx: Transaction, order: OrderRow): Promise<EditCoupon | null> {
  if (order.couponId) {
    const [coupon] = await tx
      .select({
        code: coupons.code,
        type: coupons.type,
        value: coupons.value,
        minOrderCents: coupons.minOrderCents,
      })
      .from(coupons)
      .where(eq(coupons.id, order.couponId));
    if (coupon) return { ...coupon, type: coupon.type as CouponTerms["type"] };
  }
  if (order.discountCents > 0)
    return {
      code: order.couponCode ?? "",
      type: "fixed",
      value: order.discountCents,
      minOrderCents: null,
    };
  return null;
}

/**
 * Writes a planned edit: the stock moved, the lines, the tax lines, the order (behind its version),
 * its invoice, a history entry, the audit entry and the shopper's email. Answers whether any stock
 * moved.
 */
async function writeEdit(
  tx: Transaction,
  order: OrderRow,
  plan: OrderEditPlan,
  input: OrderEditRequest,
  now: Date,
): Promise<boolean> {
  const stockMoved = await moveOrderStock(tx, order, plan.moves, input.actor);

  if (plan.removedIds.length > 0)
    await tx.delete(orderItems).where(inArray(orderItems.id, plan.removedIds));
  for (const line of plan.changedQuantities)
    await tx.update(orderItems).set({ quantity: line.quantity }).where(eq(orderItems.id, line.id));
  if (plan.additions.length > 0)
    await tx.insert(orderItems).values(orderLineValues(order.id, plan.additions));

  const { totals, after } = plan;
  const taxesBefore = await getOrderTaxLines(order.id, tx);
  await tx.delete(orderTaxLines).where(eq(orderTaxLines.orderId, order.id));
  await saveOrderTaxLines(tx, order.id, totals.taxLines);

  const saved = await tx
    .update(orders)
    .set({
      shippingName: after.address.name,
      shippingStreet: after.address.street,
      shippingCity: after.address.city,
      shippingProvince: after.address.province,
      shippingPostalCode: after.address.postalCode,
      subtotalCents: totals.subtotalCents,
      discountCents: totals.discountCents,
      shippingCostCents: totals.shippingCents,
      taxCents: after.taxCents,
      totalAmountCents: totals.totalCents,
      version: sql`${orders.version} + 1`,
      updatedAt: now,
    })
    .where(
      and(eq(orders.id, order.id), eq(orders.version, input.version), eq(orders.status, "pending")),
    )
    .returning();
  const edited = saved[0];
  if (!edited) throw new Refusal(409, staleMessage(order.orderNumber));
  // The invoice follows its order's total.
  await tx
    .update(invoices)
    .set({ totalAmountCents: edited.totalAmountCents })
    .where(eq(invoices.orderId, order.id));

  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: order.status,
    changedBy: input.actor.name,
    note: plan.summary,
    createdAt: now,
  });
  await recordAudit(tx, {
    actor: input.actor,
    area: "orders",
    action: "update",
    record: { type: "order", id: order.orderNumber, label: `Order ${order.orderNumber}` },
    changes: changedFields(
      editAuditView(
        plan.before,
        order.subtotalCents,
        taxesBefore.map((t) => t.label),
      ),
      editAuditView(
        after,
        totals.subtotalCents,
        totals.taxLines.map((t) => t.label),
      ),
    ),
  });

  const email = renderOrderUpdatedEmail({
    orderNumber: edited.orderNumber,
    shippingName: edited.shippingName,
    accessToken: edited.accessToken,
    placedAt: edited.createdAt,
    previousTotalCents: order.totalAmountCents,
    items: plan.lines.map((line) => ({
      productName: line.productName,
      sizeLabel: line.sizeLabel,
      quantity: line.quantity,
      priceAtPurchaseCents: line.priceCents,
    })),
    subtotalCents: edited.subtotalCents,
    discountCents: edited.discountCents,
    couponCode: edited.couponCode,
    shippingCostCents: edited.shippingCostCents,
    taxLines: totals.taxLines,
    totalAmountCents: edited.totalAmountCents,
    shipping: {
      street: edited.shippingStreet,
      city: edited.shippingCity,
      province: edited.shippingProvince,
      postalCode: edited.shippingPostalCode,
    },
  });
  await queueOrderEmail(tx, {
    order: { id: order.id, kind: "updated" },
    email: { kind: "order_updated", to: edited.email, ...email },
  });
  return stockMoved;
}

/**
 * Moves the planned stock through the ledger, reason "order_edited" with the order and the staff
 * member. More taken must fit; items given back to a size or product gone since stay out, as a
 * cancellation leaves them. Answers whether anything moved.
 */
async function moveOrderStock(
  tx: Transaction,
  order: OrderRow,
  moves: PlannedMove[],
  actor: AuditActor,
): Promise<boolean> {
  const touched = new Set<string>();
  for (const move of moves) {
    const result = await moveStock(tx, {
      productId: move.productId,
      variationId: move.variationId,
      change: { by: move.by },
      reason: "order_edited",
      note: `Order ${order.orderNumber} edited`,
      orderId: order.id,
      adminId: actor.adminId,
    });
    if (!result.ok) {
      if (move.by > 0) continue; // nowhere to put them back (the size or product is gone)
      throw new Refusal(409, `${move.name}: ${result.message}`, move.field);
    }
    if (result.quantity !== 0) touched.add(move.productId);
  }
  // A size back in stock, or sold out, can change the price the listings show.
  if (touched.size > 0) await refreshListedPrice(tx, [...touched]);
  return touched.size > 0;
}

/** A pending order as its edit page shows it, with the sizes that can be added. */
export async function getOrderForEdit(orderNumberText: string) {
  const orderNumber = normalizeOrderNumber(orderNumberText);
  if (!orderNumber) return null;
  const [order] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumber));
  if (!order) return null;
  const [items, taxLines, sizes] = await Promise.all([
    db()
      .select(orderLineColumns)
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.productName), asc(orderItems.sizeLabel), asc(orderItems.id)),
    getOrderTaxLines(order.id),
    order.status === "pending" ? sizesToAdd() : Promise.resolve([]),
  ]);
  return {
    order,
    address: shippingAddress(order),
    items,
    taxLines,
    sizes,
    refusal: editRefusal(order.orderNumber, order.status),
  };
}

/** Where an order ships, as the edit compares it. */
function shippingAddress(order: OrderRow): EditAddress {
  return {
    name: order.shippingName,
    street: order.shippingStreet,
    city: order.shippingCity,
    province: order.shippingProvince,
    postalCode: order.shippingPostalCode,
  };
}

export interface SizeOption {
  /** The cart item id (product, or product_size) the form posts. */
  id: string;
  productName: string;
  sizeLabel: string | null;
  priceCents: number;
  available: number;
}

/** Every size (and sizeless product) on sale and in stock, by product name: what can be added. */
async function sizesToAdd(): Promise<SizeOption[]> {
  const rows = await db()
    .select({
      productId: products.id,
      productName: products.name,
      productPrice: products.sellingPriceCents,
      productStock: products.stock,
      variationId: productVariations.id,
      size: productVariations.size,
      sizeUnit: productVariations.sizeUnit,
      sizePrice: productVariations.priceCents,
      sizeStock: productVariations.stock,
    })
    .from(products)
    .leftJoin(
      productVariations,
      and(eq(productVariations.productId, products.id), isNull(productVariations.archivedAt)),
    )
    .where(
      and(
        eq(products.status, "active"),
        gt(products.stock, 0),
        or(
          sql`${productVariations.id} is null`,
          and(gt(productVariations.stock, 0), gt(productVariations.priceCents, 0)),
        ),
      ),
    )
    .orderBy(asc(products.name), asc(products.id), asc(productVariations.position))
    .limit(2000);
  return rows.flatMap((row): SizeOption[] => {
    if (row.variationId === null) {
      if (row.productPrice <= 0) return [];
      return [
        {
          id: cartItemId(row.productId, null),
          productName: row.productName,
          sizeLabel: null,
          priceCents: row.productPrice,
          available: row.productStock,
        },
      ];
    }
    return [
      {
        id: cartItemId(row.productId, row.variationId),
        productName: row.productName,
        sizeLabel: sizeLabel({ size: row.size!, sizeUnit: row.sizeUnit! }),
        priceCents: row.sizePrice!,
        available: Math.min(row.sizeStock!, row.productStock),
      },
    ];
  });
}
