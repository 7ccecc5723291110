import { sql } from "drizzle-orm";
import {
  bigint,
  customType,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The storefront page cache's generation: one row, bumped by every admin change to what the pages
 * show. Cached pages of an older generation are never served, so every instance agrees at once.
 */
export const pageCacheGeneration = pgTable("page_cache_generation", {
  id: smallint("id").primaryKey(),
  generation: bigint("generation", { mode: "number" }).notNull().default(0),
});

/**
 * Rendered storefront pages shared by every instance (PostgreSQL only; the embedded database keeps
 * them in memory). UNLOGGED in the migration: a crash empties it, which is all a cache needs.
 */
export const pageCache = pgTable(
  "page_cache",
  {
    key: text("key").primaryKey(),
    generation: bigint("generation", { mode: "number" }).notNull(),
    etag: text("etag").notNull(),
    headers: jsonb("headers").$type<Record<string, string | string[]>>().notNull(),
    body: bytea("body").notNull(),
    gzip: bytea("gzip").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("page_cache_expires_idx").on(t.expiresAt)],
);
