import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { adminUsers } from "./auth.server";
import { createdAt, id } from "./columns.server";

/**
 * A product CSV upload kept as its preview (app/server/catalog/product-csv-import.server.ts): the
 * file's cells, each row's errors and what importing it would do. Nothing in the catalogue changes
 * until it is confirmed; kept a day.
 */
export const productImports = pgTable(
  "product_imports",
  {
    ...id,
    fileName: text("file_name").notNull(),
    createdBy: text("created_by").notNull(),
    adminId: uuid("admin_id").references(() => adminUsers.id, { onDelete: "set null" }),
    /** What the Stock column means: 'count_correction' (set to it) or 'received' (added). */
    stockReason: text("stock_reason").notNull(),
    /** The file's columns, in order (keys of PRODUCT_CSV_COLUMNS). */
    columns: jsonb("columns").notNull(),
    /** Every row: { row, cells }, read again on import. */
    cells: jsonb("cells").notNull(),
    /** Every row as previewed: { row, sku, name, size, price, stock, errors, action, changes }. */
    rows: jsonb("rows").notNull(),
    rowCount: integer("row_count").notNull(),
    errorCount: integer("error_count").notNull(),
    createCount: integer("create_count").notNull().default(0),
    updateCount: integer("update_count").notNull().default(0),
    unchangedCount: integer("unchanged_count").notNull().default(0),
    status: text("status").notNull().default("previewed"),
    importedAt: timestamp("imported_at", { withTimezone: true }),
    ...createdAt,
  },
  (t) => [
    index("product_imports_created_idx").on(t.createdAt),
    check("product_imports_status_check", sql`${t.status} in ('previewed','imported')`),
    check(
      "product_imports_stock_reason_check",
      sql`${t.stockReason} in ('count_correction','received')`,
    ),
  ],
);
