import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { productVariations, products } from "./catalog.server";
import { customers } from "./customers.server";
import { coupons, emailOutbox } from "./marketing.server";

import { INVOICE_STATUSES, ORDER_STATUSES, SHIPMENT_STATUSES } from "../../lib/order-status";
import { saleCondition } from "../../lib/report-period";
import { createdAt, id, timestamps, ownedBy } from "./columns.server";

/** SQL `in (...)` list of fixed values, for check constraints. */
export const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(","));

export const orderNumberSeq = pgSequence("order_number_seq", { startWith: 1 });

export const orders = pgTable(
  "orders",
  {
    ...id,
    orderNumber: text("order_number")
      .notNull()
      .default(sql`'BBS-' || lpad(nextval('order_number_seq')::text, 8, '0')`),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    phone: text("phone"),
    shippingName: text("shipping_name").notNull(),
    shippingStreet: text("shipping_street").notNull(),
    shippingCity: text("shipping_city").notNull(),
    shippingProvince: text("shipping_province").notNull(),
    shippingPostalCode: text("shipping_postal_code").notNull(),
    status: text("status").notNull().default("pending"),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    shippingCostCents: integer("shipping_cost_cents").notNull().default(0),
    /** The sum of the order's tax lines (order_tax_lines); 0 for orders placed before taxes. */
    taxCents: integer("tax_cents").notNull().default(0),
    totalAmountCents: integer("total_amount_cents").notNull(),
    couponId: uuid("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    couponCode: text("coupon_code"),
    idempotencyKey: text("idempotency_key"),
    /** Interac e-Transfer reference and the amount that arrived, recorded when marked paid. */
    paymentReference: text("payment_reference"),
    paymentReceivedCents: integer("payment_received_cents"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The sum of the order's refunds; a guarded update keeps it within the total. */
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** Moved by every staff change to the order (status, edit, refund): forms carry it to refuse a stale one. */
    version: integer("version").notNull().default(1),
    cancelReason: text("cancel_reason"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** When the unpaid-order reminder was queued (once per order). */
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    accessToken: text("access_token").notNull(),
    /** Made by the sample-data generator (removable with the sample data; not a real order). */
    sample: boolean("sample").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("orders_order_number_key").on(t.orderNumber),
    uniqueIndex("orders_idempotency_key").on(t.idempotencyKey),
    uniqueIndex("orders_access_token_key").on(t.accessToken),
    index("orders_created_idx").on(t.createdAt, t.id),
    index("orders_status_created_idx").on(t.status, t.createdAt, t.id),
    // Reports & Analytics: sales (saleCondition: paid and later, or cancelled with a refund) by
    // date, their totals and tax read from the index alone, and each buyer's earlier sales.
    index("orders_sales_created_idx")
      .on(t.createdAt, t.totalAmountCents, t.taxCents, t.customerId)
      .where(sql.raw(saleCondition())),
    index("orders_sales_customer_idx")
      .on(t.customerId, t.createdAt)
      .where(sql.raw(saleCondition())),
    index("orders_customer_idx").on(t.customerId),
    // A coupon's page lists the orders that used it, newest first.
    index("orders_coupon_idx").on(t.couponId, t.createdAt, t.id),
    index("orders_email_idx").on(sql`lower(${t.email})`),
    // A shopper's order history (My Account): their orders by email, newest first.
    index("orders_email_created_idx").on(sql`lower(${t.email})`, t.createdAt, t.id),
    // Prefix search (LIKE 'abc%') by email and by name on the admin Orders screen.
    index("orders_email_prefix_idx").on(sql`lower(${t.email}) text_pattern_ops`),
    index("orders_name_prefix_idx").on(sql`lower(${t.shippingName}) text_pattern_ops`),
    check("orders_status_check", sql`${t.status} in (${inList(ORDER_STATUSES)})`),
    check(
      "orders_money_check",
      sql`${t.subtotalCents} >= 0 and ${t.discountCents} >= 0 and ${t.shippingCostCents} >= 0 and ${t.totalAmountCents} >= 0`,
    ),
    check(
      "orders_refunded_check",
      sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.totalAmountCents}`,
    ),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    ...id,
    orderId: ownedBy("order_id", () => orders.id),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    variationId: uuid("variation_id").references(() => productVariations.id, {
      onDelete: "set null",
    }),
    productName: text("product_name").notNull(),
    sizeLabel: text("size_label"),
    quantity: integer("quantity").notNull(),
    priceAtPurchaseCents: integer("price_at_purchase_cents").notNull(),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    index("order_items_product_idx").on(t.productId),
    check("order_items_quantity_check", sql`${t.quantity} > 0`),
    check("order_items_price_check", sql`${t.priceAtPurchaseCents} >= 0`),
  ],
);

export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    ...id,
    orderId: ownedBy("order_id", () => orders.id),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    changedBy: text("changed_by").notNull(),
    note: text("note"),
    ...createdAt,
  },
  (t) => [
    index("order_status_history_order_idx").on(t.orderId, t.createdAt),
    index("order_status_history_created_idx").on(t.createdAt),
  ],
);

export const shipments = pgTable(
  "shipments",
  {
    ...id,
    orderId: ownedBy("order_id", () => orders.id),
    carrier: text("carrier").notNull().default("Canada Post"),
    trackingNumber: text("tracking_number"),
    status: text("status").notNull().default("preparing"),
    estimatedDelivery: date("estimated_delivery"),
    shippedDate: timestamp("shipped_date", { withTimezone: true }),
    deliveredDate: timestamp("delivered_date", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("shipments_order_key").on(t.orderId),
    index("shipments_status_idx").on(t.status, t.createdAt, t.id),
    // Shipping a parcel warns when its tracking number is already on another order's shipment.
    index("shipments_tracking_number_idx")
      .on(t.trackingNumber)
      .where(sql`${t.trackingNumber} is not null`),
    check("shipments_status_check", sql`${t.status} in (${inList(SHIPMENT_STATUSES)})`),
  ],
);

export const invoices = pgTable(
  "invoices",
  {
    ...id,
    orderId: ownedBy("order_id", () => orders.id),
    totalAmountCents: integer("total_amount_cents").notNull(),
    status: text("status").notNull().default("pending"),
    invoiceDate: timestamp("invoice_date", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("invoices_order_key").on(t.orderId),
    index("invoices_date_idx").on(t.invoiceDate, t.id),
    check("invoices_status_check", sql`${t.status} in (${inList(INVOICE_STATUSES)})`),
    check("invoices_total_check", sql`${t.totalAmountCents} >= 0`),
  ],
);

export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    ...id,
    couponId: ownedBy("coupon_id", () => coupons.id),
    orderId: ownedBy("order_id", () => orders.id),
    email: text("email").notNull(),
    ...createdAt,
  },
  (t) => [
    uniqueIndex("coupon_redemptions_order_key").on(t.orderId, t.couponId),
    index("coupon_redemptions_email_idx").on(t.couponId, sql`lower(${t.email})`),
  ],
);

export const orderEmailsSent = pgTable(
  "order_emails_sent",
  {
    ...id,
    orderId: ownedBy("order_id", () => orders.id),
    outboxId: uuid("outbox_id").references(() => emailOutbox.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    sentTo: text("sent_to").notNull(),
    ...createdAt,
  },
  (t) => [index("order_emails_sent_order_idx").on(t.orderId)],
);
