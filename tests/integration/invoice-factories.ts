import { eq } from "drizzle-orm";
import { placeOrder } from "~/server/orders/place-order.server";
import { db } from "~/server/db.server";
import { invoices } from "~/server/db-tables";
import { checkoutInput, createProduct } from "./checkout-factories";

/**
 * Orders placed through the real checkout (so each gets its invoice the way the store makes it),
 * at a chosen time, with a chosen invoice status.
 */
export async function placeInvoicedOrder(
  options: {
    at?: Date;
    name?: string;
    email?: string;
    lines?: {
      product: Awaited<ReturnType<typeof createProduct>>;
      size?: number;
      quantity: number;
    }[];
    couponCode?: string;
    status?: "pending" | "paid" | "cancelled";
  } = {},
) {
  const lines = options.lines ?? [
    { product: await createProduct({ name: "House Kush", priceCents: 3000 }), quantity: 1 },
  ];
  const result = await placeOrder(
    checkoutInput(
      lines.map((line) => ({ id: line.product.id(line.size), quantity: line.quantity })),
      {
        name: options.name ?? "Jane Doe",
        email: options.email ?? "jane@example.com",
        couponCode: options.couponCode,
      },
    ),
    { now: options.at },
  );
  if (!result.ok) throw new Error(`order refused: ${result.message}`);
  if (options.status && options.status !== "pending")
    await setInvoiceStatus(result.order.id, options.status);
  return result.order;
}

/** What the lead's status service does when an order is paid or cancelled. */
export async function setInvoiceStatus(orderId: string, status: "pending" | "paid" | "cancelled") {
  await db().update(invoices).set({ status }).where(eq(invoices.orderId, orderId));
}
