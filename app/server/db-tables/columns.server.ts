import { text, timestamp, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";

// Columns most tables share, spread into each table where the column goes (`...id`,
// `...timestamps`): drizzle builds every table its own column from the same definition.

/** A random UUID primary key. */
export const id = { id: uuid("id").primaryKey().defaultRandom() };

/** When the row was made. */
export const createdAt = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
};

/** When the row last changed (set by the code that changes it). */
export const updatedAt = {
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const timestamps = { ...createdAt, ...updatedAt };

/** A row's owner: a required reference, deleted with the row it points to. */
export function ownedBy(column: string, owner: () => AnyPgColumn) {
  return uuid(column).notNull().references(owner, { onDelete: "cascade" });
}

/** A sign-in session's life: made, last seen, expiry, and where it was opened from. */
export const sessionActivity = {
  ...createdAt,
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  ipAddress: text("ip_address"),
  userAgent: text("user_agent"),
};
