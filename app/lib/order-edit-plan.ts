import { provinceName } from "./address";
import { METHOD_NAMES, provinceMethods, type FulfilmentMethod } from "./fulfilment";
import {
  formatGrams,
  summarizeCannabis,
  unitDriedMg,
  type MeasuredProduct,
  type MeasuredSize,
} from "./cannabis-limit";
import { Refusal, refusalFailure, type Failure, type Result } from "./errors";
import { formatMoney } from "./money";
import {
  addressText,
  describeOrderEdit,
  lineName,
  linesText,
  NO_LINE_LEFT,
  type EditAddress,
  type EditLine,
  type OrderLine,
  type OrderSnapshot,
} from "./order-edit";
import {
  discountCents,
  shippingCents,
  subtotalCents,
  type CouponTerms,
  type ShippingRates,
} from "./pricing";
import {
  ageToConfirm,
  computeTaxLines,
  provinceRefusal,
  withTaxes,
  type ProvinceRule,
  type TaxLine,
  type TaxRate,
} from "./taxes";

/**
 * An edit of a pending order, planned without a database: from the order as stored, its kept
 * lines' products and sizes as they are now, the sizes to add as checkout reads them, the coupon,
 * the shipping rates and the taxes, it checks the edit (the rules in
 * app/server/orders/order-edit.server.ts, which reads all of this, locks the order and writes the
 * plan) and answers the order as it will be, or the refusal (on the form's field at fault).
 */

/** A kept line's product as it is now (any status: it may have been archived since). */
interface ProductNow extends MeasuredProduct {
  id: string;
  status: string;
  stock: number;
}

/** A live size of a kept line's product. */
interface SizeNow extends MeasuredSize {
  id: string;
  productId: string;
  stock: number;
}

/** A size to add as checkout reads it (today's price, active product, what is left in stock). */
type SizeToAdd =
  | { status: "unavailable"; id: string }
  | {
      status: "ok" | "insufficient" | "unpriced";
      id: string;
      productId: string;
      variationId: string | null;
      productName: string;
      sizeLabel: string | null;
      priceCents: number;
      available: number;
      driedMg: number | null;
    };

/** The order's coupon as it is now (a coupon deleted since keeps its discount, fixed). */
export type EditCoupon = CouponTerms & { code: string; minOrderCents: number | null };

/** Everything an edit is planned from, read (the order locked) by the order service. */
export interface OrderEditBasis {
  order: {
    orderNumber: string;
    address: EditAddress;
    subtotalCents: number;
    discountCents: number;
    shippingCents: number;
    taxCents: number;
    totalCents: number;
    /** How it reaches the shopper: the new province must allow it. */
    method: FulfilmentMethod;
    /** For a delivery: whether the (new) postal code is in a delivery zone. */
    inDeliveryZone: boolean;
  };
  /** The order's lines, in the order the edit page lists them. */
  items: OrderLine[];
  products: ProductNow[];
  sizes: SizeNow[];
  /** The sizes the edit adds, by their cart item id. */
  added: SizeToAdd[];
  coupon: EditCoupon | null;
  rates: ShippingRates;
  /** The rule of the province the order ships to now, and of the one it ships to after. */
  rules: { before: ProvinceRule; after: ProvinceRule };
  /** The rates of the province it ships to after, and the day the order was placed (its rates). */
  taxRates: TaxRate[];
  taxDay: string;
}

/** What the staff member asks: lines by id (a new quantity, or removed), sizes added, the address. */
export interface OrderEditChange {
  lines: { id: string; quantity: number; remove: boolean }[];
  add: { item: string; quantity: number }[];
  address: EditAddress;
}

/** A line of the order as it will be: an existing one (with its new quantity) or a new one. */
interface PlannedLine extends OrderLine {
  /** The line's old quantity (0 for an added line). */
  was: number;
  added: boolean;
  /** The form field a problem with this line is shown on (none: the form's own message). */
  field?: string;
  /** Dried-cannabis mg per unit (30 g limit); null when not known. */
  driedMg: number | null;
}

