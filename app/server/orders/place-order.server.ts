import crypto from "node:crypto";
import { and, eq, gte, isNull, sql } from "drizzle-orm";
import { Refusal } from "~/lib/errors";
import { computeTotals, type CouponTerms, type Totals } from "~/lib/pricing";
import { storeSettings } from "../settings/store-settings.server";
import type { CheckoutInput } from "~/schemas/checkout";
import { isUniqueViolation } from "../db-errors.server";
import { db, type Transaction } from "../db.server";
import { queueOrderEmail } from "./order-emails.server";
import { renderOrderConfirmationEmail } from "../email/templates/order-confirmation.server";
import { wakeWorker } from "../email/worker.server";
import { logger } from "../logger.server";
import { refreshListedPrice } from "../inventory/listed-price.server";
import { recordMovements, type NewMovement } from "../inventory/stock-ledger.server";
import { checkCoupon, redeemCoupon } from "../marketing/coupons.server";
import {
  invoices,
  orderItems,
  orderStatusHistory,
  orderTaxLines,
  orders,
  productVariations,
  products,
} from "../db-tables";
import {
  lineProblem,
  linesParcelGrams,
  resolveCartLines,
  type PricedLine,
} from "./cart-lines.server";
import { orderLineValues } from "./order-lines.server";
import { invalidatePageCache } from "../storefront/page-invalidation.server";
import { connectedAccount } from "../canada-post/account.server";
import { quoteShown, type ParcelQuote } from "../canada-post/live-rates.server";
import {
  ageConfirmationMissing,
  ageToConfirm,
  provinceRefusal,
  STORE_MINIMUM_AGE,
} from "~/lib/taxes";
import {
  applyProvinceTaxes,
  orderTaxLineValues,
  readProvinceTaxSetup,
} from "../taxes/taxes.server";
import { cannabisRefusal } from "./cannabis-limit.server";
import { recordPurchaseConsent } from "../marketing/consent.server";
import type { StoreSettings } from "~/lib/store-settings";
import { queueNewOrderAlerts } from "./staff-alerts.server";
import { bookWindow, fulfilmentChoices, newPickupCode } from "../fulfilment/choices.server";
import { methodName, noFulfilmentMethod, parseWindowKey, proofOfAge } from "~/lib/fulfilment";
import type { ProvinceRule } from "~/lib/taxes";
import type { Locale } from "~/lib/i18n/locale";
import { checkoutPageMessages } from "~/lib/i18n/messages/checkout";
import { translator } from "~/lib/i18n/translate";

interface PlacedOrder {
  id: string;
  orderNumber: string;
  accessToken: string;
}

type PlaceOrderResult =
  | { ok: true; order: PlacedOrder; replayed: boolean; soldOut?: boolean }
  | { ok: false; field: RefusedField; message: string; status: 409 | 422 };

type RefusedField =
  "items" | "couponCode" | "province" | "ageConfirmed" | "fulfilmentMethod" | "deliveryWindow";

/** Rolls the order's transaction back with a message for the shopper, on the field at fault. */
export const PARCEL_QUOTE_EXPIRED = translator(checkoutPageMessages, "en")("parcelQuoteExpired");

function refuse(field: RefusedField, message: string, status: 409 | 422 = 422): never {
  throw new Refusal(status, message, field);
}

/**
 * Places an order as ONE transaction: prices re-read, coupon re-checked and its use taken, stock
 * decremented by guarded updates (never below zero), order, items, history, invoice and customer
 * written, confirmation email (and the staff's new-order emails) queued in the outbox. Either all of
 * it commits or none of it does.
 * The same idempotency key always answers with the same order.
 * `locale` is the checkout page's language: the order remembers it (orders.locale, its emails are
 * written in it) and every refusal is in it.
 */
