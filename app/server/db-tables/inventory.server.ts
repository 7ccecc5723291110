import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { adminUsers } from "./auth.server";
import { productVariations, products } from "./catalog.server";
import { id, ownedBy } from "./columns.server";
import { emailOutbox } from "./marketing.server";
import { orders } from "./orders.server";

/**
 * A lot: units of one size (or of a product sold without sizes) received together under the
 * producer's lot number. Stock on hand is held per lot: a size's stock is the sum of its lots'
 * `on_hand`, and each lot's `on_hand` is the sum of its movements (`npm run stock:check`). Stock
 * from before lots were recorded sits in one "unrecorded" lot per size (`UNRECORDED_LOT`).
 */
export const stockLots = pgTable(
  "stock_lots",
  {
    ...id,
    productId: ownedBy("product_id", () => products.id),
    /** Null for a product sold without sizes. Archived with its size, never deleted on its own. */
    variationId: uuid("variation_id").references(() => productVariations.id, {
      onDelete: "no action",
    }),
    lotNumber: text("lot_number").notNull(),
    packagedOn: date("packaged_on", { mode: "string" }),
    /** Best-before or expiry date; sales take the lot that expires first (no date: last). */
    expiresOn: date("expires_on", { mode: "string" }),
    supplier: text("supplier"),
    /** The certificate of analysis: a link, or a PDF stored with the images (its URL path). */
    coaUrl: text("coa_url"),
    /** Sellable units: the sum of the lot's movements. */
    onHand: integer("on_hand").notNull().default(0),
    /** Units taken out of sale by a recall ("recalled" movements), and recalled units returned. */
    quarantined: integer("quarantined").notNull().default(0),
    recalledAt: timestamp("recalled_at", { withTimezone: true }),
    recallNoticeNumber: text("recall_notice_number"),
    recallNoticeText: text("recall_notice_text"),
    recalledBy: uuid("recalled_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    check("stock_lots_on_hand_check", sql`${t.onHand} >= 0`),
    check("stock_lots_quarantined_check", sql`${t.quarantined} >= 0`),
    check(
      "stock_lots_dates_check",
      sql`${t.expiresOn} is null or ${t.packagedOn} is null or ${t.expiresOn} >= ${t.packagedOn}`,
    ),
    check("stock_lots_recalled_on_hand_check", sql`${t.recalledAt} is null or ${t.onHand} = 0`),
    // One lot number per size; a sizeless product's lots have no size (nulls not distinct).
    unique("stock_lots_number_key").on(t.productId, t.variationId, t.lotNumber).nullsNotDistinct(),
    // First-expiry-first-out: a size's lots in the order sales take them.
    index("stock_lots_size_idx").on(t.productId, t.variationId, t.expiresOn),
    // Lots screen search and the daily expiry warning. No partial index on `on_hand`: a sale's
    // update of it then stays a heap-only update, touching no index.
    index("stock_lots_number_idx").on(sql`lower(${t.lotNumber})`),
    index("stock_lots_expires_idx").on(t.expiresOn),
  ],
);

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
    /** The lot whose units moved (every movement names one). */
    lotId: uuid("lot_id")
      .notNull()
      .references(() => stockLots.id, { onDelete: "no action" }),
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
      sql`${t.reason} in ('received','count_correction','damaged','lost','returned','sold','cancelled','refund_restock','order_edited','sample_data','recalled')`,
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
    // A lot's history, its sums, and a recall's order lines (the lot's movements naming an order).
    index("stock_movements_lot_idx").on(t.lotId, t.orderId),
  ],
);

/**
 * The recall notices sent for a lot: one email per customer address (case-insensitive), ever. The
 * unique index makes a second press, a double click or two staff at once queue nothing more (the
 * insert is `on conflict do nothing` in the transaction that queues the email).
 */
export const lotRecallNotices = pgTable(
  "lot_recall_notices",
  {
    ...id,
    lotId: uuid("lot_id")
      .notNull()
      .references(() => stockLots.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** The order whose units made this address one to notify (its most recent one). */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    outboxId: uuid("outbox_id").references(() => emailOutbox.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("lot_recall_notices_lot_email_key").on(t.lotId, sql`lower(${t.email})`)],
);
