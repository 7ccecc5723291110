import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { productVariations, products } from "./catalog.server";
import { customers } from "./customers.server";
import { coupons, emailOutbox } from "./marketing.server";
import { deliveryWindows } from "./fulfilment.server";

import { INVOICE_STATUSES, ORDER_STATUSES, SHIPMENT_STATUSES } from "../../lib/order-status";
import { saleCondition } from "../../lib/report-period";
import { FULFILMENT_METHODS } from "../../lib/fulfilment";
import { createdAt, id, timestamps, ownedBy } from "./columns.server";

/** SQL `in (...)` list of fixed values, for check constraints. */
export const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(","));

export const orderNumberSeq = pg.pgSequence("order_number_seq", { startWith: 1 });

export const orders = pg.pgTable(
  "orders",
  {
    ...id,
    orderNumber: pg
      .text("order_number")
      .notNull()
      .default(sql`'BBS-' || lpad(nextval('order_number_seq')::text, 8, '0')`),
    customerId: pg.uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    email: pg.text("email").notNull(),
    phone: pg.text("phone"),
    /** The shopper's language ("en" or "fr", app/lib/i18n/locale.ts): every email about it uses it. */
    locale: pg.text("locale").notNull().default("en"),
    shippingName: pg.text("shipping_name").notNull(),
    shippingStreet: pg.text("shipping_street").notNull(),
    shippingCity: pg.text("shipping_city").notNull(),
    shippingProvince: pg.text("shipping_province").notNull(),
    shippingPostalCode: pg.text("shipping_postal_code").notNull(),
    status: pg.text("status").notNull().default("pending"),
    subtotalCents: pg.integer("subtotal_cents").notNull(),
    discountCents: pg.integer("discount_cents").notNull().default(0),
    shippingCostCents: pg.integer("shipping_cost_cents").notNull().default(0),
    /** The sum of the order's tax lines (order_tax_lines); 0 for orders placed before taxes. */
    taxCents: pg.integer("tax_cents").notNull().default(0),
    totalAmountCents: pg.integer("total_amount_cents").notNull(),
    couponId: pg.uuid("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    couponCode: pg.text("coupon_code"),
    idempotencyKey: pg.text("idempotency_key"),
    /** Interac e-Transfer reference and the amount that arrived, recorded when marked paid. */
    paymentReference: pg.text("payment_reference"),
    paymentReceivedCents: pg.integer("payment_received_cents"),
    paidAt: pg.timestamp("paid_at", { withTimezone: true }),
    /** The sum of the order's refunds; a guarded update keeps it within the total. */
    refundedCents: pg.integer("refunded_cents").notNull().default(0),
    /** Moved by every staff change to the order (status, edit, refund): forms carry it to refuse a stale one. */
    version: pg.integer("version").notNull().default(1),
    cancelReason: pg.text("cancel_reason"),
    cancelledAt: pg.timestamp("cancelled_at", { withTimezone: true }),
    /** When the unpaid-order reminder was queued (once per order). */
    reminderSentAt: pg.timestamp("reminder_sent_at", { withTimezone: true }),
    accessToken: pg.text("access_token").notNull(),
    /** How the order reaches the shopper (docs/product/fulfilment.md). */
    fulfilmentMethod: pg.text("fulfilment_method").notNull().default("parcel"),
    /** A delivery's booked window: the day and the window's times as booked. */
    deliveryWindowId: pg
      .uuid("delivery_window_id")
      .references(() => deliveryWindows.id, { onDelete: "set null" }),
    deliveryDate: pg.date("delivery_date", { mode: "string" }),
    deliveryStarts: pg.text("delivery_starts"),
    deliveryEnds: pg.text("delivery_ends"),
    /** A pickup's code, said at the counter. */
    pickupCode: pg.text("pickup_code"),
    /** A parcel's Canada Post Proof of Age option, from the province's legal age. */
    proofOfAge: pg.text("proof_of_age"),
    /** A parcel's Canada Post service as quoted live (DOM.EP) and its name; null: flat or table. */
    parcelService: pg.text("parcel_service"),
    parcelServiceName: pg.text("parcel_service_name"),
    /**
     * Where a parcel's price came from: flat, table, live (Canada Post's quote) or fallback (the
     * rate table, because Canada Post did not answer in time); null for delivery and pickup.
     */
    parcelPriceSource: pg.text("parcel_price_source"),
    /** When a pickup order was made ready at the counter (its hold days count from here). */
    readyAt: pg.timestamp("ready_at", { withTimezone: true }),
    /** Made by the sample-data generator (removable with the sample data; not a real order). */
    sample: pg.boolean("sample").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    pg.uniqueIndex("orders_order_number_key").on(t.orderNumber),
    pg.uniqueIndex("orders_idempotency_key").on(t.idempotencyKey),
    pg.uniqueIndex("orders_access_token_key").on(t.accessToken),
    pg.index("orders_created_idx").on(t.createdAt, t.id),
    pg.index("orders_status_created_idx").on(t.status, t.createdAt, t.id),
    // Reports & Analytics: sales (saleCondition: paid and later, or cancelled with a refund) by
    // date, their totals and tax read from the index alone, and each buyer's earlier sales.
    pg
      .index("orders_sales_created_idx")
      .on(t.createdAt, t.totalAmountCents, t.taxCents, t.customerId)
      .where(sql.raw(saleCondition())),
    pg
      .index("orders_sales_customer_idx")
      .on(t.customerId, t.createdAt)
      .where(sql.raw(saleCondition())),
    pg.index("orders_customer_idx").on(t.customerId),
    // A coupon's page lists the orders that used it, newest first.
    pg.index("orders_coupon_idx").on(t.couponId, t.createdAt, t.id),
    pg.index("orders_email_idx").on(sql`lower(${t.email})`),
    // A shopper's order history (My Account): their orders by email, newest first.
    pg.index("orders_email_created_idx").on(sql`lower(${t.email})`, t.createdAt, t.id),
    // Prefix search (LIKE 'abc%') by email and by name on the admin Orders screen.
    pg.index("orders_email_prefix_idx").on(sql`lower(${t.email}) text_pattern_ops`),
    pg.index("orders_name_prefix_idx").on(sql`lower(${t.shippingName}) text_pattern_ops`),
    pg.check("orders_status_check", sql`${t.status} in (${inList(ORDER_STATUSES)})`),
    pg.check(
      "orders_fulfilment_method_check",
      sql`${t.fulfilmentMethod} in (${inList(FULFILMENT_METHODS)})`,
    ),
    // The delivery run of a day; a pickup found by its code.
    pg.index("orders_delivery_idx").on(t.deliveryDate, t.deliveryStarts, t.shippingPostalCode),
    pg.uniqueIndex("orders_pickup_code_key").on(t.pickupCode),
    pg.check(
      "orders_money_check",
      sql`${t.subtotalCents} >= 0 and ${t.discountCents} >= 0 and ${t.shippingCostCents} >= 0 and ${t.totalAmountCents} >= 0`,
    ),
    pg.check(
      "orders_refunded_check",
      sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.totalAmountCents}`,
    ),
  ],
);

export const orderItems = pg.pgTable(
  "order_items",
  {
    ...id,
    orderId: ownedBy("order_id", () => orders.id),
    productId: pg
      .uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    variationId: pg.uuid("variation_id").references(() => productVariations.id, {
      onDelete: "set null",
    }),
    productName: pg.text("product_name").notNull(),
    sizeLabel: pg.text("size_label"),
    quantity: pg.integer("quantity").notNull(),
    priceAtPurchaseCents: pg.integer("price_at_purchase_cents").notNull(),
  },
  (t) => [
    pg.index("order_items_order_idx").on(t.orderId),
    pg.index("order_items_product_idx").on(t.productId),
    pg.check("order_items_quantity_check", sql`${t.quantity} > 0`),
    pg.check("order_items_price_check", sql`${t.priceAtPurchaseCents} >= 0`),
  ],
);

export const orderStatusHistory = pg.pgTable(
  "order_status_history",
  {
    ...id,
    orderId: ownedBy("order_id", () => orders.id),
    fromStatus: pg.text("from_status"),
    toStatus: pg.text("to_status").notNull(),
    changedBy: pg.text("changed_by").notNull(),
    note: pg.text("note"),
    ...createdAt,
  },
  (t) => [
    pg.index("order_status_history_order_idx").on(t.orderId, t.createdAt),
    pg.index("order_status_history_created_idx").on(t.createdAt),
  ],
);

export const shipments = pg.pgTable(
  "shipments",
  {
    ...id,
    orderId: ownedBy("order_id", () => orders.id),
    carrier: pg.text("carrier").notNull().default("Canada Post"),
    trackingNumber: pg.text("tracking_number"),
    status: pg.text("status").notNull().default("preparing"),
    estimatedDelivery: pg.date("estimated_delivery"),
    shippedDate: pg.timestamp("shipped_date", { withTimezone: true }),
    deliveredDate: pg.timestamp("delivered_date", { withTimezone: true }),
    /** The Proof of Age option to buy with the label (PA18 or PA19, from the destination). */
    proofOfAge: pg.text("proof_of_age"),
    /** The parcel's weight: the sizes' packed weights, raised to Canada Post's minimum. */
    weightGrams: pg.integer("weight_grams"),
    /**
     * A label bought through Canada Post's API: buying (claimed, the API asked), bought, voided or
     * failed (label_error says why). The key is sent to the API and unique, so one claim buys.
     */
    labelState: pg.text("label_state"),
    labelKey: pg.text("label_key"),
    labelShipmentId: pg.text("label_shipment_id"),
    labelVoidUrl: pg.text("label_void_url"),
    /** The label PDF's file under DATA_DIR/labels. */
    labelFile: pg.text("label_file"),
    labelError: pg.text("label_error"),
    labelBoughtAt: pg.timestamp("label_bought_at", { withTimezone: true }),
    /** The tracking job's last look at this parcel (the oldest are asked first). */
    trackingCheckedAt: pg.timestamp("tracking_checked_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    pg.uniqueIndex("shipments_order_key").on(t.orderId),
    pg.uniqueIndex("shipments_label_key").on(t.labelKey),
    pg
      .index("shipments_tracking_due_idx")
      .on(t.trackingCheckedAt)
      .where(sql`${t.status} in ('shipped', 'in_transit') and ${t.trackingNumber} is not null`),
    pg.check(
      "shipments_label_state_check",
      sql`${t.labelState} is null or ${t.labelState} in ('buying', 'bought', 'voided', 'failed')`,
    ),
    pg.index("shipments_status_idx").on(t.status, t.createdAt, t.id),
    // Shipping a parcel warns when its tracking number is already on another order's shipment.
    pg
      .index("shipments_tracking_number_idx")
      .on(t.trackingNumber)
      .where(sql`${t.trackingNumber} is not null`),
    pg.check("shipments_status_check", sql`${t.status} in (${inList(SHIPMENT_STATUSES)})`),
  ],
);

/**
 * A parcel's tracking events as Canada Post reports them (the order page lists them): each stored
 * once, whatever how many times the job reads it.
 */
export const shipmentEvents = pg.pgTable(
  "shipment_events",
  {
    ...id,
    shipmentId: pg
      .uuid("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    at: pg.timestamp("at", { withTimezone: true }).notNull(),
    code: pg.text("code").notNull(),
    description: pg.text("description").notNull(),
    location: pg.text("location"),
    /** in_transit, out_for_delivery, delivered, returned or unknown. */
    state: pg.text("state").notNull(),
    ...createdAt,
  },
  (t) => [pg.uniqueIndex("shipment_events_key").on(t.shipmentId, t.at, t.code)],
);

export const invoices = pg.pgTable(
  "invoices",
  {
    ...id,
    orderId: ownedBy("order_id", () => orders.id),
    totalAmountCents: pg.integer("total_amount_cents").notNull(),
    status: pg.text("status").notNull().default("pending"),
    invoiceDate: pg.timestamp("invoice_date", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.uniqueIndex("invoices_order_key").on(t.orderId),
    pg.index("invoices_date_idx").on(t.invoiceDate, t.id),
    pg.check("invoices_status_check", sql`${t.status} in (${inList(INVOICE_STATUSES)})`),
    pg.check("invoices_total_check", sql`${t.totalAmountCents} >= 0`),
  ],
);

export const couponRedemptions = pg.pgTable(
  "coupon_redemptions",
  {
    ...id,
    couponId: ownedBy("coupon_id", () => coupons.id),
    orderId: ownedBy("order_id", () => orders.id),
    email: pg.text("email").notNull(),
    ...createdAt,
  },
  (t) => [
    pg.uniqueIndex("coupon_redemptions_order_key").on(t.orderId, t.couponId),
    pg.index("coupon_redemptions_email_idx").on(t.couponId, sql`lower(${t.email})`),
  ],
);

export const orderEmailsSent = pg.pgTable(
  "order_emails_sent",
  {
    ...id,
    orderId: ownedBy("order_id", () => orders.id),
    outboxId: pg.uuid("outbox_id").references(() => emailOutbox.id, { onDelete: "set null" }),
    kind: pg.text("kind").notNull(),
    sentTo: pg.text("sent_to").notNull(),
    ...createdAt,
  },
  (t) => [pg.index("order_emails_sent_order_idx").on(t.orderId)],
);
