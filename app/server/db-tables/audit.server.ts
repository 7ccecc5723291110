import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { adminUsers } from "./auth.server";
import { id } from "./columns.server";

/** One field's value before and after a change: `{ price: ["$10.00", "$12.00"] }`. */
export type AuditChanges = Record<string, [unknown, unknown]>;

/**
 * The audit log (the Activity screen): who did what in the admin, when and from where, one row per
 * action, written in the same transaction as the change it records (app/server/audit/). Append-only:
 * a trigger (migration 0028) refuses every UPDATE, DELETE and TRUNCATE except the retention pruning's
 * deletes, made with `budz.audit_prune` set for its own transaction.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    ...id,
    /** In milliseconds, as a JavaScript Date holds it: a keyset cursor names its row exactly. */
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Who: null for the shell (`npm run admin`) or an admin since deleted (the name stays). */
    adminId: uuid("admin_id").references(() => adminUsers.id, { onDelete: "set null" }),
    adminName: text("admin_name").notNull(),
    /** From which address (TRUST_PROXY hops from the right of X-Forwarded-For). */
    ipAddress: text("ip_address"),
    /** Which admin area (app/lib/audit.ts AUDIT_AREAS) and what was done there. */
    area: text("area").notNull(),
    action: text("action").notNull(),
    /** The record: its type ("product", "order", …), id or number, and a label to read it by. */
    recordType: text("record_type"),
    recordId: text("record_id"),
    recordLabel: text("record_label"),
    /** For edits, each changed field before → after; for other actions, what they touched. */
    changes: jsonb("changes").$type<AuditChanges>(),
  },
  (t) => [
    // Newest first (scanned backwards: docs/decisions/newest-first-indexes.md), by staff member,
    // by area and by action; a record's own entries (its page's Activity panel, and the search
    // by id or number, which leads with the id).
    index("audit_log_created_idx").on(t.createdAt, t.id),
    index("audit_log_admin_idx").on(t.adminId, t.createdAt, t.id),
    index("audit_log_area_idx").on(t.area, t.createdAt, t.id),
    index("audit_log_action_idx").on(t.action, t.createdAt, t.id),
    index("audit_log_record_idx").on(t.recordId, t.recordType, t.createdAt, t.id),
  ],
);
