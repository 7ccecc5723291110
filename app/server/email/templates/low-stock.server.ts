import { href } from "react-router";
import { config } from "~/server/config.server";
import { storeSettingsNow } from "~/server/settings/store-settings.server";
import {
  emailButton,
  emailColors,
  emailHeading,
  emailParagraph,
  html,
  oneLine,
  renderEmailHtml,
  renderEmailText,
} from "./layout.server";
import type { RenderedEmail } from "./order-confirmation.server";

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

const CELL =
  "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:14px;line-height:1.5";
const HEAD = `${CELL};padding:0 8px 8px;border-bottom:2px solid ${emailColors.border};color:${emailColors.muted};font-size:12px;font-weight:600;text-transform:uppercase;letter-spacing:0.04em`;
const BODY = `${CELL};padding:8px;border-bottom:1px solid ${emailColors.border};color:${emailColors.text}`;

/** A long list is cut here: the rest are one click away in the Products list. */
export const LOW_STOCK_EMAIL_MAX_LINES = 100;

const units = (n: number) => `${n} ${n === 1 ? "unit" : "units"}`;
const itemName = (line: LowStockLine) =>
  `${oneLine(line.productName)}${line.size ? ` (${oneLine(line.size)})` : ""}`;

/**
 * The daily low-stock email to staff: what is at or under its alert level (out of stock first),
 * with its stock, alert level and units sold in the last 30 days, and links to the Products list
 * filtered to low stock and to the Stock movements screen. A service message to the shop's own
 * staff (no unsubscribe link).
 */
export function renderLowStockEmail(input: { lines: LowStockLine[]; day: string }): RenderedEmail {
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
  const rows = shown.map(
    (line) =>
      html`<tr>
        <td style="${BODY};padding-left:0">
          ${oneLine(line.productName)}${
            line.sku
              ? html`<br /><span style="color:${emailColors.muted};font-size:12px"
                    >${line.sku}</span
                  >`
              : ""
          }
        </td>
        <td style="${BODY};white-space:nowrap">${line.size ?? "—"}</td>
        <td
          align="right"
          style="${BODY};white-space:nowrap;font-weight:700;color:${
            line.stock === 0 ? "#b91c1c" : emailColors.text
          }"
        >
          ${line.stock === 0 ? "Out" : line.stock}
        </td>
        <td align="right" style="${BODY};white-space:nowrap">${line.alertLevel}</td>
        <td align="right" style="${BODY};white-space:nowrap;padding-right:0">${line.sold30Days}</td>
      </tr>`,
  );
  const table = html`<table
      role="presentation"
      width="100%"
      cellpadding="0"
      cellspacing="0"
      border="0"
      style="margin:8px 0 4px"
    >
      <tr>
        <th align="left" style="${HEAD};padding-left:0">Product</th>
        <th align="left" style="${HEAD}">Size</th>
        <th align="right" style="${HEAD}">Stock</th>
        <th align="right" style="${HEAD}">Alert level</th>
        <th align="right" style="${HEAD};padding-right:0">Sold (30 days)</th>
      </tr>
      ${rows}
    </table>
    ${moreText ? emailParagraph(moreText) : ""}`;
  const content = html`${emailHeading("Low stock")} ${emailParagraph(summary)} ${table}
  ${emailButton(productsUrl, "Open low-stock products")}
  ${emailParagraph(
    html`<span style="font-size:13px;color:${emailColors.muted}"
      >Sold is the last 30 days' sales less cancellations and refunds.
      <a href="${movementsUrl}" style="color:${emailColors.brandText}">Stock movements</a> shows
      every change. ${STORE_NAME} sends this once a day while something is low.</span
    >`,
  )}`;

  const text = [
    "Low stock",
    "",
    summary,
    "",
    ...shown.map(
      (line) =>
        `- ${itemName(line)}${line.sku ? ` [${line.sku}]` : ""}: ${line.stock === 0 ? "out of stock" : `${units(line.stock)} left`} (alert level ${line.alertLevel}); sold in 30 days: ${line.sold30Days}`,
    ),
    ...(moreText ? [moreText] : []),
    "",
    `Low-stock products: ${productsUrl}`,
    `Stock movements: ${movementsUrl}`,
    "",
    "Sold is the last 30 days' sales less cancellations and refunds.",
  ].join("\n");
  return {
    subject,
    html: renderEmailHtml({ title: subject, preheader: `${summary} (${input.day})`, content }),
    text: renderEmailText(text),
  };
}
