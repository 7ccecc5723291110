import crypto from "node:crypto";
import { getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import { and, count, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import QRCode from "qrcode";
import { createCookie, href } from "react-router";
import { fail, type Result } from "~/lib/errors";
import {
  base32Encode,
  formatRecoveryCode,
  matchedSteps,
  normalizeRecoveryCode,
  normalizeTotpCode,
  RECOVERY_CODE_COUNT,
  recoveryCodeFrom,
  timeStep,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW,
  TWO_FACTOR_CHALLENGE_MS,
  TWO_FACTOR_MESSAGES,
} from "~/lib/two-factor";
import { db, type Executor } from "../db.server";
import {
  adminRecoveryCodes,
  adminSessions,
  adminTwoFactorChallenges,
  adminUsers,
} from "../db-tables";
import { storeSettings } from "../settings/store-settings.server";
import { verifyPassword } from "./password.server";
import { hashToken, secureCookies } from "./session.server";
import { runThrottled } from "./throttle.server";
import { recordAudit, SHELL_ACTOR, type AuditActor } from "../audit/audit-log.server";
import { recordSignInEvent, startSignedInSession } from "./signed-in.server";

/**
 * Two-factor sign-in for admins (TOTP, RFC 6238, with @epic-web/totp): set up from My profile
 * (a secret confirmed by one code), ten single-use recovery codes (SHA-256 stored), the second
 * step of sign-in (a short-lived, server-stored challenge: not a session), a code accepted at most
 * once (the last used time step is kept per admin and moved forward atomically), the owner's
 * "required for every admin" setting (enforced by the admin guard) and the owner's reset.
 */

const ALGORITHM = "SHA-1"; // What every authenticator app supports (RFC 6238's default).

export { TWO_FACTOR_MESSAGES };

// ── settings ──

/** Whether the owner requires two-factor sign-in for every admin (Settings → Security). */
export async function twoFactorRequired(): Promise<boolean> {
  return (await storeSettings()).security.requireTwoFactor;
}

// ── codes ──

function sha256(text: string): string {
  return crypto.createHash("sha256").update(text).digest("hex");
}

function newSecret(): string {
  // 160 bits, as RFC 4226 recommends (the library's default is 80).
  return base32Encode(crypto.randomBytes(20));
}

type CodeCheck = "ok" | "wrong" | "reused";

/**
 * Checks a TOTP code against a secret and, when it matches, moves the admin's last used step
 * forward in one guarded UPDATE: a code (or an older one) is never accepted twice, even by two
 * requests at once.
 */
async function checkTotp(
  executor: Executor,
  userId: string,
  secret: string,
  text: string,
  column: "active" | "pending" = "active",
): Promise<CodeCheck> {
  const otp = normalizeTotpCode(text);
  if (!otp) return "wrong";
  const before = timeStep(Date.now());
  const match = await verifyTOTP({
    otp,
    secret,
    period: TOTP_PERIOD_SECONDS,
    digits: TOTP_DIGITS,
    algorithm: ALGORITHM,
    window: TOTP_WINDOW,
  });
  const after = timeStep(Date.now());
  if (!match) return "wrong";
  // acceptsStep's rule, applied atomically: newer than the last step used, which moves forward.
  const { earliest, latest } = matchedSteps({ before, after, delta: match.delta });
  const secretColumn =
    column === "active" ? adminUsers.twoFactorSecret : adminUsers.twoFactorPendingSecret;
  const [moved] = await executor
    .update(adminUsers)
    .set({ twoFactorLastStep: latest })
    .where(
      and(
        eq(adminUsers.id, userId),
        eq(secretColumn, secret),
        or(isNull(adminUsers.twoFactorLastStep), lt(adminUsers.twoFactorLastStep, earliest)),
      ),
    )
    .returning({ id: adminUsers.id });
  return moved ? "ok" : "reused";
}

/** Uses a recovery code: marked used in the statement that finds it, so it works once. */
async function useRecoveryCode(executor: Executor, userId: string, text: string, now: Date) {
  const code = normalizeRecoveryCode(text);
  if (!code) return false;
  const [used] = await executor
    .update(adminRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(adminRecoveryCodes.userId, userId),
        eq(adminRecoveryCodes.codeHash, sha256(code)),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: adminRecoveryCodes.id });
  return Boolean(used);
}

/** Ten new recovery codes (the old ones stop working); returns them as shown, once. */
async function replaceRecoveryCodes(tx: Executor, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    recoveryCodeFrom((n) => crypto.randomBytes(n)),
  );
  await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
  await tx
    .insert(adminRecoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: sha256(code) })));
  return codes.map(formatRecoveryCode);
}

