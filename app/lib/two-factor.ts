/**
 * The rules of two-factor sign-in that need no library (app/server/auth/two-factor.server.ts does
 * the rest): TOTP time steps and replay (RFC 6238, 30-second steps, one step either side accepted
 * for clock drift), and the recovery codes' shape.
 */

import { slugify } from "./slug";

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of the server's (clock drift between the phone and the server). */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** How long the half-signed-in state (password right, code not yet given) lasts. */
export const TWO_FACTOR_CHALLENGE_MS = 5 * 60 * 1000;

/** What the pages and the server say (the second step's page compares the ended message). */
export const TWO_FACTOR_MESSAGES = {
  wrongCode:
    "That code is not right. Enter the 6-digit code your authenticator app shows now, or one of your recovery codes.",
  reusedCode: "This code was used already. Wait for your app to show the next code and enter it.",
  setupCode:
    "That code is not right. Check that your app shows a code for this store and enter the one it shows now.",
  challengeEnded:
    "This sign-in step has ended (it lasts 5 minutes) or is not valid. Please sign in again with your password.",
  required:
    "The store owner requires two-factor sign-in for every admin: set it up before you continue.",
  cannotTurnOff:
    "The store owner requires two-factor sign-in for every admin, so it cannot be turned off.",
  wrongProof: "That is neither your password nor a current code from your app.",
  notOn: "Two-factor sign-in is not on for this account.",
  alreadyOn: "Two-factor sign-in is already on for this account.",
  unknown: "This admin does not exist (any more).",
} as const;

/** The TOTP time step of an instant. */
export function timeStep(ms: number): number {
  return Math.floor(ms / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The time step a matched code belongs to. The library reads the clock itself, so the server's
 * step is known only to lie between `before` and `after` (read around the check; they differ when
 * a step boundary passed meanwhile): a code matched `delta` steps away belongs to a step between
 * `earliest` and `latest`.
 */
export function matchedSteps(options: { before: number; after: number; delta: number }) {
  return { earliest: options.before + options.delta, latest: options.after + options.delta };
}

/**
 * The replay rule: a code is accepted only if even its earliest possible step is newer than the
 * last step this admin used, and then its latest possible step is remembered, so no code (nor an
 * older one) is ever accepted twice. The database applies the same rule in one guarded UPDATE.
 */
export function acceptsStep(steps: { earliest: number }, lastStep: number | null): boolean {
  return lastStep === null || steps.earliest > lastStep;
}

/** "123 456" → "123456"; null when it is not six digits. */
export function normalizeTotpCode(text: string): string | null {
  const digits = text.replace(/[\s-]/g, "");
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(digits) ? digits : null;
}

/** Recovery codes use letters and digits that cannot be mistaken for each other. */
export const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const RECOVERY_LENGTH = 10;

/** "ABCDE-fghjk", " abcde fghjk " → "abcdefghjk"; null when it cannot be a recovery code. */
export function normalizeRecoveryCode(text: string): string | null {
  const code = text.replace(/[\s-]/g, "").toLowerCase();
  if (code.length !== RECOVERY_LENGTH) return null;
  return [...code].every((c) => RECOVERY_ALPHABET.includes(c)) ? code : null;
}

/** A recovery code as shown: "abcde-fghjk". */
export function formatRecoveryCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A recovery code from random bytes (one byte per character, rejection-sampled: no bias). */
export function recoveryCodeFrom(randomBytes: (n: number) => Uint8Array): string {
  const limit = 256 - (256 % RECOVERY_ALPHABET.length);
  let code = "";
  while (code.length < RECOVERY_LENGTH) {
    for (const byte of randomBytes(RECOVERY_LENGTH)) {
      if (byte < limit && code.length < RECOVERY_LENGTH)
        code += RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length];
    }
  }
  return code;
}

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 without padding (how authenticator apps take a TOTP secret). */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** "JBSWY3DPEHPK3PXP…" → "JBSW Y3DP EHPK 3PXP …", easier to type into an app. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

/**
 * The recovery codes as a text file to keep (made in the browser from the codes shown): named
 * after the store and the admin ("budz-boutique-tina-recovery-codes.txt"), saying what they are.
 */
export function recoveryCodesFile(input: { storeName: string; username: string; codes: string[] }) {
  const name = [slugify(input.storeName), slugify(input.username)].filter(Boolean).join("-");
  const text = [
    `${input.storeName}: two-factor recovery codes for ${input.username}`,
    "",
    "Each code signs you in once, in place of a code from your authenticator app.",
    "Keep this file somewhere safe (a password manager, or printed).",
    "",
    ...input.codes,
    "",
  ].join("\n");
  return { fileName: `${name || "admin"}-recovery-codes.txt`, text };
}
