import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatMoney } from "~/lib/money";
import { paymentDeadline } from "~/lib/payment-deadline";
import { config } from "~/server/config.server";
import { db } from "~/server/db.server";
import { startEmailWorker, type EmailWorker } from "~/server/email/worker.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { emailOutbox, orderEmailsSent, orders } from "~/server/db-tables";
import { resetDatabase } from "../setup/database";
import { checkoutInput, createCoupon, createProduct } from "./checkout-factories";
import { startSmtpServer, type TestSmtpServer } from "./email-smtp-server";

let server: TestSmtpServer;
let worker: EmailWorker;

beforeEach(async () => {
  await resetDatabase();
  server = await startSmtpServer();
  // A poll far away: only the wake-up placeOrder gives after its commit can send in time.
  worker = startEmailWorker({ smtpUrl: server.url, pollIntervalMs: 60_000 });
});

afterEach(async () => {
  await worker.stop();
  await server.close();
});

async function waitForMail(count: number) {
  const deadline = Date.now() + 10_000;
  while (server.received.length < count) {
    if (Date.now() > deadline)
      throw new Error(`expected ${count} emails, got ${server.received.length}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("order confirmation email through checkout", () => {
  it("arrives right after the order with its number, totals and e-Transfer instructions", async () => {
    const flower = await createProduct({
      name: "Blue Dream",
      variations: [{ size: "3.5", priceCents: 4500, stock: 5 }],
    });
    await createCoupon({ code: "SAVE10", value: 10 });
    const result = await placeOrder(
      checkoutInput([{ id: flower.id(0), quantity: 2 }], {
        email: "shopper@example.com",
        name: "Sam <Shopper>",
        couponCode: "save10",
      }),
    );
    if (!result.ok) throw new Error(result.message);

    await waitForMail(1);
    const [order] = await db().select().from(orders).where(eq(orders.id, result.order.id));
    const mail = server.received[0]!;
    expect(mail.to).toEqual(["shopper@example.com"]);
    expect(mail.subject).toContain(order!.orderNumber);
    expect(mail.decoded).toContain(order!.orderNumber);
    expect(mail.decoded).toContain(formatMoney(order!.totalAmountCents));
    expect(mail.decoded).toContain(`-${formatMoney(order!.discountCents)}`);
    expect(mail.decoded).toContain(config().ETRANSFER_EMAIL);
    expect(mail.decoded).toContain(`/orders/${order!.accessToken}`);
    expect(mail.decoded).toContain("Sam &lt;Shopper&gt;");
    // The date by which the e-Transfer must arrive (placed + the unpaid-cancel delay, 5 days).
    const deadline = paymentDeadline(order!.createdAt, 5, config().STORE_TIMEZONE);
    expect(mail.decoded).toContain(`Your e-Transfer must arrive by ${deadline}`);

    const [record] = await db()
      .select()
      .from(orderEmailsSent)
      .where(eq(orderEmailsSent.orderId, order!.id));
    expect(record).toMatchObject({ kind: "confirmation", sentTo: "shopper@example.com" });
    const outboxRow = async () =>
      (await db().select().from(emailOutbox).where(eq(emailOutbox.id, record!.outboxId!)))[0];
    // The SMTP server has the message before the worker records it as sent: wait for that write.
    await expect.poll(async () => (await outboxRow())?.status).toBe("sent");
    const outbox = await outboxRow();
    expect(outbox).toMatchObject({ status: "sent", kind: "order_confirmation", attempts: 1 });
    expect(mail.messageId).toBe(outbox!.messageId);
  });

  it("queues nothing for an order that could not be placed, and one email for a retried submit", async () => {
    const gummies = await createProduct({ name: "Gummies", priceCents: 1250, stock: 1 });
    const refused = await placeOrder(checkoutInput([{ id: gummies.id(), quantity: 2 }]));
    expect(refused.ok).toBe(false);

    const input = checkoutInput([{ id: gummies.id(), quantity: 1 }]);
    const first = await placeOrder(input);
    const again = await placeOrder(input);
    expect(first.ok && again.ok).toBe(true);
    await waitForMail(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(server.received).toHaveLength(1);
    expect(await db().select().from(emailOutbox)).toHaveLength(1);
  });
});