export async function placeOrder(
  input: CheckoutInput,
  options: { now?: Date; locale?: Locale } = {},
): Promise<PlaceOrderResult> {
  const locale = options.locale ?? "en";
  try {
    // Read before the transaction: the fee, threshold and e-Transfer details this order is quoted
    // with, and who gets the new-order email.
    const settings = await storeSettings();
    if (!settings.payments.etransferEmail)
      return {
        ok: false,
        field: "items",
        message: translator(checkoutPageMessages, locale)("checkoutClosed"),
        status: 409,
      };
    const result = await db().transaction((tx) =>
      placeInTransaction(tx, input, options.now ?? new Date(), settings, locale),
    );
    // Committed: the email worker sends the confirmation now rather than at its next poll.
    if (result.ok) wakeWorker();
    // Only a product or size now sold out changes what cached pages show (badge, Add to Cart, the
    // listed price); other stock moves may show late by the cache's bound, checkout re-checks.
    if (result.ok && result.soldOut) await invalidatePageCache("sold out");
    return result;
  } catch (error) {
    if (error instanceof Refusal) {
      const { status } = error.failure;
      return {
        ok: false,
        field: (error.field ?? "items") as RefusedField,
        message: error.message,
        status: status === 409 ? 409 : 422,
      };
    }
    // Two first submissions of one key raced past the lock (cannot happen with it, kept as a net).
    if (isUniqueViolation(error, "orders_idempotency_key")) {
      const existing = await findByIdempotencyKey(input.idempotencyKey);
      if (existing) return { ok: true, order: existing, replayed: true };
    }
    throw error;
  }
}

async function findByIdempotencyKey(key: string, executor = db()) {
  const [row] = await executor
    .select({ id: orders.id, orderNumber: orders.orderNumber, accessToken: orders.accessToken })
    .from(orders)
    .where(eq(orders.idempotencyKey, key))
    .limit(1);
  return row;
}

