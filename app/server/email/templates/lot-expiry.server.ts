import { href } from "react-router";
import { formatLongCalendarDay } from "~/lib/dates";
import { shortDay } from "~/lib/report-period";
import { config } from "~/server/config.server";
import { storeSettingsNow } from "~/server/settings/store-settings.server";
import {
  emailButton,
  emailHeading,
  emailLink,
  emailNote,
  emailParagraph,
  emailTable,
  html,
  oneLine,
  renderEmail,
} from "./layout.server";

/** One lot with stock that has expired or expires within the warning's days. */
export interface ExpiringLot {
  lotId: string;
  productId: string;
  productName: string;
  /** "3.5g"; null for a product without sizes. */
  size: string | null;
  lotNumber: string;
  /** YYYY-MM-DD. */
  expiresOn: string;
  onHand: number;
  /** Its expiry day has passed. */
  expired: boolean;
}

/** A long list is cut here: the rest are on the products' pages. */
export const LOT_EXPIRY_EMAIL_MAX_LINES = 100;

const lots = (n: number) => `${n} ${n === 1 ? "lot" : "lots"}`;
const daysText = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

/**
 * The subject and summary: "3 lots expire within 30 days", "2 expired lots still have stock", or
 * both joined by a semicolon.
 */
export function lotExpirySummary(input: { lots: ExpiringLot[]; days: number }): string {
  const expired = input.lots.filter((lot) => lot.expired).length;
  const expiring = input.lots.length - expired;
  return [
    expiring > 0
      ? `${lots(expiring)} ${expiring === 1 ? "expires" : "expire"} within ${daysText(input.days)}`
      : "",
    expired > 0
      ? `${expired} expired ${expired === 1 ? "lot still has" : "lots still have"} stock`
      : "",
  ]
    .filter(Boolean)
    .join("; ");
}

/**
 * The daily lot expiry warning to staff: each lot with stock that has expired or expires within
 * the setting's days (product, size, lot number, expiry date, on hand), by expiry date, each
 * product linked to its admin page. A service message to the shop's own staff (no unsubscribe).
 */
export function renderLotExpiryEmail(input: { lots: ExpiringLot[]; days: number; day: string }) {
  const { publicUrl } = config();
  const STORE_NAME = storeSettingsNow().store.name;
  const summary = lotExpirySummary(input);
  const productUrl = (id: string) =>
    `${publicUrl}${href("/budzadmin/dashboard/products/:productId", { productId: id })}`;
  const productsUrl = `${publicUrl}${href("/budzadmin/dashboard/products")}`;
  const shown = input.lots.slice(0, LOT_EXPIRY_EMAIL_MAX_LINES);
  const more = input.lots.length - shown.length;
  const moreText = more > 0 ? `…and ${more} more.` : "";
  const expiry = (lot: ExpiringLot) =>
    `${shortDay(lot.expiresOn)}${lot.expired ? " (expired)" : ""}`;

  const table = html`${emailTable(
    [
      { label: "Product" },
      { label: "Size" },
      { label: "Lot" },
      { label: "Expires" },
      { label: "On hand", align: "right" },
    ],
    shown.map((lot) => [
      emailLink(productUrl(lot.productId), oneLine(lot.productName)),
      lot.size ?? "—",
      oneLine(lot.lotNumber),
      {
        content: expiry(lot),
        style: lot.expired ? "font-weight:700;color:#b91c1c" : "",
      },
      lot.onHand,
    ]),
  )}
  ${moreText ? emailParagraph(moreText) : ""}`;
  const content = html`${emailHeading("Lots expiring")} ${emailParagraph(`${summary}.`)} ${table}
  ${emailButton(productsUrl, "Open products")}
  ${emailNote(
    html`${STORE_NAME} sends this once a day while lots with stock expire within
    ${daysText(input.days)} or have expired (Settings → Notifications).`,
  )}`;

  const text = [
    "Lots expiring",
    "",
    `${summary}.`,
    "",
    ...shown.map(
      (lot) =>
        `- ${oneLine(lot.productName)}${lot.size ? `, ${oneLine(lot.size)}` : ""}: lot ${oneLine(lot.lotNumber)}, expires ${expiry(lot)}, ${lot.onHand} on hand (${productUrl(lot.productId)})`,
    ),
    ...(moreText ? [moreText] : []),
    "",
    `Products: ${productsUrl}`,
  ].join("\n");
  return renderEmail({
    subject: summary,
    preheader: `${summary} (${formatLongCalendarDay(input.day)})`,
    content,
    text,
  });
}
