import { asc, eq } from "drizzle-orm";
import { fail, type Result } from "~/lib/errors";
import { fulfilmentLine } from "~/lib/fulfilment";
import { normalizeOrderNumber } from "~/lib/order-status";
import { orderParcel, type Parcel } from "~/lib/parcel";
import { db } from "../db.server";
import { itemsByOrder, orderFulfilmentColumns } from "../orders/order-lines.server";
import { orders, shipments } from "../db-tables";

/** At most this many slips in one print run (a day's packing, with room to spare). */
export const MAX_PACKING_SLIPS = 500;

interface PackingSlipItem {
  /** Product and size the pick list totals by (names alone can repeat). */
  key: string;
  productName: string;
  size: string | null;
  quantity: number;
}

interface PackingSlip {
  orderNumber: string;
  orderDate: Date;
  shipmentStatus: string;
  name: string;
  street: string;
  city: string;
  province: string;
  postalCode: string;
  phone: string | null;
  /** How it goes: "Canada Post parcel, Proof of Age PA19" (the option to buy with the label). */
  fulfilment: string;
  /** A Canada Post order's parcel: the Proof of Age code and weight to buy the label with. */
  parcel: Parcel | null;
  items: PackingSlipItem[];
}

/** The pick list: how many of each product and size to take off the shelf for all the slips. */
interface PickLine extends PackingSlipItem {
  orders: number;
}

type PackingSlipsResult = Result<{
  slips: PackingSlip[];
  pickList: PickLine[];
  truncated: boolean;
}>;

/**
 * Packing slips for the shipments being prepared (oldest order first, the order to pack them in),
 * or for one order's shipment whatever its status (a reprint). Two statements: the shipments with
 * their order's address, then every item of those orders with its packed weight (the parcel's
 * weight, computed from the sizes as they are now).
 */
export async function listPackingSlips(
  options: { orderNumber?: string } = {},
): Promise<PackingSlipsResult> {
  let only: string | undefined;
  if (options.orderNumber) {
    only = normalizeOrderNumber(options.orderNumber) ?? undefined;
    if (!only)
      return fail(
        400,
        `"${options.orderNumber.slice(0, 40)}" is not an order number (BBS- and 8 digits).`,
      );
  }
  const found = await db()
    .select({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      orderDate: orders.createdAt,
      shipmentStatus: shipments.status,
      name: orders.shippingName,
      street: orders.shippingStreet,
      city: orders.shippingCity,
      province: orders.shippingProvince,
      postalCode: orders.shippingPostalCode,
      phone: orders.phone,
      fulfilment: orderFulfilmentColumns,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(only ? eq(orders.orderNumber, only) : eq(shipments.status, "preparing"))
    .orderBy(asc(orders.createdAt), asc(orders.orderNumber))
    .limit(MAX_PACKING_SLIPS + 1);
  if (only && found.length === 0) return fail(404, `Order ${only} has no shipment to pack.`);
  const truncated = found.length > MAX_PACKING_SLIPS;
  const rows = found.slice(0, MAX_PACKING_SLIPS);

  const items = await itemsByOrder(rows.map((r) => r.orderId));
  const slips = rows.map(({ orderId, fulfilment, ...slip }) => {
    const lines = items.get(orderId) ?? [];
    return {
      ...slip,
      fulfilment: fulfilmentLine(fulfilment),
      parcel: orderParcel({ ...fulfilment, province: slip.province }, lines),
      items: lines.map(({ productId, variationId, name, size, quantity }) => ({
        key: `${productId}/${variationId ?? size ?? ""}`,
        productName: name,
        size,
        quantity,
      })),
    };
  });
  return { ok: true, slips, pickList: pickList(slips), truncated };
}

/** Totals per product and size across the slips, by product name then size. */
export function pickList(slips: PackingSlip[]): PickLine[] {
  const lines = new Map<string, PickLine>();
  for (const slip of slips) {
    const seen = new Set<string>();
    for (const item of slip.items) {
      const line = lines.get(item.key) ?? { ...item, quantity: 0, orders: 0 };
      line.quantity += item.quantity;
      if (!seen.has(item.key)) line.orders += 1;
      seen.add(item.key);
      lines.set(item.key, line);
    }
  }
  return [...lines.values()].sort(
    (a, b) =>
      a.productName.localeCompare(b.productName) ||
      (a.size ?? "").localeCompare(b.size ?? "", "en", { numeric: true }),
  );
}
