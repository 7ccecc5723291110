import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { createdAt, id, timestamps, ownedBy, sessionActivity } from "./columns.server";

/**
 * Shopper accounts ("My Account"), kept apart from the customers table (the staff's record of
 * everyone who ordered): an account is a sign-in for one email address. Orders belong to an
 * account through that address once it is verified.
 */
export const shopperAccounts = pg.pgTable(
  "shopper_accounts",
  {
    ...id,
    email: pg.text("email").notNull(),
    /** The language of the account's emails: the one it was made or last signed in with. */
    locale: pg.text("locale").notNull().default("en"),
    /** argon2id; null for an account that only ever signed in by emailed links. */
    passwordHash: pg.text("password_hash"),
    emailVerifiedAt: pg.timestamp("email_verified_at", { withTimezone: true }),
    lastSignInAt: pg.timestamp("last_sign_in_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [pg.uniqueIndex("shopper_accounts_email_key").on(sql`lower(${t.email})`)],
);

/** id is the SHA-256 of the cookie token (as for admin sessions). */
export const shopperSessions = pg.pgTable(
  "shopper_sessions",
  {
    id: pg.text("id").primaryKey(),
    accountId: ownedBy("account_id", () => shopperAccounts.id),
    ...sessionActivity,
  },
  (t) => [
    pg.index("shopper_sessions_account_idx").on(t.accountId),
    pg.index("shopper_sessions_expires_idx").on(t.expiresAt),
  ],
);

export const SHOPPER_TOKEN_PURPOSES = ["verify", "sign_in", "reset"] as const;

/**
 * Emailed one-time links. id is the SHA-256 of the token in the link; a token is used once
 * (used_at) and only before expires_at. account_id is null for a sign-in link sent to an address
 * with no account yet (following it creates the account).
 */
export const shopperTokens = pg.pgTable(
  "shopper_tokens",
  {
    id: pg.text("id").primaryKey(),
    purpose: pg.text("purpose").notNull(),
    accountId: pg.uuid("account_id").references(() => shopperAccounts.id, { onDelete: "cascade" }),
    email: pg.text("email").notNull(),
    ...createdAt,
    expiresAt: pg.timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: pg.timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    pg.index("shopper_tokens_email_idx").on(sql`lower(${t.email})`, t.createdAt),
    pg.index("shopper_tokens_account_idx").on(t.accountId),
    pg.check("shopper_tokens_purpose_check", sql`${t.purpose} in ('verify','sign_in','reset')`),
  ],
);

export const shopperAddresses = pg.pgTable(
  "shopper_addresses",
  {
    ...id,
    accountId: ownedBy("account_id", () => shopperAccounts.id),
    name: pg.text("name").notNull(),
    phone: pg.text("phone").notNull(),
    street: pg.text("street").notNull(),
    city: pg.text("city").notNull(),
    province: pg.text("province").notNull(),
    postalCode: pg.text("postal_code").notNull(),
    isDefault: pg.boolean("is_default").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    pg.index("shopper_addresses_account_idx").on(t.accountId, t.createdAt),
    pg
      .uniqueIndex("shopper_addresses_default_key")
      .on(t.accountId)
      .where(sql`${t.isDefault}`),
  ],
);
