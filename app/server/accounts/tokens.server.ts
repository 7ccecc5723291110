import crypto from "node:crypto";
import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import type { Locale } from "~/lib/i18n/locale";
import { accountMessages } from "~/lib/i18n/messages/account";
import { translator } from "~/lib/i18n/translate";
import { config } from "../config.server";
import type { Executor } from "../db.server";
import { hashToken } from "../auth/session.server";
import { shopperTokens, SHOPPER_TOKEN_PURPOSES } from "../db-tables";

export type TokenPurpose = (typeof SHOPPER_TOKEN_PURPOSES)[number];
type ShopperToken = typeof shopperTokens.$inferSelect;

/** At most this many emailed links per address an hour; past it the request is answered, not sent. */
export const MAX_LINKS_PER_HOUR = 5;

export const LINK_INVALID = accountMessages.en.linkInvalid;
export const LINK_EXPIRED = accountMessages.en.linkExpired;
export const LINK_USED = accountMessages.en.linkUsed;

type TokenCheck = { ok: true; token: ShopperToken } | { ok: false; message: string };

/** How long a link of this purpose works. */
function tokenLifetimeMs(purpose: TokenPurpose): number {
  const { ACCOUNT_LINK_MINUTES, ACCOUNT_VERIFY_HOURS } = config();
  return purpose === "verify" ? ACCOUNT_VERIFY_HOURS * 3_600_000 : ACCOUNT_LINK_MINUTES * 60_000;
}

/**
 * Creates a one-time link token (only its hash is stored) and returns it, or null when this
 * address already got MAX_LINKS_PER_HOUR links in the last hour (so the forms cannot be used to
 * flood someone's inbox).
 */
export async function issueToken(
  executor: Executor,
  options: { purpose: TokenPurpose; email: string; accountId: string | null; now: Date },
): Promise<string | null> {
  const { now, purpose } = options;
  const email = options.email.toLowerCase();
  const [recent] = await executor
    .select({ n: count() })
    .from(shopperTokens)
    .where(
      and(
        eq(sql`lower(${shopperTokens.email})`, email),
        gt(shopperTokens.createdAt, new Date(now.getTime() - 3_600_000)),
      ),
    );
  if (recent!.n >= MAX_LINKS_PER_HOUR) return null;
  const token = crypto.randomBytes(32).toString("base64url");
  await executor.insert(shopperTokens).values({
    id: hashToken(token),
    purpose,
    accountId: options.accountId,
    email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + tokenLifetimeMs(purpose)),
  });
  return token;
}

/** Why a token cannot be used (in the page's language), or the token when it can, without using it. */
export async function checkToken(
  executor: Executor,
  options: { purpose: TokenPurpose; token: string; now: Date; locale?: Locale },
): Promise<TokenCheck> {
  const t = translator(accountMessages, options.locale ?? "en");
  if (!/^[A-Za-z0-9_-]{43}$/.test(options.token)) return { ok: false, message: t("linkInvalid") };
  const [row] = await executor
    .select()
    .from(shopperTokens)
    .where(
      and(
        eq(shopperTokens.id, hashToken(options.token)),
        eq(shopperTokens.purpose, options.purpose),
      ),
    );
  if (!row) return { ok: false, message: t("linkInvalid") };
  if (row.usedAt) return { ok: false, message: t("linkUsed") };
  if (row.expiresAt.getTime() <= options.now.getTime())
    return { ok: false, message: t("linkExpired") };
  return { ok: true, token: row };
}

/**
 * Uses a token: a guarded update, so of two clicks racing on one link exactly one wins (the other
 * is told the link was used).
 */
export async function consumeToken(
  executor: Executor,
  options: { purpose: TokenPurpose; token: string; now: Date; locale?: Locale },
): Promise<TokenCheck> {
  const check = await checkToken(executor, options);
  if (!check.ok) return check;
  const [used] = await executor
    .update(shopperTokens)
    .set({ usedAt: options.now })
    .where(
      and(
        eq(shopperTokens.id, check.token.id),
        isNull(shopperTokens.usedAt),
        gt(shopperTokens.expiresAt, options.now),
      ),
    )
    .returning();
  if (used) return { ok: true, token: used };
  return { ok: false, message: translator(accountMessages, options.locale ?? "en")("linkUsed") };
}

/** Retires every unused link of an account (after a password reset or a verification). */
export async function retireTokens(executor: Executor, accountId: string, now: Date) {
  await executor
    .update(shopperTokens)
    .set({ usedAt: now })
    .where(and(eq(shopperTokens.accountId, accountId), isNull(shopperTokens.usedAt)));
}
