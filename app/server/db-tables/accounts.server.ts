import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, timestamps, ownedBy, sessionActivity } from "./columns.server";

/**
 * Shopper accounts ("My Account"), kept apart from the customers table (the staff's record of
 * everyone who ordered): an account is a sign-in for one email address. Orders belong to an
 * account through that address once it is verified.
 */
export const shopperAccounts = pgTable(
  "shopper_accounts",
  {
    ...id,
    email: text("email").notNull(),
    /** argon2id; null for an account that only ever signed in by emailed links. */
    passwordHash: text("password_hash"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex("shopper_accounts_email_key").on(sql`lower(${t.email})`)],
);

/** id is the SHA-256 of the cookie token (as for admin sessions). */
export const shopperSessions = pgTable(
  "shopper_sessions",
  {
    id: text("id").primaryKey(),
    accountId: ownedBy("account_id", () => shopperAccounts.id),
    ...sessionActivity,
  },
  (t) => [
    index("shopper_sessions_account_idx").on(t.accountId),
    index("shopper_sessions_expires_idx").on(t.expiresAt),
  ],
);

export const SHOPPER_TOKEN_PURPOSES = ["verify", "sign_in", "reset"] as const;

/**
 * Emailed one-time links. id is the SHA-256 of the token in the link; a token is used once
 * (used_at) and only before expires_at. account_id is null for a sign-in link sent to an address
 * with no account yet (following it creates the account).
 */
export const shopperTokens = pgTable(
  "shopper_tokens",
  {
    id: text("id").primaryKey(),
    purpose: text("purpose").notNull(),
    accountId: uuid("account_id").references(() => shopperAccounts.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    ...createdAt,
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    index("shopper_tokens_email_idx").on(sql`lower(${t.email})`, t.createdAt),
    index("shopper_tokens_account_idx").on(t.accountId),
    check("shopper_tokens_purpose_check", sql`${t.purpose} in ('verify','sign_in','reset')`),
  ],
);

export const shopperAddresses = pgTable(
  "shopper_addresses",
  {
    ...id,
    accountId: ownedBy("account_id", () => shopperAccounts.id),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    street: text("street").notNull(),
    city: text("city").notNull(),
    province: text("province").notNull(),
    postalCode: text("postal_code").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index("shopper_addresses_account_idx").on(t.accountId, t.createdAt),
    uniqueIndex("shopper_addresses_default_key")
      .on(t.accountId)
      .where(sql`${t.isDefault}`),
  ],
);
