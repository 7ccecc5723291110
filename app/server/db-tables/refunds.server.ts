import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { REFUND_METHODS } from "../../lib/refunds";
import { adminUsers } from "./auth.server";
import { createdAt, id, ownedBy } from "./columns.server";
import { inList, orderItems, orders } from "./orders.server";
import { orderTaxLines } from "./taxes.server";

/**
 * Money given back on a paid order, one row per refund: its goods, shipping and tax parts (the
 * amount is their sum), how it was sent and by whom. Written in one transaction with its lines,
 * tax lines, stock movements, the order's history entry, the shopper's email and the audit entry,
 * and only while `orders.refunded_cents` (moved by the same guarded update) stays within the
 * order's total. Each refund is a credit note numbered from its order (BBS-00000012-R1).
 */
export const refunds = pg.pgTable(
  "refunds",
  {
    ...id,
    orderId: ownedBy("order_id", () => orders.id),
    /** 1, 2, … within the order. */
    position: pg.integer("position").notNull(),
    creditNoteNumber: pg.text("credit_note_number").notNull(),
    goodsCents: pg.integer("goods_cents").notNull(),
    shippingCents: pg.integer("shipping_cents").notNull(),
    taxCents: pg.integer("tax_cents").notNull(),
    amountCents: pg.integer("amount_cents").notNull(),
    method: pg.text("method").notNull(),
    reference: pg.text("reference"),
    note: pg.text("note"),
    adminId: pg.uuid("admin_id").references(() => adminUsers.id, { onDelete: "set null" }),
    adminName: pg.text("admin_name").notNull(),
    ...createdAt,
  },
  (t) => [
    pg.uniqueIndex("refunds_order_position_key").on(t.orderId, t.position),
    pg.uniqueIndex("refunds_credit_note_number_key").on(t.creditNoteNumber),
    // Reports: refunds made in a period.
    pg.index("refunds_created_idx").on(t.createdAt, t.amountCents, t.taxCents),
    pg.check("refunds_method_check", sql`${t.method} in (${inList(REFUND_METHODS)})`),
    pg.check(
      "refunds_money_check",
      sql`${t.goodsCents} >= 0 and ${t.shippingCents} >= 0 and ${t.taxCents} >= 0 and ${t.amountCents} > 0 and ${t.amountCents} = ${t.goodsCents} + ${t.shippingCents} + ${t.taxCents}`,
    ),
  ],
);

/** The order lines a refund gives money back for, how many, and whether they went back to stock. */
export const refundLines = pg.pgTable(
  "refund_lines",
  {
    ...id,
    refundId: ownedBy("refund_id", () => refunds.id),
    orderItemId: ownedBy("order_item_id", () => orderItems.id),
    quantity: pg.integer("quantity").notNull(),
    amountCents: pg.integer("amount_cents").notNull(),
    restocked: pg.boolean("restocked").notNull(),
  },
  (t) => [
    pg.index("refund_lines_refund_idx").on(t.refundId),
    pg.index("refund_lines_order_item_idx").on(t.orderItemId),
    pg.check("refund_lines_quantity_check", sql`${t.quantity} > 0 and ${t.amountCents} >= 0`),
  ],
);

/** The tax a refund gives back, per tax line of its order (in proportion to what is refunded). */
export const refundTaxLines = pg.pgTable(
  "refund_tax_lines",
  {
    ...id,
    refundId: ownedBy("refund_id", () => refunds.id),
    orderTaxLineId: ownedBy("order_tax_line_id", () => orderTaxLines.id),
    label: pg.text("label").notNull(),
    amountCents: pg.integer("amount_cents").notNull(),
  },
  (t) => [
    pg.index("refund_tax_lines_refund_idx").on(t.refundId),
    pg.index("refund_tax_lines_order_tax_line_idx").on(t.orderTaxLineId),
    pg.check("refund_tax_lines_amount_check", sql`${t.amountCents} >= 0`),
  ],
);
