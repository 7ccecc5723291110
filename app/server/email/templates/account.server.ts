import { localizePath, type Locale } from "~/lib/i18n/locale";
import { accountEmailMessages } from "~/lib/i18n/messages/account-emails";
import { translator } from "~/lib/i18n/translate";
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

function wording(kind: AccountEmailKind, token: string | undefined, locale: Locale): Wording {
  const { ACCOUNT_LINK_MINUTES, ACCOUNT_VERIFY_HOURS } = config();
  const t = translator(accountEmailMessages, locale);
  const storeName = storeSettingsNow().store.name;
  const q = `?token=${encodeURIComponent(token ?? "")}`;
  /** "2 hours" for whole hours, else "30 minutes". */
  const duration = (minutes: number) =>
    minutes % 60 === 0 ? t("hours", { count: minutes / 60 }) : t("minutes", { count: minutes });
  const linkLife = duration(ACCOUNT_LINK_MINUTES);
  const ignore = t("ignore");
  const path = (page: string) => localizePath(`/account/${page}${q}`, locale);
  switch (kind) {
    case "account_verify":
      return {
        subject: t("verifySubject", { storeName }),
        heading: t("verifyHeading"),
        lines: [t("verifyLine", { storeName })],
        link: { path: path("verify"), label: t("verifyButton") },
        after: [
          t("verifyAfter", { duration: duration(ACCOUNT_VERIFY_HOURS * 60) }),
          t("verifyIgnore"),
        ],
      };
    case "account_exists":
      return {
        subject: t("existsSubject", { storeName }),
        heading: t("existsHeading"),
        lines: [t("existsLine", { storeName }), t("existsHow")],
        link: { path: path("link"), label: t("existsButton") },
        after: [t("linkWorksOnce", { duration: linkLife }), ignore],
      };
    case "account_sign_in":
      return {
        subject: t("signInSubject", { storeName }),
        heading: t("signInHeading"),
        lines: [t("signInLine", { storeName })],
        link: { path: path("link"), label: t("signInButton") },
        after: [t("linkWorksOnce", { duration: linkLife }), ignore],
      };
    case "account_reset":
      return {
        subject: t("resetSubject", { storeName }),
        heading: t("resetHeading"),
        lines: [t("resetLine")],
        link: { path: path("reset-password"), label: t("resetButton") },
        after: [t("resetAfter", { duration: linkLife }), ignore],
      };
    case "account_deleted":
      return {
        subject: t("deletedSubject", { storeName }),
        heading: t("deletedHeading"),
        lines: [t("deletedLine"), t("deletedOrdersKept")],
      };
  }
}

/**
 * One account email, in the language of the page that asked for it (its links open the pages in
 * that language); `token` is the one-time token its link carries (not for account_deleted).
 */
export function renderAccountEmail(kind: AccountEmailKind, token?: string, locale: Locale = "en") {
  const { publicUrl } = config();
  const w = wording(kind, token, locale);
  const { content, text } = emailNotice({
    ...w,
    link: w.link && { href: `${publicUrl}${w.link.path}`, label: w.link.label },
    locale,
  });
  return renderEmail({
    locale,
    subject: w.subject,
    preheader: w.lines[0]!,
    content,
    text: text.join("\n"),
  });
}