/** Stock an edit moves: more taken (by < 0) for raised and added lines, back for the others. */
export interface PlannedMove {
  productId: string;
  variationId: string | null;
  by: number;
  /** "Blue Dream 3.5g", for a refusal. */
  name: string;
  field?: string;
}

/** The order's amounts as a save makes them (the edit form's "Totals now"). */
export interface EditedTotals {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxLines: TaxLine[];
  totalCents: number;
}

export interface OrderEditPlan {
  lines: PlannedLine[];
  before: OrderSnapshot;
  after: OrderSnapshot;
  /** The history entry's text; "" when the edit changes nothing. */
  summary: string;
  totals: EditedTotals;
  /** The rows to write: lines removed, quantities changed, lines added (at today's price). */
  removedIds: string[];
  changedQuantities: { id: string; quantity: number }[];
  additions: PlannedLine[];
  /** In checkout's lock order (product id, then size id). */
  moves: PlannedMove[];
}

/** The first rule the edit breaks ends the plan: its refusal is the plan's answer. */
function refuse(status: Failure["status"], message: string, field?: string): never {
  throw new Refusal(status, message, field);
}

export function planOrderEdit(
  basis: OrderEditBasis,
  change: OrderEditChange,
): Result<OrderEditPlan> {
  try {
    return { ok: true, ...plan(basis, change) };
  } catch (error) {
    const refused = refusalFailure(error);
    if (refused) return refused;
    throw error;
  }
}

function plan(basis: OrderEditBasis, change: OrderEditChange): OrderEditPlan {
  const { order, items } = basis;
  const kept = keptLines(basis, change);
  const lines = [...kept, ...addedLines(basis, change, kept)];
  if (lines.length === 0) refuse(422, NO_LINE_LEFT);
  checkCannabisLimit(lines);

  // The goods' amounts: as they were when the lines stay the same, else as checkout would today.
  const linesChanged =
    lines.some((l) => l.added || l.quantity !== l.was) || lines.length !== items.length;
  const subtotal = linesChanged ? subtotalCents(lines) : order.subtotalCents;
  let discount = order.discountCents;
  let shipping = order.shippingCents;
  if (linesChanged) {
    const { coupon } = basis;
    if (coupon?.minOrderCents && subtotal < coupon.minOrderCents)
      refuse(
        422,
        `Coupon ${coupon.code} needs an order of at least ${formatMoney(coupon.minOrderCents)}; after this change the subtotal would be ${formatMoney(subtotal)}. Keep the subtotal at ${formatMoney(coupon.minOrderCents)} or more, or cancel the order instead.`,
      );
    discount = discountCents(coupon, subtotal);
    shipping = shippingCents(subtotal, discount, basis.rates);
  }

  // Taxes for where it now ships, on the day it was placed.
  const address = change.address;
  if (address.province !== order.address.province) checkProvince(basis, address.province);
  if (!order.inDeliveryZone)
    refuse(
      422,
      "This address is outside every delivery zone (Settings, Delivery zones & windows): a local delivery cannot go there.",
      "postalCode",
    );
  const taxLines = computeTaxLines({
    rates: basis.taxRates,
    province: address.province,
    day: basis.taxDay,
    goodsCents: subtotal - discount,
    shippingCents: shipping,
  });
  const taxed = withTaxes(
    {
      subtotalCents: subtotal,
      discountCents: discount,
      shippingCents: shipping,
      totalCents: subtotal - discount + shipping,
      freeShippingRemainingCents: 0,
    },
    taxLines,
  );

  const before: OrderSnapshot = {
    lines: items.map(({ id, productName, sizeLabel, quantity, priceCents }) => ({
      id,
      productName,
      sizeLabel,
      quantity,
      priceCents,
    })),
    address: order.address,
    discountCents: order.discountCents,
    shippingCents: order.shippingCents,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
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
    taxCents: taxed.taxCents,
    totalCents: taxed.totalCents,
  };
  const keptIds = new Set(lines.filter((l) => !l.added).map((l) => l.id));
  return {
    lines,
    before,
    after,
    summary: describeOrderEdit(before, after),
    totals: {
      subtotalCents: subtotal,
      discountCents: discount,
      shippingCents: shipping,
      taxLines,
      totalCents: taxed.totalCents,
    },
    removedIds: items.filter((item) => !keptIds.has(item.id)).map((item) => item.id),
    changedQuantities: lines
      .filter((l) => !l.added && l.quantity !== l.was)
      .map((l) => ({ id: l.id, quantity: l.quantity })),
    additions: lines.filter((l) => l.added),
    moves: stockMoves(items, lines),
  };
}

