import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.server";
import { orders } from "./orders.server";

/**
 * Every e-Transfer the store has seen (docs/product/payments.md): read from the payments mailbox,
 * from a bank export, or recorded by staff. Stored once: the bank's reference number of a transfer
 * read is unique, so a notice read twice (a mailbox read again, overlapping exports, two instances)
 * applies once.
 */
export const payments = pg.pgTable(
  "payments",
  {
    ...id,
    /** mailbox, bank_export or manual. */
    source: pg.text("source").notNull(),
    /** The transfer's reference number at the bank (an export's row key when it shows none). */
    bankReference: pg.text("bank_reference"),
    amountCents: pg.integer("amount_cents").notNull(),
    senderName: pg.text("sender_name"),
    /** The message the sender wrote with the transfer. */
    message: pg.text("message"),
    receivedAt: pg.timestamp("received_at", { withTimezone: true }).notNull(),
    /**
     * applied (to orderId), suggested (matchedOrderId waits for a click), queued (waits for
     * staff: `reason`), returned (sent back to the sender) or ignored (with staff's note).
     */
    state: pg.text("state").notNull(),
    /** Why a payment waits for staff, as a code (app/lib/payments.ts names it). */
    reason: pg.text("reason"),
    orderId: pg.uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** The order a waiting payment points to: the suggestion, or the cancelled or paid order named. */
    matchedOrderId: pg
      .uuid("matched_order_id")
      .references(() => orders.id, { onDelete: "set null" }),
    /** Paid above the order's total: the difference staff send back. */
    overCents: pg.integer("over_cents").notNull().default(0),
    overSettledAt: pg.timestamp("over_settled_at", { withTimezone: true }),
    /** Staff's note when they assign, return or ignore a payment, and who did. */
    note: pg.text("note"),
    resolvedBy: pg.text("resolved_by"),
    resolvedAt: pg.timestamp("resolved_at", { withTimezone: true }),
    importId: pg.uuid("import_id").references(() => paymentImports.id, { onDelete: "set null" }),
    ...createdAt,
  },
  (t) => [
    // Staff may record one transfer against two orders it paid together: theirs are not unique.
    pg
      .uniqueIndex("payments_bank_reference_key")
      .on(t.bankReference)
      .where(sql`source <> 'manual'`),
    pg.index("payments_state_received_idx").on(t.state, t.receivedAt),
    pg.index("payments_order_idx").on(t.orderId),
    pg
      .index("payments_over_idx")
      .on(t.receivedAt)
      .where(sql`over_cents > 0 and over_settled_at is null`),
    pg.check("payments_amount_check", sql`${t.amountCents} > 0`),
    pg.check(
      "payments_state_check",
      sql`${t.state} in ('applied', 'suggested', 'queued', 'returned', 'ignored')`,
    ),
    pg.check("payments_source_check", sql`${t.source} in ('mailbox', 'bank_export', 'manual')`),
  ],
);

/** A bank export uploaded by staff: its deposits as read, previewed, then applied once. */
export const paymentImports = pg.pgTable("payment_imports", {
  ...id,
  fileName: pg.text("file_name").notNull(),
  /** The bank layout recognised (RBC Royal Bank (CSV), OFX…). */
  layout: pg.text("layout").notNull(),
  /** The deposits as read (BankDeposit[]). */
  deposits: pg.jsonb("deposits").notNull(),
  otherRows: pg.integer("other_rows").notNull().default(0),
  uploadedBy: pg.text("uploaded_by").notNull(),
  appliedAt: pg.timestamp("applied_at", { withTimezone: true }),
  /** What applying did: { applied, suggested, queued, duplicates }. */
  outcome: pg.jsonb("outcome"),
  ...createdAt,
});

/**
 * The payments mailbox (Settings → Payments → Payments mailbox): where the bank's e-Transfer
 * notices arrive, its password encrypted like every stored secret, and the reading job's state.
 * One row; the job claims a read with `lease_until`, so one instance reads at a time.
 */
export const paymentMailbox = pg.pgTable(
  "payment_mailbox",
  {
    id: pg.integer("id").primaryKey().default(1),
    host: pg.text("host").notNull(),
    port: pg.integer("port").notNull(),
    tls: pg.boolean("tls").notNull(),
    username: pg.text("username").notNull(),
    passwordCipher: pg.text("password_cipher").notNull(),
    folder: pg.text("folder").notNull(),
    processedFolder: pg.text("processed_folder").notNull(),
    pollSeconds: pg.integer("poll_seconds").notNull(),
    updatedAt: pg.timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: pg.timestamp("lease_until", { withTimezone: true }),
    /** When the next read is due (later after failures: the job backs off). */
    nextReadAt: pg.timestamp("next_read_at", { withTimezone: true }).notNull().defaultNow(),
    lastReadAt: pg.timestamp("last_read_at", { withTimezone: true }),
    lastSuccessAt: pg.timestamp("last_success_at", { withTimezone: true }),
    /** The last read's failure, for Settings; null after a good read. */
    lastError: pg.text("last_error"),
    failuresInARow: pg.integer("failures_in_a_row").notNull().default(0),
    /** Messages left in the mailbox for staff: [{ subject, reason }]. */
    leftForStaff: pg
      .jsonb("left_for_staff")
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [pg.check("payment_mailbox_one_row", sql`${t.id} = 1`)],
);
