import { and, asc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { ProvinceCode } from "~/lib/address";
import { provinceName } from "~/lib/address";
import { formatGrams, summarizeCannabis, unitDriedMg } from "~/lib/cannabis-limit";
import { cartItemId } from "~/lib/cart";
import { fail, Refusal, refusalFailure, type Result } from "~/lib/errors";
import { formatMoney } from "~/lib/money";
import { normalizeOrderNumber } from "~/lib/order-status";
import {
  describeOrderEdit,
  editRefusal,
  lineName,
  linesText,
  addressText,
  NO_LINE_LEFT,
  type EditAddress,
  type EditLine,
  type OrderSnapshot,
} from "~/lib/order-edit";
import { discountCents, shippingCents, subtotalCents, type CouponTerms } from "~/lib/pricing";
import { sizeLabel } from "~/lib/product";
import { ageToConfirm, provinceRefusal } from "~/lib/taxes";
import { changedFields, recordAudit, type AuditActor } from "../audit/audit-log.server";
import { variationColumns } from "../catalog/products.server";
import { refreshListedPrice } from "../catalog/listed-price.server";
import { db, type Transaction } from "../db.server";
import { enqueueEmail } from "../email/outbox.server";
import { renderOrderUpdatedEmail } from "../email/templates/order-updated.server";
import { wakeWorker } from "../email/worker.server";
import { moveStock, stockChanged } from "../inventory/stock-ledger.server";
import { logger } from "../logger.server";
import {
  coupons,
  invoices,
  orderEmailsSent,
  orderItems,
  orderStatusHistory,
  orderTaxLines,
  orders,
  productVariations,
  products,
} from "../schema";
import { storeSettings } from "../settings/store-settings.server";
import { resolveCartLines } from "./cart-lines.server";
import {
  applyProvinceTaxes,
  getOrderTaxLines,
  readProvinceTaxSetup,
  saveOrderTaxLines,
} from "./taxes.server";

/**
 * Staff editing a pending (unpaid) order: a line's quantity, a line removed, a size added, the
 * shipping address. ONE transaction with the order row locked: the lines re-read, stock moved
 * through the ledger (`moveStock`, reason "order_edited", the order named), the totals, taxes and
 * invoice recomputed, the order's version moved (a stale form is a 409), a history entry saying
 * what changed, the audit entry and the shopper's "Your order was updated" email. Rules:
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

/** The order's amounts as a save would make them (the edit form's "Totals now"). */
export interface EditedTotals {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxLines: { kind: string; label: string; amountCents: number }[];
  totalCents: number;
}

export type OrderEditResult = Result<{
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

type ItemRow = typeof orderItems.$inferSelect;

/** A line of the order as it will be: an existing row (with its new quantity) or a new one. */
interface NewLine extends EditLine {
  productId: string;
  variationId: string | null;
  /** The line's old quantity (0 for an added line). */
  was: number;
  added: boolean;
  /** The form field a problem with this line is shown on (none: the form's own message). */
  field?: string;
  /** Dried-cannabis mg per unit (30 g limit); null when not known. */
  driedMg: number | null;
}

async function editInTransaction(
  tx: Transaction,
  input: OrderEditRequest & { orderNumber: string },
  now: Date,
  rates: { flatFeeCents: number; freeThresholdCents: number },
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

  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.productName), asc(orderItems.sizeLabel), asc(orderItems.id));
  const lines = await newLines(tx, order.orderNumber, items, input);
  if (lines.length === 0) throw new Refusal(422, NO_LINE_LEFT);
  const more = lines.some((line) => line.quantity > line.was);

  // The 30 g limit: only more of something can break it, so only then is it checked.
  if (more) {
    const summary = summarizeCannabis(
      lines.map((l) => ({ name: lineName(l), quantity: l.quantity, driedMg: l.driedMg })),
    );
    const unmeasured = lines.find((l) => l.driedMg === null);
    if (unmeasured)
      throw new Refusal(
        422,
        `The cannabis amount of ${lineName(unmeasured)} is not set, so the 30 g limit can't be checked. Set its net amount on the product first.`,
      );
    if (summary.message)
      throw new Refusal(
        422,
        `This order would hold ${formatGrams(summary.totalMg)} of dried cannabis or its equivalent, over the legal limit of ${formatGrams(summary.limitMg)} per order. Lower a quantity or remove an item.`,
      );
  }

  // The goods' amounts: as they were when the lines stay the same, else as checkout would today.
  const linesChanged =
    lines.some((l) => l.added || l.quantity !== l.was) || lines.length !== items.length;
  const subtotal = linesChanged ? subtotalCents(lines) : order.subtotalCents;
  let discount = order.discountCents;
  let shipping = order.shippingCostCents;
  if (linesChanged) {
    const coupon = await couponTerms(tx, order);
    if (coupon?.minOrderCents && subtotal < coupon.minOrderCents)
      throw new Refusal(
        422,
        `Coupon ${coupon.code} needs an order of at least ${formatMoney(coupon.minOrderCents)}; after this change the subtotal would be ${formatMoney(subtotal)}. Keep the subtotal at ${formatMoney(coupon.minOrderCents)} or more, or cancel the order instead.`,
      );
    discount = discountCents(coupon, subtotal);
    shipping = shippingCents(subtotal, discount, rates);
  }

  // Taxes for where it now ships, on the day it was placed.
  const address = input.address;
  const setup = await readProvinceTaxSetup(address.province, tx);
  if (address.province !== order.shippingProvince) {
    const notServed = provinceRefusal(setup.rule);
    if (notServed)
      throw new Refusal(
        422,
        `The store doesn't ship to ${provinceName(address.province)} (Provinces & Taxes).`,
        "province",
      );
    const before = await readProvinceTaxSetup(order.shippingProvince as ProvinceCode, tx);
    if (ageToConfirm(setup.rule) > ageToConfirm(before.rule))
      throw new Refusal(
        422,
        `Shipping to ${provinceName(address.province)} needs the shopper to confirm they are ${ageToConfirm(setup.rule)} or older, which they did not do for this order. Ask them to place a new order instead.`,
        "province",
      );
  }
  const taxed = applyProvinceTaxes(
    setup,
    {
      subtotalCents: subtotal,
      discountCents: discount,
      shippingCents: shipping,
      totalCents: subtotal - discount + shipping,
      freeShippingRemainingCents: 0,
    },
    order.createdAt,
  );

  const beforeAddress: EditAddress = {
    name: order.shippingName,
    street: order.shippingStreet,
    city: order.shippingCity,
    province: order.shippingProvince,
    postalCode: order.shippingPostalCode,
  };
  const before: OrderSnapshot = {
    lines: items.map((item) => ({
      id: item.id,
      productName: item.productName,
      sizeLabel: item.sizeLabel,
      quantity: item.quantity,
      priceCents: item.priceAtPurchaseCents,
    })),
    address: beforeAddress,
    discountCents: order.discountCents,
    shippingCents: order.shippingCostCents,
    taxCents: order.taxCents,
    totalCents: order.totalAmountCents,
  };
  const after: OrderSnapshot = {
    lines,
    address: {
      name: address.name,
      street: address.street,
      city: address.city,
      province: address.province,
      postalCode: address.postalCode,
    },
    discountCents: discount,
    shippingCents: shipping,
    taxCents: taxed.totals.taxCents,
    totalCents: taxed.totals.totalCents,
  };
  const summary = describeOrderEdit(before, after);
  const base = {
    orderNumber: order.orderNumber,
    summary,
    totalBeforeCents: order.totalAmountCents,
    totalAfterCents: after.totalCents,
    totals: {
      subtotalCents: subtotal,
      discountCents: discount,
      shippingCents: shipping,
      taxLines: taxed.lines,
      totalCents: after.totalCents,
    },
  };
  if (!summary || preview) return { ...base, changed: Boolean(summary), stockMoved: false };

  // Stock: more taken for raised and added lines, back for lowered and removed ones.
  const stockMoved = await moveOrderStock(tx, order, items, lines, input.actor);

  // The lines: quantities, removals, additions (at today's price).
  const keptIds = new Set(lines.filter((l) => !l.added).map((l) => l.id));
  const removed = items.filter((item) => !keptIds.has(item.id)).map((item) => item.id);
  if (removed.length > 0) await tx.delete(orderItems).where(inArray(orderItems.id, removed));
  for (const line of lines)
    if (!line.added && line.quantity !== line.was)
      await tx
        .update(orderItems)
        .set({ quantity: line.quantity })
        .where(eq(orderItems.id, line.id));
  const additions = lines.filter((l) => l.added);
  if (additions.length > 0)
    await tx.insert(orderItems).values(
      additions.map((line) => ({
        orderId: order.id,
        productId: line.productId,
        variationId: line.variationId,
        productName: line.productName,
        sizeLabel: line.sizeLabel,
        quantity: line.quantity,
        priceAtPurchaseCents: line.priceCents,
      })),
    );

  const taxesBefore = await getOrderTaxLines(order.id, tx);
  await tx.delete(orderTaxLines).where(eq(orderTaxLines.orderId, order.id));
  await saveOrderTaxLines(tx, order.id, taxed.lines);

  const saved = await tx
    .update(orders)
    .set({
      shippingName: address.name,
      shippingStreet: address.street,
      shippingCity: address.city,
      shippingProvince: address.province,
      shippingPostalCode: address.postalCode,
      subtotalCents: subtotal,
      discountCents: discount,
      shippingCostCents: shipping,
      taxCents: taxed.totals.taxCents,
      totalAmountCents: taxed.totals.totalCents,
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
    note: summary,
    createdAt: now,
  });
  await recordAudit(tx, {
    actor: input.actor,
    area: "orders",
    action: "update",
    record: { type: "order", id: order.orderNumber, label: `Order ${order.orderNumber}` },
    changes: changedFields(
      auditView(before, order.subtotalCents, taxesBefore.map((t) => t.label).join(", ")),
      auditView(after, subtotal, taxed.lines.map((t) => t.label).join(", ")),
    ),
  });

  const email = renderOrderUpdatedEmail({
    orderNumber: edited.orderNumber,
    shippingName: edited.shippingName,
    accessToken: edited.accessToken,
    placedAt: edited.createdAt,
    previousTotalCents: order.totalAmountCents,
    items: lines.map((line) => ({
      productName: line.productName,
      sizeLabel: line.sizeLabel,
      quantity: line.quantity,
      priceAtPurchaseCents: line.priceCents,
    })),
    subtotalCents: edited.subtotalCents,
    discountCents: edited.discountCents,
    couponCode: edited.couponCode,
    shippingCostCents: edited.shippingCostCents,
    taxLines: taxed.lines,
    totalAmountCents: edited.totalAmountCents,
    shipping: {
      street: edited.shippingStreet,
      city: edited.shippingCity,
      province: edited.shippingProvince,
      postalCode: edited.shippingPostalCode,
    },
  });
  const queued = await enqueueEmail(tx, { kind: "order_updated", to: edited.email, ...email });
  await tx
    .insert(orderEmailsSent)
    .values({ orderId: order.id, outboxId: queued.id, kind: "updated", sentTo: edited.email });

  return { ...base, changed: true, stockMoved };
}