/**
 * The order's lines after the edit, checked: every line named is this order's (once), and a raise
 * is of something still sold that fits in stock. Errors name the form field at fault.
 */
function keptLines(basis: OrderEditBasis, change: OrderEditChange): PlannedLine[] {
  const { items } = basis;
  const changes = new Map<string, { quantity: number; remove: boolean; field: string }>();
  for (const [i, line] of change.lines.entries()) {
    if (!items.some((item) => item.id === line.id))
      refuse(
        400,
        `A line of this form is not on order ${basis.order.orderNumber}. Reload the page and try again.`,
      );
    if (changes.has(line.id))
      refuse(400, "A line of the order was sent twice. Reload the page and try again.");
    changes.set(line.id, { ...line, field: `lines.${i}.quantity` });
  }

  const lines: PlannedLine[] = [];
  for (const item of items) {
    const edit = changes.get(item.id);
    if (edit?.remove) continue;
    const quantity = edit ? edit.quantity : item.quantity;
    const product = basis.products.find((p) => p.id === item.productId);
    const size = item.variationId ? basis.sizes.find((v) => v.id === item.variationId) : undefined;
    const sizes = basis.sizes.filter((v) => v.productId === item.productId);
    // Its place in stock: the size, or the product when it is still sold without sizes.
    const placed = item.variationId ? Boolean(size) : Boolean(product) && sizes.length === 0;
    const line: PlannedLine = {
      ...item,
      quantity,
      was: item.quantity,
      added: false,
      field: edit?.field,
      driedMg: product && placed ? unitDriedMg(product, size ?? null) : null,
    };
    if (quantity > item.quantity) {
      if (!product || product.status !== "active" || !placed)
        refuse(
          422,
          `${lineName(line)} is no longer sold, so its quantity can't go up. Keep or lower it.`,
          line.field,
        );
      const left = size ? Math.min(size.stock, product.stock) : product.stock;
      const more = quantity - item.quantity;
      if (left < more) refuse(409, notEnough(line, left, more), line.field);
    }
    lines.push(line);
  }
  return lines;
}

/**
 * The sizes added, checked: each once, sold today (not $0.00), not already a line of the order
 * (kept or added), and in stock.
 */
