/**
 * Marketing consent (Canada's anti-spam law, CASL): the wording each sign-up place shows, kept
 * word for word with every consent record, and how long implied consent from a purchase lasts.
 */

import type { Locale } from "./i18n/locale";
import { consentMessages } from "~/lib/i18n/messages/consent";
import { translator } from "./i18n/translate";

/** Implied consent from a purchase (an existing business relationship) lasts two years. */
export const IMPLIED_CONSENT_YEARS = 2;

type ConsentType = "express" | "implied" | "withdrawal";
export type ConsentSource =
  "footer" | "checkout" | "import" | "account" | "admin" | "unsubscribe_link" | "account_deleted";

export const CONSENT_TYPE_LABELS: Record<ConsentType, string> = {
  express: "Express",
  implied: "Implied",
  withdrawal: "Withdrawn",
};

export const CONSENT_SOURCE_LABELS: Record<ConsentSource, string> = {
  footer: "Footer form",
  checkout: "Checkout",
  import: "Customer import",
  account: "My Account",
  admin: "Admin",
  unsubscribe_link: "Unsubscribe link",
  account_deleted: "Account deleted",
};

export type ConsentGivenAt = "footer" | "checkout" | "import" | "account" | "admin";
export type WithdrawnAt = "account" | "admin" | "unsubscribe_link" | "account_deleted";

/**
 * What the sign-up places show, exactly as recorded with each consent: in the page's language on
 * the storefront (footer, checkout, My Account); the import and admin wordings are the staff's.
 */
export function consentWording(
  source: ConsentGivenAt,
  storeName: string,
  locale: Locale = "en",
): string {
  const t = translator(consentMessages, locale);
  switch (source) {
    case "footer":
      return t("consentFooter", { storeName });
    case "checkout":
      return t("consentCheckout", { storeName });
    case "account":
      return t("consentAccount", { storeName });
    case "import":
      return "Marked as consenting in a customer CSV import (the store keeps the original consent).";
    case "admin":
      return "Added by an admin.";
  }
}

/** How a withdrawal was made, recorded with it. */
export function withdrawalWording(source: WithdrawnAt): string {
  switch (source) {
    case "account":
      return "Unsubscribed in My Account.";
    case "admin":
      return "Removed from the newsletter by an admin.";
    case "unsubscribe_link":
      return "Unsubscribed with the link in an email.";
    case "account_deleted":
      return "Newsletter consent withdrawn when the account was deleted.";
  }
}

/** When implied consent given at `from` lapses. */
export function impliedConsentExpiry(from: Date): Date {
  const expires = new Date(from);
  expires.setUTCFullYear(expires.getUTCFullYear() + IMPLIED_CONSENT_YEARS);
  return expires;
}

/** Implied consent past its two years: it no longer reaches anyone (CASL). */
export function consentLapsed(expiresAt: Date | string | null, now = new Date()): boolean {
  return expiresAt !== null && new Date(expiresAt).getTime() <= now.getTime();
}

/** A newsletter row that still gives consent: not unsubscribed, and not lapsed. */
export function consentInForce(
  row: { unsubscribedAt: Date | string | null; consentExpiresAt: Date | string | null },
  now = new Date(),
): boolean {
  return !row.unsubscribedAt && !consentLapsed(row.consentExpiresAt, now);
}
