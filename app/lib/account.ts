/** Limits of shopper accounts, shared by forms (browser) and schemas (server). */
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;
/** How many addresses one account can save. */
export const MAX_ADDRESSES = 20;

/**
 * The one-line confirmations account pages show after a redirect (`?notice=…`). Only these fixed
 * messages can appear, so the URL cannot be used to put words on the page.
 */
const ACCOUNT_NOTICES = {
  "signed-out": "You are signed out.",
  verified: "Thanks! Your email address is confirmed.",
  "signed-in": "You are signed in.",
  "password-reset": "Your new password is saved. You are signed in.",
  "verification-sent": "We have emailed you a new confirmation link.",
  "address-saved": "Address saved.",
  "address-deleted": "Address deleted.",
  "default-set": "Default address updated.",
  subscribed: "You are subscribed to our newsletter.",
  unsubscribed: "You are unsubscribed from our newsletter.",
  deleted: "Your account was deleted. Your orders are kept for our records.",
} as const;

type AccountNotice = keyof typeof ACCOUNT_NOTICES;

export function accountNotice(value: string | null): string | undefined {
  return value && Object.hasOwn(ACCOUNT_NOTICES, value)
    ? ACCOUNT_NOTICES[value as AccountNotice]
    : undefined;
}

/** The answers to emailed-link requests: the same whether or not the address has an account. */
export const LINK_SENT = "Check your email: a sign-in link is on its way. It works once.";
export const SIGN_UP_SENT =
  "Check your email: we sent you a link to confirm your address and finish creating your account.";
export const RESET_SENT =
  "Check your email: if there is an account for that address, a link to choose a new password is on its way.";
