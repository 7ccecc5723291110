import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { adminUsers } from "./auth.server";
import { productVariations, products } from "./catalog.server";
import { id, ownedBy } from "./columns.server";
import { orders } from "./orders.server";

/**
 * The stock ledger: every change to a product's (no sizes) or a size's stock is one row, written in
 * the same transaction as the change. For every size, and every product without sizes, the sum of
 * its movements equals its stock (`npm run stock:check`).
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    ...id,
    productId: ownedBy("product_id", () => products.id),
    /**
     * The size whose stock moved; null for a product sold without sizes. A size with movements is
     * archived, never deleted (no action: only deleting its product removes both).
     */
    variationId: uuid("variation_id").references(() => productVariations.id, {
      onDelete: "no action",
    }),
    /** Signed: what was added (+) or taken (−). */
    quantity: integer("quantity").notNull(),
    /** The stock of that product or size right after this movement. */
    stockAfter: integer("stock_after").notNull(),
    reason: text("reason").notNull(),
    note: text("note"),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** The staff member who made it; null for the store itself (checkout, cancellation, sample data). */
    adminId: uuid("admin_id").references(() => adminUsers.id, { onDelete: "set null" }),
    /**
     * In milliseconds, as a JavaScript Date holds it: the keyset cursor (the time and id of a page's
     * last row) then names the row exactly, and movements of one transaction share one time.
     */
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    check("stock_movements_quantity_check", sql`${t.quantity} <> 0`),
    check("stock_movements_stock_after_check", sql`${t.stockAfter} >= 0`),
    check(
      "stock_movements_reason_check",
      sql`${t.reason} in ('received','count_correction','damaged','lost','returned','sold','cancelled','refund_restock','order_edited','sample_data')`,
    ),
    // Newest-first lists scan these ascending indexes backwards (ORDER BY created_at DESC, id DESC;
    // an index built DESC NULLS LAST does not serve that order: docs/decisions/newest-first-indexes.md).
    // A product's history and the invariant's sums; the Stock movements screen's product filter.
    index("stock_movements_product_idx").on(t.productId, t.createdAt, t.id),
    index("stock_movements_variation_idx").on(t.variationId),
    // The Stock movements screen: newest first, by date, by reason or by staff member ("Store": null).
    index("stock_movements_created_idx").on(t.createdAt, t.id),
    index("stock_movements_reason_idx").on(t.reason, t.createdAt, t.id),
    index("stock_movements_admin_idx").on(t.adminId, t.createdAt, t.id),
    index("stock_movements_order_idx").on(t.orderId),
  ],
);