async function readUser(executor: Executor, userId: string) {
  const [user] = await executor
    .select({
      id: adminUsers.id,
      username: adminUsers.username,
      displayName: adminUsers.displayName,
      passwordHash: adminUsers.passwordHash,
      secret: adminUsers.twoFactorSecret,
      pendingSecret: adminUsers.twoFactorPendingSecret,
      enabledAt: adminUsers.twoFactorEnabledAt,
    })
    .from(adminUsers)
    .where(eq(adminUsers.id, userId));
  return user;
}

// ── My profile ──

interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: Date | null;
  recoveryCodesLeft: number;
  required: boolean;
}

export async function twoFactorStatus(userId: string): Promise<TwoFactorStatus> {
  const [user, [left], required] = await Promise.all([
    readUser(db(), userId),
    db()
      .select({ total: count() })
      .from(adminRecoveryCodes)
      .where(and(eq(adminRecoveryCodes.userId, userId), isNull(adminRecoveryCodes.usedAt))),
    twoFactorRequired(),
  ]);
  return {
    enabled: Boolean(user?.secret),
    enabledAt: user?.enabledAt ?? null,
    recoveryCodesLeft: Number(left?.total ?? 0),
    required,
  };
}

export interface TwoFactorSetup {
  /** Base32, as typed into an app that cannot scan. */
  secret: string;
  /** The otpauth:// URI the QR code holds. */
  uri: string;
  /** The QR code, drawn here as an SVG data URL (no image from elsewhere). */
  qrDataUrl: string;
}

/**
 * The secret being set up (made once and kept until confirmed, so reloading the page keeps the
 * QR code the admin scanned), with its QR code. Refused when two-factor is already on.
 */
export async function startTwoFactorSetup(userId: string): Promise<Result<TwoFactorSetup>> {
  const user = await readUser(db(), userId);
  if (!user) return fail(404, TWO_FACTOR_MESSAGES.unknown);
  if (user.secret) return fail(409, TWO_FACTOR_MESSAGES.alreadyOn);
  let secret = user.pendingSecret;
  if (!secret) {
    const fresh = newSecret();
    const [row] = await db()
      .update(adminUsers)
      .set({
        twoFactorPendingSecret: sql`coalesce(${adminUsers.twoFactorPendingSecret}, ${fresh})`,
      })
      .where(eq(adminUsers.id, userId))
      .returning({ pending: adminUsers.twoFactorPendingSecret });
    secret = row?.pending ?? fresh;
  }
  const { store } = await storeSettings();
  const uri = getTOTPAuthUri({
    secret,
    period: TOTP_PERIOD_SECONDS,
    digits: TOTP_DIGITS,
    algorithm: ALGORITHM,
    accountName: user.username,
    issuer: store.name,
  });
  const svg = await QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  const qrDataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
  return { ok: true, secret, uri, qrDataUrl };
}

/**
 * Turns two-factor on once the admin typed a code of the secret being set up; returns the ten
 * recovery codes (shown once).
 */
