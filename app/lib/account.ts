import type { Locale } from "./i18n/locale";
import { accountMessages } from "./i18n/messages/account";
import { translator } from "./i18n/translate";

/** Limits of shopper accounts, shared by forms (browser) and schemas (server). */
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;
/** How many addresses one account can save. */
export const MAX_ADDRESSES = 20;

/**
 * The one-line confirmations account pages show after a redirect (`?notice=…`), by their message
 * key. Only these fixed messages can appear, so the URL cannot be used to put words on the page.
 */
const ACCOUNT_NOTICES = {
  "signed-out": "noticeSignedOut",
  verified: "noticeVerified",
  "signed-in": "noticeSignedIn",
  "password-reset": "noticePasswordReset",
  "verification-sent": "noticeVerificationSent",
  "address-saved": "noticeAddressSaved",
  "address-deleted": "noticeAddressDeleted",
  "default-set": "noticeDefaultSet",
  subscribed: "noticeSubscribed",
  unsubscribed: "noticeUnsubscribed",
  deleted: "noticeDeleted",
} as const;

type AccountNotice = keyof typeof ACCOUNT_NOTICES;

export function accountNotice(value: string | null, locale: Locale = "en"): string | undefined {
  return value && Object.hasOwn(ACCOUNT_NOTICES, value)
    ? translator(accountMessages, locale)(ACCOUNT_NOTICES[value as AccountNotice])
    : undefined;
}

/** The answers to emailed-link requests: the same whether or not the address has an account. */
export const LINK_SENT = accountMessages.en.linkSent;
export const SIGN_UP_SENT = accountMessages.en.signUpSent;
export const RESET_SENT = accountMessages.en.resetSent;
