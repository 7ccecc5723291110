import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";

const bytea = pg.customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The storefront page cache's generation: one row, bumped by every admin change to what the pages
 * show. Cached pages of an older generation are never served, so every instance agrees at once.
 */
export const pageCacheGeneration = pg.pgTable("page_cache_generation", {
  id: pg.smallint("id").primaryKey(),
  generation: pg.bigint("generation", { mode: "number" }).notNull().default(0),
});

/**
 * Rendered storefront pages shared by every instance (PostgreSQL only; the embedded database keeps
 * them in memory). UNLOGGED in the migration: a crash empties it, which is all a cache needs.
 */
export const pageCache = pg.pgTable(
  "page_cache",
  {
    key: pg.text("key").primaryKey(),
    generation: pg.bigint("generation", { mode: "number" }).notNull(),
    etag: pg.text("etag").notNull(),
    headers: pg.jsonb("headers").$type<Record<string, string | string[]>>().notNull(),
    body: bytea("body").notNull(),
    gzip: bytea("gzip").notNull(),
    createdAt: pg
      .timestamp("created_at", { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    expiresAt: pg.timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [pg.index("page_cache_expires_idx").on(t.expiresAt)],
);
