import { href } from "react-router";
import { formatLongCalendarDay } from "~/lib/dates";
import { config } from "~/server/config.server";
import { storeSettingsNow } from "~/server/settings/store-settings.server";
import {
  emailButton,
  emailCellNote,
  emailColors,
  emailHeading,
  emailLink,
  emailNote,
  emailParagraph,
  emailTable,
  html,
  oneLine,
  renderEmail,
} from "./layout.server";
import { lowStockText } from "~/lib/stock";

/** One size (or a product sold without sizes) at or under its alert level. */
export interface LowStockLine {
  productName: string;
  sku: string | null;
  /** "3.5g"; null for a product without sizes. */
  size: string | null;
  stock: number;
  alertLevel: number;
  /** Units sold in the last 30 days, less those given back by cancellations and refunds. */
  sold30Days: number;
}

/** A long list is cut here: the rest are one click away in the Products list. */
export const LOW_STOCK_EMAIL_MAX_LINES = 100;

/**
 * The daily low-stock email to staff: what is at or under its alert level (out of stock first),
 * with its stock, alert level and units sold in the last 30 days, and links to the Products list
 * filtered to low stock and to the Stock movements screen. A service message to the shop's own
 * staff (no unsubscribe link).
 */
export function renderLowStockEmail(input: { lines: LowStockLine[]; day: string }) {
  const { publicUrl } = config();
  const STORE_NAME = storeSettingsNow().store.name;
  const count = input.lines.length;
  const out = input.lines.filter((line) => line.stock === 0).length;
  const subject = `Low stock: ${count} ${count === 1 ? "item is" : "items are"} at or under the alert level`;
  const summary = `${count} ${count === 1 ? "item is" : "items are"} at or under ${count === 1 ? "its" : "their"} alert level${out > 0 ? `, ${out} out of stock` : ""}.`;
  const productsUrl = `${publicUrl}${href("/budzadmin/dashboard/products")}?stock=low`;
  const movementsUrl = `${publicUrl}${href("/budzadmin/dashboard/stock")}`;

  const shown = input.lines.slice(0, LOW_STOCK_EMAIL_MAX_LINES);
  const more = input.lines.length - shown.length;
  const moreText = more > 0 ? `…and ${more} more: see the low-stock products.` : "";
  const table = html`${emailTable(
    [
      { label: "Product" },
      { label: "Size" },
      { label: "Stock", align: "right" },
      { label: "Alert level", align: "right" },
      { label: "Sold (30 days)", align: "right" },
    ],
    shown.map((line) => [
      html`${oneLine(line.productName)}${line.sku ? emailCellNote(line.sku) : ""}`,
      line.size ?? "—",
      {
        content: line.stock === 0 ? "Out" : line.stock,
        style: `font-weight:700;color:${line.stock === 0 ? "#b91c1c" : emailColors.text}`,
      },
      line.alertLevel,
      line.sold30Days,
    ]),
  )}
  ${moreText ? emailParagraph(moreText) : ""}`;
  const content = html`${emailHeading("Low stock")} ${emailParagraph(summary)} ${table}
  ${emailButton(productsUrl, "Open low-stock products")}
  ${emailNote(
    html`Sold is the last 30 days' sales less cancellations and refunds.
    ${emailLink(movementsUrl, "Stock movements")} shows every change. ${STORE_NAME} sends this once
    a day while something is low.`,
  )}`;

  const text = [
    "Low stock",
    "",
    summary,
    "",
    ...shown.map(
      (line) =>
        `- ${lowStockText({ ...line, productName: oneLine(line.productName), size: line.size && oneLine(line.size) })} (${line.sku ? `${line.sku}, ` : ""}alert level ${line.alertLevel}, sold in 30 days: ${line.sold30Days})`,
    ),
    ...(moreText ? [moreText] : []),
    "",
    `Low-stock products: ${productsUrl}`,
    `Stock movements: ${movementsUrl}`,
    "",
    "Sold is the last 30 days' sales less cancellations and refunds.",
  ].join("\n");
  return renderEmail({
    subject,
    preheader: `${summary} (${formatLongCalendarDay(input.day)})`,
    content,
    text,
  });
}