export async function confirmTwoFactorSetup(input: {
  userId: string;
  code: string;
  actor: AuditActor;
  now?: Date;
}): Promise<Result<{ recoveryCodes: string[] }>> {
  const now = input.now ?? new Date();
  return db().transaction(async (tx) => {
    const user = await readUser(tx, input.userId);
    if (!user) return fail(404, TWO_FACTOR_MESSAGES.unknown);
    if (user.secret) return fail(409, TWO_FACTOR_MESSAGES.alreadyOn);
    if (!user.pendingSecret)
      return fail(409, "Start again: reload the page to get a QR code to scan.");
    const check = await checkTotp(tx, user.id, user.pendingSecret, input.code, "pending");
    if (check !== "ok")
      return fail(422, TWO_FACTOR_MESSAGES.setupCode, { code: TWO_FACTOR_MESSAGES.setupCode });
    await tx
      .update(adminUsers)
      .set({
        twoFactorSecret: user.pendingSecret,
        twoFactorPendingSecret: null,
        twoFactorEnabledAt: now,
      })
      .where(eq(adminUsers.id, user.id));
    const recoveryCodes = await replaceRecoveryCodes(tx, user.id);
    await recordTwoFactorChange(tx, input.actor, user, "auth", ["off", "on"]);
    return { ok: true, recoveryCodes };
  });
}

/** New recovery codes (the old ones stop working), given a current code from the app. */
export async function regenerateRecoveryCodes(input: {
  userId: string;
  code: string;
  actor: AuditActor;
}): Promise<Result<{ recoveryCodes: string[] }>> {
  return db().transaction(async (tx) => {
    const user = await readUser(tx, input.userId);
    if (!user) return fail(404, TWO_FACTOR_MESSAGES.unknown);
    if (!user.secret) return fail(409, TWO_FACTOR_MESSAGES.notOn);
    const check = await checkTotp(tx, user.id, user.secret, input.code);
    if (check !== "ok") {
      const message =
        check === "reused" ? TWO_FACTOR_MESSAGES.reusedCode : "That code is not right.";
      return fail(422, message, { code: message });
    }
    const recoveryCodes = await replaceRecoveryCodes(tx, user.id);
    await recordAudit(tx, {
      actor: input.actor,
      area: "auth",
      action: "two-factor",
      record: { type: "admin", id: user.id, label: user.username },
      changes: { recoveryCodes: "replaced" },
    });
    return { ok: true, recoveryCodes };
  });
}

/** Clears an admin's two-factor (secret, pending secret, last step, recovery codes, challenges). */
async function clearTwoFactor(tx: Executor, userId: string) {
  await tx
    .update(adminUsers)
    .set({
      twoFactorSecret: null,
      twoFactorPendingSecret: null,
      twoFactorEnabledAt: null,
      twoFactorLastStep: null,
    })
    .where(eq(adminUsers.id, userId));
  await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
  await tx.delete(adminTwoFactorChallenges).where(eq(adminTwoFactorChallenges.userId, userId));
}

/**
 * Turns the admin's own two-factor off, given their password or a current code; refused while
 * the owner requires it for everyone.
 */
export async function turnOffTwoFactor(input: {
  userId: string;
  proof: string;
  actor: AuditActor;
}): Promise<Result> {
  if (await twoFactorRequired()) return fail(409, TWO_FACTOR_MESSAGES.cannotTurnOff);
  const user = await readUser(db(), input.userId);
  if (!user) return fail(404, TWO_FACTOR_MESSAGES.unknown);
  if (!user.secret) return fail(409, TWO_FACTOR_MESSAGES.notOn);
  const proven = normalizeTotpCode(input.proof)
    ? (await checkTotp(db(), user.id, user.secret, input.proof)) === "ok"
    : await verifyPassword(user.passwordHash, input.proof);
  if (!proven)
    return fail(422, TWO_FACTOR_MESSAGES.wrongProof, { proof: TWO_FACTOR_MESSAGES.wrongProof });
  await db().transaction(async (tx) => {
    await clearTwoFactor(tx, user.id);
    await recordTwoFactorChange(tx, input.actor, user, "auth", ["on", "off"]);
  });
  return { ok: true };
}

/**
 * The owner's reset (Staff screen) and `npm run admin -- reset-2fa NAME`: two-factor off for the
 * admin, and every session of theirs ended (they sign in with their password and may set it up
 * again; when it is required, they must).
 */
