import { provinceName } from "./address";
import { formatMoney } from "./money";
import { statusName } from "./order-status";

/**
 * Editing a pending order (staff, before payment): the words shared by the edit page, the order
 * service (app/server/orders/order-edit.server.ts) and its history entry. Pure: no database.
 */

const PAID_ORDER_NOT_EDITABLE = "Paid orders can't be edited; refund instead.";
export const NO_LINE_LEFT =
  "An order must keep at least one item. To drop every item, cancel the order instead.";

/** Why an order in `status` cannot be edited, or null when it can (pending only). */
export function editRefusal(orderNumber: string, status: string): string | null {
  if (status === "pending") return null;
  if (status === "cancelled")
    return `Order ${orderNumber} is cancelled: a cancelled order can't be edited.`;
  return `Order ${orderNumber} is ${statusName(status)}. ${PAID_ORDER_NOT_EDITABLE}`;
}

/** One line of an order as the edit compares it. */
export interface EditLine {
  id: string;
  productName: string;
  sizeLabel: string | null;
  quantity: number;
  priceCents: number;
}

/** A line of an order as stored: what was ordered, from which product and size, at what price. */
export interface OrderLine extends EditLine {
  productId: string;
  variationId: string | null;
}

export interface EditAddress {
  name: string;
  street: string;
  city: string;
  province: string;
  postalCode: string;
}

/** An order before or after an edit: its lines, where it ships and what it costs. */
export interface OrderSnapshot {
  lines: EditLine[];
  address: EditAddress;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

/** "Blue Dream 3.5g", or the name alone for a product sold without sizes. */
export function lineName(line: Pick<EditLine, "productName" | "sizeLabel">): string {
  return line.sizeLabel ? `${line.productName} ${line.sizeLabel}` : line.productName;
}

/** "Jane Doe, 123 Main St, Victoria, BC V8W 1A1". */
export function addressText(address: EditAddress): string {
  return `${address.name}, ${address.street}, ${address.city}, ${address.province} ${address.postalCode}`;
}

function sameAddress(a: EditAddress, b: EditAddress): boolean {
  return addressText(a) === addressText(b);
}

const shippingText = (cents: number) => (cents === 0 ? "FREE" : formatMoney(cents));

/**
 * What an edit changed, one phrase each, in the order a person reads an order: quantities, lines
 * removed, lines added (at today's price), the address, then the amounts that followed.
 * E.g. ["Qty of Blue Dream 3.5g 2 → 1", "added OG Kush 1g × 1 at $12.00", "total $84.75 → $52.10"].
 * Empty when nothing changed.
 */
export function orderEditChanges(before: OrderSnapshot, after: OrderSnapshot): string[] {
  const parts: string[] = [];
  const kept = new Map(after.lines.map((line) => [line.id, line]));
  const old = new Set(before.lines.map((line) => line.id));
  for (const line of before.lines) {
    const now = kept.get(line.id);
    if (now && now.quantity !== line.quantity)
      parts.push(`Qty of ${lineName(line)} ${line.quantity} → ${now.quantity}`);
  }
  for (const line of before.lines)
    if (!kept.has(line.id)) parts.push(`removed ${lineName(line)} × ${line.quantity}`);
  for (const line of after.lines)
    if (!old.has(line.id))
      parts.push(`added ${lineName(line)} × ${line.quantity} at ${formatMoney(line.priceCents)}`);
  if (!sameAddress(before.address, after.address)) {
    const province =
      before.address.province === after.address.province
        ? ""
        : ` (${provinceName(before.address.province)} → ${provinceName(after.address.province)})`;
    parts.push(`ship to ${addressText(after.address)}${province}`);
  }
  if (parts.length === 0) return parts;
  if (before.discountCents !== after.discountCents)
    parts.push(
      `discount ${formatMoney(before.discountCents)} → ${formatMoney(after.discountCents)}`,
    );
  if (before.shippingCents !== after.shippingCents)
    parts.push(
      `shipping ${shippingText(before.shippingCents)} → ${shippingText(after.shippingCents)}`,
    );
  if (before.taxCents !== after.taxCents)
    parts.push(`taxes ${formatMoney(before.taxCents)} → ${formatMoney(after.taxCents)}`);
  if (before.totalCents !== after.totalCents)
    parts.push(`total ${formatMoney(before.totalCents)} → ${formatMoney(after.totalCents)}`);
  return parts;
}

/** The history entry's text: the changes joined, first letter capitalised ("" when none). */
export function describeOrderEdit(before: OrderSnapshot, after: OrderSnapshot): string {
  const text = orderEditChanges(before, after).join("; ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The order's lines in one text, for the audit entry's before → after ("2 × Blue Dream 3.5g"). */
export function linesText(lines: EditLine[]): string {
  return lines.map((line) => `${line.quantity} × ${lineName(line)}`).join(", ");
}
