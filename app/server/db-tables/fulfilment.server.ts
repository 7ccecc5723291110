import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.server";

/**
 * Local delivery (docs/product/fulfilment.md): the zones the store's staff deliver to, each a list of
 * postal-code prefixes with its fee and minimum order.
 */
export const deliveryZones = pg.pgTable(
  "delivery_zones",
  {
    ...id,
    name: pg.text("name").notNull(),
    /** "M5V", "M6", "K": the starts of the postal codes in the zone. */
    prefixes: pg.text("prefixes").array().notNull(),
    feeCents: pg.integer("fee_cents").notNull(),
    minimumOrderCents: pg.integer("minimum_order_cents").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    pg.check("delivery_zones_money_check", sql`${t.feeCents} >= 0 and ${t.minimumOrderCents} >= 0`),
  ],
);

/** The weekly delivery windows: a weekday (ISO, 1 Monday), wall-clock times and places. */
export const deliveryWindows = pg.pgTable(
  "delivery_windows",
  {
    ...id,
    weekday: pg.integer("weekday").notNull(),
    starts: pg.text("starts").notNull(),
    ends: pg.text("ends").notNull(),
    capacity: pg.integer("capacity").notNull(),
    ...timestamps,
  },
  (t) => [
    pg.index("delivery_windows_weekday_idx").on(t.weekday, t.starts),
    pg.check("delivery_windows_weekday_check", sql`${t.weekday} between 1 and 7`),
    pg.check("delivery_windows_times_check", sql`${t.starts} < ${t.ends}`),
    pg.check("delivery_windows_capacity_check", sql`${t.capacity} > 0`),
  ],
);

/**
 * Places taken in one window on one day. The count moves only by a guarded update (never past the
 * window's capacity) in the transaction that places, cancels or moves the order.
 */
export const deliveryBookings = pg.pgTable(
  "delivery_bookings",
  {
    windowId: pg
      .uuid("window_id")
      .notNull()
      .references(() => deliveryWindows.id, { onDelete: "cascade" }),
    date: pg.date("date", { mode: "string" }).notNull(),
    booked: pg.integer("booked").notNull(),
  },
  (t) => [
    pg.primaryKey({ columns: [t.windowId, t.date] }),
    pg.check("delivery_bookings_booked_check", sql`${t.booked} >= 0`),
  ],
);

/**
 * The store's Canada Post account for its web services (docs/product/fulfilment.md#canada-post):
 * one row, or none when not connected. The password is stored encrypted (app/server/settings/
 * secrets.server.ts) and never sent to a page.
 */
export const canadaPostAccount = pg.pgTable(
  "canada_post_account",
  {
    /** Always 1: the store has one account. */
    id: pg.integer("id").primaryKey().default(1),
    customerNumber: pg.text("customer_number").notNull(),
    username: pg.text("username").notNull(),
    passwordCipher: pg.text("password_cipher").notNull(),
    /** Null for a small-business account (non-contract shipments). */
    contractId: pg.text("contract_id"),
    /** development or production. */
    environment: pg.text("environment").notNull(),
    originPostalCode: pg.text("origin_postal_code").notNull(),
    /** The services offered at checkout (DOM.RP, DOM.EP, DOM.XP, DOM.PC). */
    services: pg.text("services").array().notNull(),
    ...timestamps,
  },
  (t) => [
    pg.check("canada_post_account_one_row", sql`${t.id} = 1`),
    pg.check(
      "canada_post_account_environment_check",
      sql`${t.environment} in ('development', 'production')`,
    ),
  ],
);

/**
 * Live rates quoted to a shopper, kept a few minutes so checkout charges the price shown (the
 * quote's id goes with the cart): the parcel's weight and postal code it was asked for, the rates.
 */
export const parcelQuotes = pg.pgTable(
  "parcel_quotes",
  {
    ...id,
    postalCode: pg.text("postal_code").notNull(),
    weightGrams: pg.integer("weight_grams").notNull(),
    /** [{ serviceCode, serviceName, priceCents, expectedDeliveryDate }] */
    rates: pg.jsonb("rates").notNull(),
    expiresAt: pg.timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: pg.timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.index("parcel_quotes_lookup_idx").on(t.postalCode, t.weightGrams, t.expiresAt),
    pg.index("parcel_quotes_expires_idx").on(t.expiresAt),
  ],
);