async function placeInTransaction(
  tx: Transaction,
  input: CheckoutInput,
  now: Date,
  settings: Pick<StoreSettings, "shipping" | "fulfilment" | "notifications">,
  locale: Locale,
): Promise<PlaceOrderResult> {
  const { shipping } = settings;
  const t = translator(checkoutPageMessages, locale);
  // Retries of one submission queue behind each other here, then find the order the first one made.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order:${input.idempotencyKey}`}))`);
  const existing = await findByIdempotencyKey(input.idempotencyKey, tx);
  if (existing) return { ok: true, order: existing, replayed: true };

  // Names in the page's language for the refusals; the order stores each product's own name.
  const resolved = await resolveCartLines(input.items, tx, locale);
  const lines: PricedLine[] = [];
  for (const line of resolved) {
    const problem = lineProblem(line, undefined, locale);
    if (problem) refuse("items", problem);
    if (line.status !== "unavailable") lines.push(line);
  }
  // The 30 g limit, checked on the lines just re-read.
  const overLimit = cannabisRefusal(lines, locale);
  if (overLimit) refuse("items", overLimit);

  // A province the store serves, and its minimum age confirmed.
  const taxSetup = await readProvinceTaxSetup(input.province, tx);
  const rule = taxSetup.rule;
  const refusal = provinceRefusal(rule, locale);
  if (refusal) refuse("province", refusal);
  if ((input.confirmedAge ?? STORE_MINIMUM_AGE) < ageToConfirm(rule))
    refuse("ageConfirmed", ageConfirmationMissing(rule, locale));

  let totals = computeTotals(lines, null, shipping);
  let coupon: { id: string; code: string } | null = null;
  let couponTerms: CouponTerms | null = null;
  if (input.couponCode) {
    // Locks the coupon row until commit, so its last use cannot be taken twice.
    const check = await checkCoupon({
      code: input.couponCode,
      subtotalCents: totals.subtotalCents,
      email: input.email,
      now,
      executor: tx,
      lock: true,
      locale,
    });
    if (!check.ok) refuse("couponCode", check.message);
    coupon = { id: check.coupon.id, code: check.coupon.code };
    couponTerms = check.coupon;
    totals = computeTotals(lines, couponTerms, shipping);
  }
  // How it reaches the shopper: a method the province and the address allow, its fee, its window.
  const fulfilment = await chooseFulfilment(tx, input, rule, lines, totals, settings, now, locale);
  totals = computeTotals(lines, couponTerms, fulfilment.rates);

  // Sales taxes: stored as lines on the order, included in its total.
  const taxed = applyProvinceTaxes(taxSetup, totals, now);
  const taxLines = taxed.lines;
  const taxCents = taxed.totals.taxCents;
  totals = taxed.totals;

  const customerId = await upsertCustomer(tx, input, now);

  // The order and the rows that hang off it go in one statement: data-modifying CTEs, whose
  // foreign keys PostgreSQL checks at the statement's end (the order's id is made here for them).
  const orderId = crypto.randomUUID();
  const items = orderLineValues(orderId, lines);
  const taxRows = orderTaxLineValues(orderId, taxLines);
  const [order] = await tx
    .with(
      tx.$with("items").as(tx.insert(orderItems).values(items)),
      ...(taxRows.length
        ? [tx.$with("tax_lines").as(tx.insert(orderTaxLines).values(taxRows))]
        : []),
      tx.$with("history").as(
        tx.insert(orderStatusHistory).values({
          orderId,
          fromStatus: null,
          toStatus: "pending",
          changedBy: "customer",
          note: "Order placed at checkout",
          createdAt: now,
        }),
      ),
      tx
        .$with("invoice")
        .as(
          tx
            .insert(invoices)
            .values({ orderId, totalAmountCents: totals.totalCents, invoiceDate: now }),
        ),
    )
    .insert(orders)
    .values({
      id: orderId,
      customerId,
      email: input.email,
      phone: input.phone,
      shippingName: input.name,
      shippingStreet: input.street,
      shippingCity: input.city,
      shippingProvince: input.province,
      shippingPostalCode: input.postalCode,
      status: "pending",
      subtotalCents: totals.subtotalCents,
      discountCents: totals.discountCents,
      shippingCostCents: totals.shippingCents,
      taxCents,
      totalAmountCents: totals.totalCents,
      couponId: coupon?.id,
      couponCode: coupon?.code,
      ...fulfilment.columns,
      locale,
      idempotencyKey: input.idempotencyKey,
      accessToken: crypto.randomBytes(24).toString("base64url"),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: orders.id, orderNumber: orders.orderNumber, accessToken: orders.accessToken });
  if (!order) throw new Error("order insert returned no row");

  if (coupon) {
    const redeemed = await redeemCoupon(tx, {
      couponId: coupon.id,
      orderId: order.id,
      email: input.email,
    });
    if (!redeemed) refuse("couponCode", t("couponUsedUp"), 409);
  }

  // CASL consent from this purchase: the box ticked (express) or implied for two years.
  await recordPurchaseConsent(tx, {
    email: input.email,
    orderId: order.id,
    express: input.newsletter === true,
    now,
    locale,
  });

  const orderLines = {
    items,
    fulfilment: fulfilment.columns,
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    shippingCostCents: totals.shippingCents,
    taxLines,
    totalAmountCents: totals.totalCents,
  };
  const email = renderOrderConfirmationEmail({
    ...orderLines,
    orderNumber: order.orderNumber,
    email: input.email,
    shippingName: input.name,
    accessToken: order.accessToken,
    placedAt: now,
    locale,
  });
  await queueOrderEmail(tx, {
    order: { id: order.id, kind: "confirmation" },
    email: { kind: "order_confirmation", to: input.email, ...email },
  });
  await queueNewOrderAlerts(tx, settings.notifications.newOrderEmails, {
    ...orderLines,
    couponCode: coupon?.code,
    orderNumber: order.orderNumber,
    placedAt: now,
    customerName: input.name,
    customerEmail: input.email,
    province: input.province,
  });

  // Stock last: on PostgreSQL the product rows stay locked from here to commit, and every shopper
  // buying the same product waits on them, so they are held as briefly as possible.
  const { soldOut } = await takeStock(tx, lines, order.id, locale);
  logger.info({ orderNumber: order.orderNumber, total: totals.totalCents }, "order placed");
  return { ok: true, order, replayed: false, soldOut };
}