export async function resetTwoFactor(input: {
  id?: string;
  username?: string;
  /** The owner on the Staff screen; the shell by default (npm run admin -- reset-2fa). */
  actor?: AuditActor;
}): Promise<Result<{ displayName: string; username: string; sessionsEnded: number }>> {
  return db().transaction(async (tx) => {
    const [user] = await tx
      .select({
        id: adminUsers.id,
        username: adminUsers.username,
        displayName: adminUsers.displayName,
        secret: adminUsers.twoFactorSecret,
      })
      .from(adminUsers)
      .where(
        input.id
          ? eq(adminUsers.id, input.id)
          : eq(sql`lower(${adminUsers.username})`, (input.username ?? "").toLowerCase()),
      )
      .for("update");
    if (!user) return fail(404, TWO_FACTOR_MESSAGES.unknown);
    await clearTwoFactor(tx, user.id);
    await recordTwoFactorChange(tx, input.actor ?? SHELL_ACTOR, user, "staff", [
      user.secret ? "on" : "off",
      "off (reset)",
    ]);
    const ended = await tx
      .delete(adminSessions)
      .where(eq(adminSessions.userId, user.id))
      .returning({ id: adminSessions.id });
    return {
      ok: true,
      displayName: user.displayName,
      username: user.username,
      sessionsEnded: ended.length,
    };
  });
}

/** Two-factor turned on or off (by the admin: area auth) or reset (by an owner: area staff). */
function recordTwoFactorChange(
  executor: Executor,
  actor: AuditActor,
  admin: { id: string; username: string },
  area: "auth" | "staff",
  change: [string, string],
) {
  return recordAudit(executor, {
    actor,
    area,
    action: "two-factor",
    record: { type: "admin", id: admin.id, label: admin.username },
    changes: { twoFactor: change },
  });
}

// ── the second step of sign-in ──

let challengeCookieInstance: ReturnType<typeof createCookie> | undefined;

/** The half-signed-in state's cookie: a random token, 5 minutes, sent only to /budzadmin. */
function challengeCookie() {
  challengeCookieInstance ??= createCookie(
    secureCookies() ? "__Secure-budz_admin_2fa" : "budz_admin_2fa",
    {
      path: href("/budzadmin"),
      httpOnly: true,
      sameSite: "lax",
      secure: secureCookies(),
      maxAge: TWO_FACTOR_CHALLENGE_MS / 1000,
    },
  );
  return challengeCookieInstance;
}

/** After a right password: the second step's state, stored server-side; its Set-Cookie. */
export async function createTwoFactorChallenge(userId: string, now = new Date()) {
  const token = crypto.randomBytes(32).toString("base64url");
  await db()
    .delete(adminTwoFactorChallenges)
    .where(
      or(eq(adminTwoFactorChallenges.userId, userId), lt(adminTwoFactorChallenges.expiresAt, now)),
    );
  await db()
    .insert(adminTwoFactorChallenges)
    .values({
      id: hashToken(token),
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + TWO_FACTOR_CHALLENGE_MS),
    });
  return challengeCookie().serialize(token);
}

/** The Set-Cookie value that clears the second step's cookie. */
export function clearChallengeCookie(): Promise<string> {
  return challengeCookie().serialize("", { maxAge: 0 });
}

type ChallengeState =
  | { state: "none" }
  | { state: "ended" }
  | { state: "ok"; id: string; userId: string; username: string; displayName: string };

/**
 * The request's second-step state: none (no cookie: never signed in with a password), ended
 * (expired, used, forged or tampered: unknown to the server) or the admin it is for.
 */
export async function readChallenge(request: Request, now = new Date()): Promise<ChallengeState> {
  const value: unknown = await challengeCookie().parse(request.headers.get("Cookie"));
  if (value === null || value === undefined || value === "") return { state: "none" };
  if (typeof value !== "string" || !/^[\w-]{43}$/.test(value)) return { state: "ended" };
  const id = hashToken(value);
  const [row] = await db()
    .select({
      id: adminTwoFactorChallenges.id,
      userId: adminUsers.id,
      username: adminUsers.username,
      displayName: adminUsers.displayName,
    })
    .from(adminTwoFactorChallenges)
    .innerJoin(adminUsers, eq(adminUsers.id, adminTwoFactorChallenges.userId))
    .where(
      and(
        eq(adminTwoFactorChallenges.id, id),
        gt(adminTwoFactorChallenges.expiresAt, now),
        eq(adminUsers.status, "active"),
        sql`${adminUsers.twoFactorSecret} is not null`,
      ),
    );
  return row ? { state: "ok", ...row } : { state: "ended" };
}