/** What the audit entry compares: the lines, where it ships and the amounts, as people read them. */
function auditView(order: OrderSnapshot, subtotal: number, taxes: string) {
  return {
    items: linesText(order.lines),
    shippingAddress: addressText(order.address),
    subtotal: formatMoney(subtotal),
    discount: formatMoney(order.discountCents),
    shipping: formatMoney(order.shippingCents),
    taxes: `${formatMoney(order.taxCents)}${taxes ? ` (${taxes})` : ""}`,
    total: formatMoney(order.totalCents),
  };
}

/** The order's coupon as it is now (a coupon deleted since keeps the discount it gave, fixed). */
async function couponTerms(
  tx: Transaction,
  order: typeof orders.$inferSelect,
): Promise<(CouponTerms & { code: string; minOrderCents: number | null }) | null> {
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
 * The order's lines after the edit, checked: every line named is this order's (once), a raise is
 * of something still sold, an added size is sold today (its price read as checkout reads it), is
 * not already a line, and fits in stock. Errors name the form field at fault.
 */
async function newLines(
  tx: Transaction,
  orderNumber: string,
  items: ItemRow[],
  input: OrderEditRequest,
): Promise<NewLine[]> {
  const changes = new Map<string, { quantity: number; remove: boolean; field: string }>();
  input.lines.forEach((change, i) => {
    const field = `lines.${i}.quantity`;
    if (!items.some((item) => item.id === change.id))
      throw new Refusal(
        400,
        `A line of this form is not on order ${orderNumber}. Reload the page and try again.`,
      );
    if (changes.has(change.id))
      throw new Refusal(400, "A line of the order was sent twice. Reload the page and try again.");
    changes.set(change.id, { ...change, field });
  });

  // What the kept lines' products and sizes are now (any status: a line of a product archived
  // since may stay, or go down, but not up).
  const productIds = [...new Set(items.map((item) => item.productId))];
  // One after another: a transaction runs one query at a time.
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
  const sizeRows =
    productIds.length === 0
      ? []
      : await tx
          .select(variationColumns)
          .from(productVariations)
          .where(
            and(
              inArray(productVariations.productId, productIds),
              isNull(productVariations.archivedAt),
            ),
          );

  const lines: NewLine[] = [];
  for (const item of items) {
    const change = changes.get(item.id);
    if (change?.remove) continue;
    const quantity = change ? change.quantity : item.quantity;
    const product = productRows.find((p) => p.id === item.productId);
    const size = item.variationId ? sizeRows.find((v) => v.id === item.variationId) : undefined;
    const sizes = sizeRows.filter((v) => v.productId === item.productId);
    // Its place in stock: the size, or the product when it is still sold without sizes.
    const placed = item.variationId ? Boolean(size) : Boolean(product) && sizes.length === 0;
    const line: NewLine = {
      id: item.id,
      productId: item.productId,
      variationId: item.variationId,
      productName: item.productName,
      sizeLabel: item.sizeLabel,
      quantity,
      priceCents: item.priceAtPurchaseCents,
      was: item.quantity,
      added: false,
      field: change?.field,
      driedMg: product && placed ? unitDriedMg(product, size ?? null) : null,
    };
    if (quantity > item.quantity) {
      if (!product || product.status !== "active" || !placed)
        throw new Refusal(
          422,
          `${lineName(line)} is no longer sold, so its quantity can't go up. Keep or lower it.`,
          line.field,
        );
      const left = size ? Math.min(size.stock, product.stock) : product.stock;
      const more = quantity - item.quantity;
      if (left < more) throw new Refusal(409, notEnough(line, left, more), line.field);
    }
    lines.push(line);
  }

  // Added sizes: read as checkout reads them (today's price, active product, not $0.00).
  const wanted = new Set<string>();
  input.add.forEach((addition, i) => {
    if (wanted.has(addition.item))
      throw new Refusal(
        400,
        "The same size is added twice: add it once with the quantity you want.",
        `add.${i}.item`,
      );
    wanted.add(addition.item);
  });
  const resolved = input.add.length
    ? await resolveCartLines(
        input.add.map((a) => ({ id: a.item, quantity: a.quantity })),
        tx,
      )
    : [];
  input.add.forEach((addition, i) => {
    const found = resolved.find((r) => r.id === addition.item);
    const field = `add.${i}.item`;
    if (!found || found.status === "unavailable")
      throw new Refusal(
        400,
        "This product or size is not sold (it may have been archived or deleted). Choose another.",
        field,
      );
    const label = { productName: found.productName, sizeLabel: found.sizeLabel };
    if (found.status === "unpriced")
      throw new Refusal(
        422,
        `${lineName(label)} has no price yet ($0.00) and can't be sold.`,
        field,
      );
    const already = lines.find(
      (l) => l.productId === found.productId && l.variationId === found.variationId,
    );
    if (already)
      throw new Refusal(
        422,
        `${lineName(label)} is already on this order: change that line's quantity instead.`,
        field,
      );
    const line: NewLine = {
      id: `new:${i}`,
      productId: found.productId,
      variationId: found.variationId,
      productName: found.productName,
      sizeLabel: found.sizeLabel,
      quantity: addition.quantity,
      priceCents: found.priceCents,
      was: 0,
      added: true,
      field: `add.${i}.quantity`,
      driedMg: found.driedMg,
    };
    if (found.available < addition.quantity)
      throw new Refusal(409, notEnough(line, found.available, addition.quantity), line.field);
    lines.push(line);
  });
  return lines;
}

function notEnough(line: Pick<EditLine, "productName" | "sizeLabel">, left: number, more: number) {
  const name = lineName(line);
  return left <= 0
    ? `${name} is out of stock: ${more} more can't be added.`
    : `Not enough ${name} in stock: this needs ${more} more, only ${left} ${left === 1 ? "is" : "are"} left.`;
}

/**
 * Moves the stock an edit changes, through the ledger: each size (or sizeless product) by the
 * difference, in checkout's lock order (product id, then size id), reason "order_edited" with the
 * order and the staff member. A line whose size or product has no place in stock any more (removed
 * since) keeps its items out, as a cancellation does. Answers whether anything moved.
 */
async function moveOrderStock(
  tx: Transaction,
  order: typeof orders.$inferSelect,
  items: ItemRow[],
  lines: NewLine[],
  actor: AuditActor,
): Promise<boolean> {
  type Move = {
    productId: string;
    variationId: string | null;
    by: number;
    line: NewLine | ItemRow;
    field?: string;
  };
  const moves: Move[] = [];
  for (const item of items) {
    const line = lines.find((l) => !l.added && l.id === item.id);
    const by = item.quantity - (line?.quantity ?? 0);
    if (by !== 0)
      moves.push({
        productId: item.productId,
        variationId: item.variationId,
        by,
        line: line ?? item,
        field: line?.field,
      });
  }
  for (const line of lines)
    if (line.added)
      moves.push({
        productId: line.productId,
        variationId: line.variationId,
        by: -line.quantity,
        line,
        field: line.field,
      });
  moves.sort(
    (a, b) =>
      a.productId.localeCompare(b.productId) ||
      (a.variationId ?? "").localeCompare(b.variationId ?? ""),
  );
  let moved = false;
  const touched = new Set<string>();
  for (const move of moves) {
    // Items given back to a size removed since (or a product that has had sizes since) stay out.
    if (move.by > 0 && move.line.sizeLabel !== null && move.variationId === null) continue;
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
      const name = lineName(move.line as EditLine);
      throw new Refusal(409, `${name}: ${result.message}`, move.field);
    }
    if (result.quantity !== 0) {
      moved = true;
      touched.add(move.productId);
    }
  }
  // A size back in stock, or sold out, can change the price the listings show.
  if (touched.size > 0) await refreshListedPrice(tx, [...touched]);
  return moved;
}

/** A pending order as its edit page shows it, with the sizes that can be added. */
export async function getOrderForEdit(orderNumberText: string) {
  const orderNumber = normalizeOrderNumber(orderNumberText);
  if (!orderNumber) return null;
  const [order] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumber));
  if (!order) return null;
  const [items, taxLines, sizes] = await Promise.all([
    db()
      .select({
        id: orderItems.id,
        productId: orderItems.productId,
        variationId: orderItems.variationId,
        productName: orderItems.productName,
        sizeLabel: orderItems.sizeLabel,
        quantity: orderItems.quantity,
        priceCents: orderItems.priceAtPurchaseCents,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.productName), asc(orderItems.sizeLabel), asc(orderItems.id)),
    getOrderTaxLines(order.id),
    order.status === "pending" ? sizesToAdd() : Promise.resolve([]),
  ]);
  return { order, items, taxLines, sizes, refusal: editRefusal(order.orderNumber, order.status) };
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