function addedLines(
  basis: OrderEditBasis,
  change: OrderEditChange,
  kept: PlannedLine[],
): PlannedLine[] {
  const wanted = new Set<string>();
  for (const [i, addition] of change.add.entries()) {
    if (wanted.has(addition.item))
      refuse(
        400,
        "The same size is added twice: add it once with the quantity you want.",
        `add.${i}.item`,
      );
    wanted.add(addition.item);
  }
  const lines: PlannedLine[] = [];
  for (const [i, addition] of change.add.entries()) {
    const found = basis.added.find((r) => r.id === addition.item);
    const field = `add.${i}.item`;
    if (!found || found.status === "unavailable")
      refuse(
        400,
        "This product or size is not sold (it may have been archived or deleted). Choose another.",
        field,
      );
    const label = { productName: found.productName, sizeLabel: found.sizeLabel };
    if (found.status === "unpriced")
      refuse(422, `${lineName(label)} has no price yet ($0.00) and can't be sold.`, field);
    const same = (l: OrderLine) =>
      l.productId === found.productId && l.variationId === found.variationId;
    if (kept.some(same) || lines.some(same))
      refuse(
        422,
        `${lineName(label)} is already on this order: change that line's quantity instead.`,
        field,
      );
    const line: PlannedLine = {
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
      refuse(409, notEnough(line, found.available, addition.quantity), line.field);
    lines.push(line);
  }
  return lines;
}

function notEnough(line: Pick<EditLine, "productName" | "sizeLabel">, left: number, more: number) {
  const name = lineName(line);
  return left <= 0
    ? `${name} is out of stock: ${more} more can't be added.`
    : `Not enough ${name} in stock: this needs ${more} more, only ${left} ${left === 1 ? "is" : "are"} left.`;
}

/** The 30 g limit: only more of something can break it, so only then is it checked. */
function checkCannabisLimit(lines: PlannedLine[]) {
  if (!lines.some((line) => line.quantity > line.was)) return;
  const summary = summarizeCannabis(
    lines.map((l) => ({ name: lineName(l), quantity: l.quantity, driedMg: l.driedMg })),
  );
  const unmeasured = lines.find((l) => l.driedMg === null);
  if (unmeasured)
    refuse(
      422,
      `The cannabis amount of ${lineName(unmeasured)} is not set, so the 30 g limit can't be checked. Set its net amount on the product first.`,
    );
  if (summary.message)
    refuse(
      422,
      `This order would hold ${formatGrams(summary.totalMg)} of dried cannabis or its equivalent, over the legal limit of ${formatGrams(summary.limitMg)} per order. Lower a quantity or remove an item.`,
    );
}

/**
 * A new province must be served, allow the order's way of reaching the shopper, and ask no older age
 * than the shopper confirmed.
 */
function checkProvince({ rules, order }: OrderEditBasis, province: string) {
  if (provinceRefusal(rules.after))
    refuse(
      422,
      `The store doesn't ship to ${provinceName(province)} (Provinces & Taxes).`,
      "province",
    );
  if (!provinceMethods(rules.after.province, rules.after.methods).includes(order.method))
    refuse(
      422,
      `${METHOD_NAMES[order.method]} is not allowed in ${provinceName(province)}. Ask the shopper to place a new order instead.`,
      "province",
    );
  if (ageToConfirm(rules.after) > ageToConfirm(rules.before))
    refuse(
      422,
      `Shipping to ${provinceName(province)} needs the shopper to confirm they are ${ageToConfirm(rules.after)} or older, which they did not do for this order. Ask them to place a new order instead.`,
      "province",
    );
}

/**
 * The stock an edit moves: each size (or sizeless product) by the difference, in checkout's lock
 * order (product id, then size id). Items given back to a size removed since (or to a product that
 * has had sizes since) have nowhere to go: they stay out, as a cancellation leaves them.
 */
function stockMoves(items: OrderLine[], lines: PlannedLine[]): PlannedMove[] {
  const moves: (PlannedMove & { sizeLabel: string | null })[] = [];
  for (const item of items) {
    const line = lines.find((l) => !l.added && l.id === item.id);
    const by = item.quantity - (line?.quantity ?? 0);
    if (by !== 0)
      moves.push({
        productId: item.productId,
        variationId: item.variationId,
        by,
        name: lineName(line ?? item),
        field: line?.field,
        sizeLabel: item.sizeLabel,
      });
  }
  for (const line of lines)
    if (line.added)
      moves.push({
        productId: line.productId,
        variationId: line.variationId,
        by: -line.quantity,
        name: lineName(line),
        field: line.field,
        sizeLabel: line.sizeLabel,
      });
  return moves
    .sort(
      (a, b) =>
        a.productId.localeCompare(b.productId) ||
        (a.variationId ?? "").localeCompare(b.variationId ?? ""),
    )
    .filter((move) => !(move.by > 0 && move.sizeLabel !== null && move.variationId === null))
    .map(({ sizeLabel: _sizeLabel, ...move }) => move);
}

/** What the audit entry compares: the lines, where it ships and the amounts, as people read them. */
export function editAuditView(order: OrderSnapshot, subtotalCents: number, taxLabels: string[]) {
  const taxes = taxLabels.join(", ");
  return {
    items: linesText(order.lines),
    shippingAddress: addressText(order.address),
    subtotal: formatMoney(subtotalCents),
    discount: formatMoney(order.discountCents),
    shipping: formatMoney(order.shippingCents),
    taxes: `${formatMoney(order.taxCents)}${taxes ? ` (${taxes})` : ""}`,
    total: formatMoney(order.totalCents),
  };
}
