import crypto from "node:crypto";
import { asc, eq, isNull } from "drizzle-orm";
import type { ProvinceCode } from "~/lib/address";
import { PICKUP_CODE_LENGTH, pickupCodeFrom, proofOfAge, PROVINCE_LAW } from "~/lib/fulfilment";
import { paymentReference } from "~/lib/payment-reference";
import { sizeLabel } from "~/lib/product";
import { DEFAULT_PROVINCE_RULES } from "~/lib/taxes";
import { db, type Executor } from "../db.server";
import {
  customers,
  invoices,
  orderItems,
  orderStatusHistory,
  orders,
  payments,
  productVariations,
  products,
  shipments,
} from "../db-tables";
import { DAY, SAMPLE_SEED } from "./sample-catalog.server";
import { createRandom, type Random } from "./random.server";

const legalAge = (province: ProvinceCode) =>
  DEFAULT_PROVINCE_RULES.find((rule) => rule.province === province)?.minimumAge ?? 19;

/** A generator that cannot run (nothing to build on): its message is shown to the admin. */
export class SampleDataError extends Error {}

const INVOICE_STATUS = (status: string) =>
  status === "pending" ? "pending" : status === "cancelled" ? "cancelled" : "paid";
const SHIPMENT_STATUS: Record<string, string | undefined> = {
  processing: "preparing",
  shipped: "in_transit",
  delivered: "delivered",
  completed: "delivered",
};
const STATUS_PATH = ["pending", "paid", "processing", "shipped", "delivered", "completed"];

export async function generateOrders(options: {
  count: number;
  executor?: Executor;
  random?: Random;
}) {
  const executor = options.executor ?? db();
  const random = options.random ?? createRandom(SAMPLE_SEED + 2);
  const buyers = await executor.select().from(customers).orderBy(asc(customers.customerNumber));
  if (buyers.length === 0)
    throw new SampleDataError("No customers found. Generate customers first.");
  const lines = await executor
    .select({
      productId: products.id,
      name: products.name,
      variationId: productVariations.id,
      size: productVariations.size,
      unit: productVariations.sizeUnit,
      price: productVariations.priceCents,
    })
    .from(productVariations)
    .innerJoin(products, eq(products.id, productVariations.productId))
    .where(isNull(productVariations.archivedAt))
    .orderBy(asc(products.createdAt), asc(productVariations.position))
    .limit(2000);
  if (lines.length === 0) throw new SampleDataError("No products found. Generate products first.");

  const now = Date.now();
  const ages = Array.from({ length: options.count }, () => random.int(0, 90 * 24) * 3_600_000).sort(
    (a, b) => b - a,
  );
  for (const age of ages) {
    const buyer = random.pick(buyers);
    const picked = Array.from({ length: random.int(1, 3) }, () => random.pick(lines));
    const items = [...new Map(picked.map((line) => [line.variationId, line])).values()].map(
      (line) => ({
        line,
        quantity: random.int(1, 2),
      }),
    );
    const subtotal = items.reduce((sum, { line, quantity }) => sum + line.price * quantity, 0);
    const province = (buyer.province ?? "BC") as ProvinceCode;
    // Each order received a way its province allows (docs/product/fulfilment.md): a parcel, else pickup.
    const parcel = PROVINCE_LAW[province]?.methods.includes("parcel") ?? true;
    const shipping = !parcel || subtotal >= 20_000 ? 0 : 2000;
    const roll = random.next();
    const reached =
      age < 2 * DAY
        ? random.pick(["pending", "paid"])
        : roll < 0.08
          ? "cancelled"
          : STATUS_PATH[Math.min(5, 1 + Math.floor(random.next() * 5 + age / (20 * DAY)))]!;
    // A pickup is never shipped: it goes from ready (processing) to picked up (delivered).
    const status = !parcel && reached === "shipped" ? "delivered" : reached;
    const createdAt = new Date(now - age);
    // Paid by an e-Transfer the payments mailbox read six hours after the order.
    const paid = status !== "pending" && status !== "cancelled";
    const paidAt = new Date(createdAt.getTime() + 6 * 3_600_000);
    const transfer = `CA${crypto.randomBytes(6).toString("hex").toUpperCase()}`;
    const [order] = await executor
      .insert(orders)
      .values({
        customerId: buyer.id,
        email: buyer.email,
        phone: buyer.phone,
        shippingName: buyer.name,
        shippingStreet: buyer.address ?? "Address not provided",
        shippingCity: buyer.city ?? "Vancouver",
        shippingProvince: province,
        shippingPostalCode: buyer.postcode ?? "V6B 1A1",
        status,
        subtotalCents: subtotal,
        shippingCostCents: shipping,
        totalAmountCents: subtotal + shipping,
        fulfilmentMethod: parcel ? "parcel" : "pickup",
        proofOfAge: parcel ? proofOfAge(legalAge(province)) : null,
        pickupCode: parcel ? null : pickupCodeFrom(crypto.randomBytes(PICKUP_CODE_LENGTH)),
        accessToken: crypto.randomBytes(18).toString("base64url"),
        ...(paid
          ? { paidAt, paymentReference: transfer, paymentReceivedCents: subtotal + shipping }
          : {}),
        sample: true,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: orders.id, orderNumber: orders.orderNumber });
    const orderId = order!.id;
    if (paid)
      await executor.insert(payments).values({
        source: "mailbox",
        bankReference: transfer,
        amountCents: subtotal + shipping,
        senderName: buyer.name.toUpperCase(),
        message: paymentReference(order!.orderNumber),
        receivedAt: paidAt,
        state: "applied",
        orderId,
        createdAt: paidAt,
      });
    await executor.insert(orderItems).values(
      items.map(({ line, quantity }) => ({
        orderId,
        productId: line.productId,
        variationId: line.variationId,
        productName: line.name,
        sizeLabel: sizeLabel({ size: line.size, sizeUnit: line.unit }),
        quantity,
        priceAtPurchaseCents: line.price,
      })),
    );
    const path =
      status === "cancelled"
        ? ["pending", "cancelled"]
        : STATUS_PATH.slice(0, STATUS_PATH.indexOf(status) + 1).filter(
            (step) => parcel || step !== "shipped",
          );
    await executor.insert(orderStatusHistory).values(
      path.map((to, i) => ({
        orderId,
        fromStatus: i === 0 ? null : path[i - 1]!,
        toStatus: to,
        changedBy: i === 0 ? "customer" : "sample data",
        createdAt: new Date(createdAt.getTime() + i * 6 * 3_600_000),
      })),
    );
    await executor.insert(invoices).values({
      orderId,
      totalAmountCents: subtotal + shipping,
      status: INVOICE_STATUS(status),
      invoiceDate: createdAt,
    });
    const shipmentStatus = parcel ? SHIPMENT_STATUS[status] : undefined;
    if (shipmentStatus) {
      const shippedDate =
        shipmentStatus === "preparing" ? null : new Date(createdAt.getTime() + DAY);
      const estimated = new Date(createdAt.getTime() + (shippedDate ? 4 : 3) * DAY);
      await executor.insert(shipments).values({
        orderId,
        status: shipmentStatus,
        trackingNumber: shippedDate ? `7${String(random.int(0, 10 ** 9)).padStart(15, "0")}` : null,
        estimatedDelivery: estimated.toISOString().slice(0, 10),
        shippedDate,
        deliveredDate:
          shipmentStatus === "delivered"
            ? new Date(estimated.getTime() + (random.chance(0.85) ? -DAY / 2 : DAY))
            : null,
        createdAt,
      });
    }
  }
  return ages.length;
}
