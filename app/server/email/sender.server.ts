import type { StoreSettings } from "~/lib/store-settings";
import { config } from "../config.server";

/**
 * Who every email is from: the store's name (Settings → Store) and the address of Settings → Email,
 * else the server's default (MAIL_FROM, else orders@ the domain of PUBLIC_URL). Read when a
 * message is sent, so a rename applies to what still waits in the outbox too.
 */
interface EmailSender {
  name: string;
  address: string;
  /** Where the address comes from: Settings, MAIL_FROM, or made up from PUBLIC_URL. */
  source: "settings" | "MAIL_FROM" | "default";
}

export function emailSender(settings: Pick<StoreSettings, "store" | "email">): EmailSender {
  const fallback = config().defaultSender;
  return {
    name: settings.store.name,
    ...(settings.email.fromAddress
      ? { address: settings.email.fromAddress, source: "settings" as const }
      : {
          address: fallback.address,
          source: fallback.fromMailFrom ? ("MAIL_FROM" as const) : ("default" as const),
        }),
  };
}

/** Top-level domains that never deliver mail, or only on one network. */
const LOCAL_TLDS = new Set(["localhost", "local", "test", "invalid", "example", "internal", "lan"]);

/**
 * Whether an address's domain is a stand-in no mail server accepts mail from: an IP address, a
 * machine name (localhost), an example domain (example.com, shop.example.ca) or a local one.
 */
export function isPlaceholderAddress(address: string): boolean {
  const host = (address.split("@").at(-1) ?? "").toLowerCase().replace(/^\[|\]$/g, "");
  if (/^[\d.]+$/.test(host) || host.includes(":")) return true;
  const labels = host.split(".");
  return labels.length < 2 || labels.includes("example") || LOCAL_TLDS.has(labels.at(-1)!);
}

/** What the start box and Settings say while the sender is a placeholder or a guess; else null. */
export function senderWarning(sender: EmailSender): string | null {
  if (isPlaceholderAddress(sender.address))
    return `Emails are sent from ${sender.address}, a placeholder: mail servers refuse or bin mail from it. Set the store's own address in Settings → Email (or MAIL_FROM).`;
  if (sender.source === "default")
    return `No sender address is set: emails are sent from ${sender.address}, a guess. Set the address your mail server sends as in Settings → Email (or MAIL_FROM).`;
  return null;
}

/** The sender as a mail client shows it: `Budz Boutique <orders@budzboutique.ca>`. */
export function senderText(sender: EmailSender): string {
  return `${sender.name} <${sender.address}>`;
}

/** What Settings → Email shows: the sender now, the default a blank field falls back to, a warning. */
export function senderSummary(settings: Pick<StoreSettings, "store" | "email">) {
  const sender = emailSender(settings);
  return {
    text: senderText(sender),
    defaultAddress: config().defaultSender.address,
    warning: senderWarning(sender),
  };
}

export type SenderSummary = ReturnType<typeof senderSummary>;