type SecondStepResult =
  | { ok: true; setCookies: string[]; usedRecoveryCode: boolean; recoveryCodesLeft: number }
  | {
      ok: false;
      code: "ended" | "wrong" | "reused" | "throttled";
      status: number;
      message: string;
      retryAfterSeconds?: number;
    };

/**
 * The second step: a TOTP code or a recovery code for the admin whose password was right. Under
 * the shared throttle (scope admin-two-factor, keyed by the admin), like the password; on success
 * the challenge is used up and a session starts.
 */
export async function completeTwoFactorSignIn(input: {
  request: Request;
  code: string;
  ipAddress: string;
  userAgent?: string | null;
  now?: Date;
}): Promise<SecondStepResult> {
  const now = input.now ?? new Date();
  const challenge = await readChallenge(input.request, now);
  if (challenge.state !== "ok")
    return { ok: false, code: "ended", status: 401, message: TWO_FACTOR_MESSAGES.challengeEnded };
  const throttled = await runThrottled(
    { scope: "admin-two-factor", key: challenge.userId, address: input.ipAddress, now },
    async () => {
      const user = await readUser(db(), challenge.userId);
      if (!user?.secret) return { succeeded: false, value: "wrong" as const };
      if (normalizeTotpCode(input.code)) {
        const check = await checkTotp(db(), user.id, user.secret, input.code);
        return { succeeded: check === "ok", value: check };
      }
      const used = await useRecoveryCode(db(), user.id, input.code, now);
      return { succeeded: used, value: used ? ("recovery" as const) : ("wrong" as const) };
    },
  );
  if (!throttled.ok)
    return {
      ok: false,
      code: "throttled",
      status: 429,
      message: throttled.message,
      retryAfterSeconds: throttled.retryAfterSeconds,
    };
  if (throttled.value === "wrong" || throttled.value === "reused") {
    const admin = await readUser(db(), challenge.userId);
    await recordSignInEvent(db(), {
      action: "two-factor-failed",
      admin: admin && { id: admin.id, displayName: admin.displayName },
      username: admin?.username ?? challenge.userId,
      ipAddress: input.ipAddress,
      changes: { code: throttled.value === "reused" ? "already used" : "wrong" },
    });
    return throttled.value === "wrong"
      ? { ok: false, code: "wrong", status: 401, message: TWO_FACTOR_MESSAGES.wrongCode }
      : { ok: false, code: "reused", status: 401, message: TWO_FACTOR_MESSAGES.reusedCode };
  }
  // The challenge works once: whoever deletes it first signs in.
  const [used] = await db()
    .delete(adminTwoFactorChallenges)
    .where(eq(adminTwoFactorChallenges.id, challenge.id))
    .returning({ id: adminTwoFactorChallenges.id });
  if (!used)
    return { ok: false, code: "ended", status: 401, message: TWO_FACTOR_MESSAGES.challengeEnded };
  const admin = await readUser(db(), challenge.userId);
  if (!admin)
    return { ok: false, code: "ended", status: 401, message: TWO_FACTOR_MESSAGES.challengeEnded };
  const session = await startSignedInSession({
    admin,
    ipAddress: input.ipAddress,
    userAgent: input.userAgent,
    now,
    changes: { twoFactor: throttled.value === "recovery" ? "recovery code" : "code" },
  });
  const { recoveryCodesLeft } = await twoFactorStatus(challenge.userId);
  return {
    ok: true,
    setCookies: [session, await clearChallengeCookie()],
    usedRecoveryCode: throttled.value === "recovery",
    recoveryCodesLeft,
  };
}