/**
 * The Canada Post quote a parcel is charged by: the live one the shopper was shown (it must still
 * hold for this postal code and weight, else a 409 asks them to look at the price again), the
 * store's own price when Canada Post had not answered in time ("fallback"), or none when the store
 * is not connected. Read in the order's transaction; Canada Post is never asked from here.
 */
async function parcelQuoteShown(
  tx: Transaction,
  input: CheckoutInput,
  parcelGrams: number,
  now: Date,
  locale: Locale,
): Promise<ParcelQuote> {
  if (!(await connectedAccount(tx))) return "not connected";
  if (!input.parcelService) return "fallback";
  const quote = input.parcelQuote
    ? await quoteShown(tx, input.parcelQuote, input.postalCode, parcelGrams, now)
    : null;
  if (!quote?.rates.some((rate) => rate.serviceCode === input.parcelService))
    refuse("fulfilmentMethod", translator(checkoutPageMessages, locale)("parcelQuoteExpired"), 409);
  return quote;
}

/**
 * The method, fee and order columns of the shopper's choice, or a refusal: a method the province,
 * the owner's settings or the address do not allow (422), a delivery window gone or filled (409,
 * naming the next free ones). A window's place is taken here, by a guarded write.
 */
async function chooseFulfilment(
  tx: Transaction,
  input: CheckoutInput,
  rule: ProvinceRule,
  lines: readonly PricedLine[],
  totals: Totals,
  settings: Pick<StoreSettings, "shipping" | "fulfilment">,
  now: Date,
  locale: Locale,
) {
  const t = translator(checkoutPageMessages, locale);
  const method = input.fulfilmentMethod ?? "parcel";
  const parcelGrams = linesParcelGrams(lines);
  const choices = await fulfilmentChoices({
    rule,
    postalCode: input.postalCode,
    goodsCents: totals.subtotalCents - totals.discountCents,
    parcelGrams,
    parcelQuote:
      method === "parcel" ? await parcelQuoteShown(tx, input, parcelGrams, now, locale) : undefined,
    settings,
    now,
    executor: tx,
    locale,
  });
  const choice = choices.quoteId ? `${method}:${input.parcelService}` : method;
  const option = choices.options.find((o) => o.choice === choice);
  if (!option) {
    const offered = choices.options.map((o) => o.name);
    refuse(
      "fulfilmentMethod",
      offered.length === 0
        ? (choices.noneReason ?? noFulfilmentMethod(locale))
        : t("methodNotAvailable", {
            method: methodName(method, locale),
            offered: offered.join(` ${t("or")} `),
          }),
    );
  }
  if (option.unavailable) refuse("fulfilmentMethod", option.unavailable);
  const columns = {
    fulfilmentMethod: method,
    proofOfAge: method === "parcel" ? proofOfAge(rule.minimumAge) : null,
    parcelService: option.service?.serviceCode ?? null,
    parcelServiceName: option.service?.serviceName ?? null,
    parcelPriceSource: option.priceSource,
    pickupCode: method === "pickup" ? await newPickupCode(tx) : null,
    deliveryWindowId: null as string | null,
    deliveryDate: null as string | null,
    deliveryStarts: null as string | null,
    deliveryEnds: null as string | null,
  };
  if (method === "delivery") {
    const key = parseWindowKey(input.deliveryWindow ?? "");
    const window = key && choices.windows.find((w) => w.key === input.deliveryWindow);
    const nextFree = (except?: string) =>
      choices.windows
        .filter((w) => w.key !== except)
        .slice(0, 3)
        .map((w) => w.label)
        .join(locale === "fr" ? "\u00a0; " : "; ");
    if (!input.deliveryWindow) refuse("deliveryWindow", t("windowRequired"));
    if (!window || !(await bookWindow(tx, window))) {
      const free = nextFree(input.deliveryWindow);
      refuse(
        "deliveryWindow",
        free ? t("windowFullNext", { windows: free }) : t("windowFullNone"),
        409,
      );
    }
    Object.assign(columns, {
      deliveryWindowId: window.windowId,
      deliveryDate: window.date,
      deliveryStarts: window.starts,
      deliveryEnds: window.ends,
    });
  }
  return { option, columns, rates: option.rates };
}

