import { config } from "~/server/config.server";
import { storeSettingsNow } from "~/server/settings/store-settings.server";
import { emailNotice, renderEmail } from "./layout.server";

/** The emails of shopper accounts, one kind per outbox `kind`. */
export const ACCOUNT_EMAIL_KINDS = [
  "account_verify",
  "account_exists",
  "account_sign_in",
  "account_reset",
  "account_deleted",
] as const;
export type AccountEmailKind = (typeof ACCOUNT_EMAIL_KINDS)[number];

interface Wording {
  subject: string;
  heading: string;
  lines: string[];
  link?: { path: string; label: string };
  after?: string[];
}

function duration(minutes: number): string {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return `${hours} hour${hours === 1 ? "" : "s"}`;
  }
  return `${minutes} minutes`;
}

function wording(kind: AccountEmailKind, token: string | undefined): Wording {
  const { ACCOUNT_LINK_MINUTES, ACCOUNT_VERIFY_HOURS } = config();
  const STORE_NAME = storeSettingsNow().store.name;
  const q = `?token=${encodeURIComponent(token ?? "")}`;
  const linkLife = duration(ACCOUNT_LINK_MINUTES);
  const ignore = "If you didn't ask for this, you can ignore this email: nothing changes.";
  switch (kind) {
    case "account_verify":
      return {
        subject: `${STORE_NAME}: confirm your email address`,
        heading: "Confirm your email address",
        lines: [
          `Thanks for creating a ${STORE_NAME} account. Confirm this is your email address to see your orders in My Account.`,
        ],
        link: { path: `/account/verify${q}`, label: "Confirm my email" },
        after: [
          `The link works once, for ${duration(ACCOUNT_VERIFY_HOURS * 60)}, and asks for the password you chose.`,
          "If you didn't create an account, ignore this email: the account stays unconfirmed.",
        ],
      };
    case "account_exists":
      return {
        subject: `${STORE_NAME}: you already have an account`,
        heading: "You already have an account",
        lines: [
          `Someone (probably you) tried to create a ${STORE_NAME} account with this email address, but there is one already.`,
          "Use the button to sign in without your password, or reset your password from the sign-in page.",
        ],
        link: { path: `/account/link${q}`, label: "Sign in to my account" },
        after: [`The link works once, for ${linkLife}.`, ignore],
      };
    case "account_sign_in":
      return {
        subject: `${STORE_NAME}: your sign-in link`,
        heading: "Sign in to your account",
        lines: [`Use the button to sign in to ${STORE_NAME}. No password needed.`],
        link: { path: `/account/link${q}`, label: "Sign in" },
        after: [`The link works once, for ${linkLife}.`, ignore],
      };
    case "account_reset":
      return {
        subject: `${STORE_NAME}: reset your password`,
        heading: "Reset your password",
        lines: ["Use the button to choose a new password for your account."],
        link: { path: `/account/reset-password${q}`, label: "Choose a new password" },
        after: [
          `The link works once, for ${linkLife}. Choosing a new password signs you out everywhere else.`,
          ignore,
        ],
      };
    case "account_deleted":
      return {
        subject: `${STORE_NAME}: your account was deleted`,
        heading: "Your account was deleted",
        lines: [
          "Your account, saved addresses and sign-ins have been deleted, and your name, phone and address removed from our customer record.",
          "We keep the orders you placed for our accounting records, as the law requires.",
        ],
      };
  }
}

/** One account email; `token` is the one-time token its link carries (not for account_deleted). */
export function renderAccountEmail(kind: AccountEmailKind, token?: string) {
  const { publicUrl } = config();
  const w = wording(kind, token);
  const { content, text } = emailNotice({
    ...w,
    link: w.link && { href: `${publicUrl}${w.link.path}`, label: w.link.label },
  });
  return renderEmail({
    subject: w.subject,
    preheader: w.lines[0]!,
    content,
    text: text.join("\n"),
  });
}
