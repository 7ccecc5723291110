import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt, ownedBy, sessionActivity } from "./columns.server";

export const adminUsers = pg.pgTable(
  "admin_users",
  {
    ...id,
    username: pg.text("username").notNull(),
    displayName: pg.text("display_name").notNull(),
    passwordHash: pg.text("password_hash").notNull(),
    /** owner, manager or staff: what each may do is app/lib/permissions.ts. */
    role: pg.text("role").notNull().default("staff"),
    /** Where an invitation was sent (admins made from the command line have none). */
    email: pg.text("email"),
    /** active; invited (no password yet: cannot sign in); deactivated (cannot sign in). */
    status: pg.text("status").notNull().default("active"),
    ...createdAt,
    lastLoginAt: pg.timestamp("last_login_at", { withTimezone: true }),
    deactivatedAt: pg.timestamp("deactivated_at", { withTimezone: true }),
    /**
     * Two-factor sign-in (app/server/auth/two-factor.server.ts): the TOTP secret (base32) once
     * confirmed, null while two-factor is off; the secret being set up, before its first code.
     */
    twoFactorSecret: pg.text("two_factor_secret"),
    twoFactorPendingSecret: pg.text("two_factor_pending_secret"),
    twoFactorEnabledAt: pg.timestamp("two_factor_enabled_at", { withTimezone: true }),
    /** The last TOTP time step accepted: a code of this step or an earlier one is refused. */
    twoFactorLastStep: pg.integer("two_factor_last_step"),
  },
  (t) => [
    pg.uniqueIndex("admin_users_username_key").on(sql`lower(${t.username})`),
    pg.check("admin_users_role_check", sql`${t.role} in ('owner','manager','staff')`),
    pg.check("admin_users_status_check", sql`${t.status} in ('active','invited','deactivated')`),
  ],
);

/**
 * One-time invitation links to the admin (app/server/auth/staff.server.ts): id is the SHA-256 of
 * the link's token; used_at is set when the invited admin chose their password.
 */
export const adminInvites = pg.pgTable(
  "admin_invites",
  {
    id: pg.text("id").primaryKey(),
    userId: ownedBy("user_id", () => adminUsers.id),
    invitedBy: pg.uuid("invited_by").references(() => adminUsers.id, { onDelete: "set null" }),
    ...createdAt,
    expiresAt: pg.timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: pg.timestamp("used_at", { withTimezone: true }),
  },
  (t) => [pg.index("admin_invites_user_idx").on(t.userId)],
);

/** An admin's single-use two-factor recovery codes (SHA-256 of the code; used_at once used). */
export const adminRecoveryCodes = pg.pgTable(
  "admin_recovery_codes",
  {
    ...id,
    userId: ownedBy("user_id", () => adminUsers.id),
    codeHash: pg.text("code_hash").notNull(),
    ...createdAt,
    usedAt: pg.timestamp("used_at", { withTimezone: true }),
  },
  (t) => [pg.uniqueIndex("admin_recovery_codes_user_code_key").on(t.userId, t.codeHash)],
);

/**
 * The half-signed-in state between the password and the two-factor code: id is the SHA-256 of the
 * short-lived cookie's token. It is not a session: nothing but the second step reads it.
 */
export const adminTwoFactorChallenges = pg.pgTable(
  "admin_two_factor_challenges",
  {
    id: pg.text("id").primaryKey(),
    userId: ownedBy("user_id", () => adminUsers.id),
    ...createdAt,
    expiresAt: pg.timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [pg.index("admin_two_factor_challenges_user_idx").on(t.userId)],
);

/** id is the SHA-256 of the cookie token, so a leaked table cannot be replayed as cookies. */
export const adminSessions = pg.pgTable(
  "admin_sessions",
  {
    id: pg.text("id").primaryKey(),
    userId: ownedBy("user_id", () => adminUsers.id),
    ...sessionActivity,
  },
  (t) => [
    pg.index("admin_sessions_user_idx").on(t.userId),
    pg.index("admin_sessions_expires_idx").on(t.expiresAt),
  ],
);

/**
 * Failed-attempt counters for sign-in and order look-up (app/server/auth/throttle.server.ts and
 * docs/decisions/sign-in-throttle.md). One row per scope, key (account, order number; '*' = every
 * key) and address ('*' = every address); rows are locked while a decision is made.
 */
export const authThrottle = pg.pgTable(
  "auth_throttle",
  {
    scope: pg.text("scope").notNull(),
    key: pg.text("key").notNull(),
    address: pg.text("address").notNull(),
    windowStartedAt: pg.timestamp("window_started_at", { withTimezone: true }).notNull(),
    failures: pg.integer("failures").notNull().default(0),
    /** Per-key row past its limit: the next evaluation from an unknown address waits until then. */
    nextAllowedAt: pg.timestamp("next_allowed_at", { withTimezone: true }),
    /** Key-and-address row: this address succeeded for this key (judged apart from the rest). */
    succeededAt: pg.timestamp("succeeded_at", { withTimezone: true }),
    ...updatedAt,
  },
  (t) => [
    pg.primaryKey({ columns: [t.scope, t.key, t.address] }),
    pg.index("auth_throttle_updated_idx").on(t.updatedAt),
  ],
);