/**
 * Guarded decrements: each variation and the product's total only go down when enough is left. Rows
 * are locked in one global order (product id, then variation id) so concurrent orders never deadlock.
 * Each size (or sizeless product) sold is a "sold" movement in the stock ledger. Answers whether
 * anything sold out (the cached storefront pages then show it at once).
 */
async function takeStock(
  tx: Transaction,
  lines: PricedLine[],
  orderId: string,
  locale: Locale,
): Promise<{ soldOut: boolean }> {
  const movements: NewMovement[] = [];
  const sold = (line: PricedLine, quantity: number, stockAfter: number) =>
    movements.push({
      productId: line.productId,
      variationId: line.variationId ?? null,
      quantity: -quantity,
      stockAfter,
      reason: "sold",
      orderId,
    });
  const byProduct = new Map<string, PricedLine[]>();
  for (const line of lines)
    byProduct.set(line.productId, [...(byProduct.get(line.productId) ?? []), line]);
  let soldOut = false;
  // A size that sells out no longer sets the price its product is listed at.
  const sizeSoldOut: string[] = [];
  for (const productId of [...byProduct.keys()].sort()) {
    const group = byProduct
      .get(productId)!
      .sort((a, b) => (a.variationId ?? "").localeCompare(b.variationId ?? ""));
    for (const line of group) {
      if (!line.variationId) continue;
      const [taken] = await tx
        .update(productVariations)
        .set({ stock: sql`${productVariations.stock} - ${line.quantity}` })
        .where(
          and(
            eq(productVariations.id, line.variationId),
            isNull(productVariations.archivedAt),
            gte(productVariations.stock, line.quantity),
          ),
        )
        .returning({ left: productVariations.stock });
      if (!taken) refuse("items", outOfStock(line, locale), 409);
      sold(line, line.quantity, taken.left);
      if (taken.left === 0 && !sizeSoldOut.includes(productId)) sizeSoldOut.push(productId);
    }
    const quantity = group.reduce((sum, line) => sum + line.quantity, 0);
    const [taken] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${quantity}`, updatedAt: new Date() })
      .where(
        and(
          eq(products.id, productId),
          eq(products.status, "active"),
          gte(products.stock, quantity),
        ),
      )
      .returning({ left: products.stock });
    if (!taken) refuse("items", outOfStock(group[0]!, locale), 409);
    if (!group[0]!.variationId) sold(group[0]!, quantity, taken.left);
    if (taken.left === 0) soldOut = true;
  }
  await recordMovements(tx, movements);
  await refreshListedPrice(tx, sizeSoldOut);
  return { soldOut: soldOut || sizeSoldOut.length > 0 };
}

function outOfStock(line: PricedLine, locale: Locale) {
  return translator(checkoutPageMessages, locale)("soldOut", { name: line.name });
}

/** The customer record follows the latest order's details; one row per email (case-insensitive). */
async function upsertCustomer(tx: Transaction, input: CheckoutInput, now: Date): Promise<string> {
  const result = (await tx.execute(sql`
    insert into customers (name, email, phone, address, city, province, postcode, created_at, updated_at)
    values (${input.name}, ${input.email}, ${input.phone}, ${input.street}, ${input.city},
            ${input.province}, ${input.postalCode}, ${now.toISOString()}, ${now.toISOString()})
    on conflict (lower(email)) do update set
      name = excluded.name, phone = excluded.phone, address = excluded.address,
      city = excluded.city, province = excluded.province, postcode = excluded.postcode,
      updated_at = excluded.updated_at
    returning id`)) as unknown as { rows: { id: string }[] };
  return result.rows[0]!.id;
}
