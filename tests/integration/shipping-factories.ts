import { eq } from "drizzle-orm";
import { testActor } from "../setup/audit";
import type { ShipmentStatus } from "~/lib/order-status";
import { db } from "~/server/db.server";
import { changeOrderStatus } from "~/server/orders/order-status.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { orderStatusHistory, orders, shipments } from "~/server/db-tables";
import { changeShipmentStatus } from "~/server/shipping/shipments.server";
import { checkoutInput, createProduct } from "./checkout-factories";

export const TRACKING = "1234567890123456";

/** An order placed through checkout and walked to `until` (its shipment follows, as in the app). */
export async function shipmentAt(
  status: ShipmentStatus,
  options: {
    name?: string;
    tracking?: string;
    lines?: [number, number];
    product?: Awaited<ReturnType<typeof createProduct>>;
  } = {},
) {
  const p =
    options.product ??
    (await createProduct({
      name: "Blue Dream",
      variations: [
        { size: "3.5", priceCents: 3000, stock: 50 },
        { size: "7", priceCents: 5500, stock: 50 },
      ],
    }));
  const [small, large] = options.lines ?? [2, 1];
  const placed = await placeOrder(
    checkoutInput(
      [
        { id: p.id(0), quantity: small },
        { id: p.id(1), quantity: large },
      ],
      { name: options.name ?? "Jane Doe" },
    ),
  );
  if (!placed.ok) throw new Error(placed.message);
  const orderId = placed.order.id;
  const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
  const steps = [
    { to: "paid", reference: "CA1", amountReceivedCents: order!.totalAmountCents },
    { to: "processing" },
    { to: "shipped", trackingNumber: options.tracking ?? TRACKING },
  ] as const;
  const upTo = { preparing: 2, shipped: 3, in_transit: 3, delivered: 3 }[status];
  let from = "pending";
  for (const change of steps.slice(0, upTo)) {
    const result = await changeOrderStatus({ orderId, expectedStatus: from, change, actor: "t" });
    if (!result.ok) throw new Error(result.message);
    from = change.to;
  }
  const [shipment] = await db().select().from(shipments).where(eq(shipments.orderId, orderId));
  if (status === "in_transit" || status === "delivered") {
    const step = await changeShipmentStatus({
      shipmentId: shipment!.id,
      expectedStatus: "shipped",
      to: status,
      actor: testActor(null, "t"),
    });
    if (!step.ok) throw new Error(step.message);
  }
  return { orderId, orderNumber: order!.orderNumber, shipmentId: shipment!.id };
}

export async function state(orderId: string) {
  const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
  const [shipment] = await db().select().from(shipments).where(eq(shipments.orderId, orderId));
  const history = await db()
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId));
  return { order: order!, shipment: shipment!, history };
}
