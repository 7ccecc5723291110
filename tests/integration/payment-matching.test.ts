import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { paymentReference } from "~/lib/payment-reference";
import { db } from "~/server/db.server";
import {
  auditLog,
  orderEmailsSent,
  orderStatusHistory,
  orders,
  paymentImports,
  payments,
} from "~/server/db-tables";
import { changeOrderStatus } from "~/server/orders/order-status.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { processUnpaidOrders } from "~/server/orders/unpaid-orders.server";
import {
  applyBankImport,
  bankImportPreview,
  uploadBankExport,
} from "~/server/payments/bank-import.server";
import { recordIncomingPayments, type IncomingPayment } from "~/server/payments/matching.server";
import {
  assignPayment,
  closePayment,
  paymentQueue,
  settleOverpayment,
} from "~/server/payments/payment-queue.server";
import { buildBankCsv } from "../fixtures/bank-exports/build";
import { resetDatabase } from "../setup/database";
import { checkoutInput, createProduct } from "./checkout-factories";

beforeEach(resetDatabase);

const STAFF = { adminId: null, name: "Sam Staff", ip: null };

async function unpaidOrders(names: string[]) {
  const product = await createProduct({
    name: "Blue Dream",
    variations: [{ size: "3.5", priceCents: 3000, stock: 500 }],
  });
  const placed = [];
  for (const name of names) {
    const result = await placeOrder(checkoutInput([{ id: product.id(0), quantity: 1 }], { name }));
    if (!result.ok) throw new Error(result.message);
    const [order] = await db().select().from(orders).where(eq(orders.id, result.order.id));
    placed.push({ ...order!, reference: paymentReference(order!.orderNumber)! });
  }
  return placed;
}

let serial = 0;
function notice(
  amountCents: number,
  message: string | null,
  sender = "SOMEONE ELSE",
): IncomingPayment {
  return {
    source: "mailbox",
    bankReference: `CA${++serial}TESTREF`,
    amountCents,
    senderName: sender,
    message,
    receivedAt: new Date(),
  };
}

async function order(id: string) {
  const [row] = await db().select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function paymentOf(bankReference: string) {
  const [row] = await db().select().from(payments).where(eq(payments.bankReference, bankReference));
  return row!;
}

describe("matching e-Transfers to orders", () => {
  it("pays the order its reference names, once, with its history, activity entry and email", async () => {
    const [a] = await unpaidOrders(["Jane Doe"]);
    const paying = notice(a!.totalAmountCents, `Order ${a!.reference.toLowerCase()} thanks!`);
    expect(await recordIncomingPayments([paying, paying])).toMatchObject({
      applied: 1,
      paid: 1,
      duplicates: 1,
    });
    // Read again later (the mailbox read twice): nothing more happens.
    expect(await recordIncomingPayments([paying])).toMatchObject({ applied: 0, duplicates: 1 });

    const paid = await order(a!.id);
    expect(paid).toMatchObject({
      status: "paid",
      paymentReceivedCents: a!.totalAmountCents,
      paymentReference: paying.bankReference,
    });
    expect(await paymentOf(paying.bankReference)).toMatchObject({
      state: "applied",
      orderId: a!.id,
    });
    const history = await db()
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, a!.id), eq(orderStatusHistory.toStatus, "paid")));
    expect(history).toHaveLength(1);
    expect(history[0]!.changedBy).toBe("Payment matching");
    expect(history[0]!.note).toContain(paying.bankReference);
    const emails = await db()
      .select()
      .from(orderEmailsSent)
      .where(and(eq(orderEmailsSent.orderId, a!.id), eq(orderEmailsSent.kind, "payment_received")));
    expect(emails).toHaveLength(1);
    const audit = await db().select().from(auditLog).where(eq(auditLog.area, "payments"));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "payment", recordId: a!.orderNumber });
  });

  it("part pays on a short amount, pays in full with the rest, and flags an amount over", async () => {
    const [a, b] = await unpaidOrders(["Jane Doe", "Ravi Patel"]);
    const short = notice(a!.totalAmountCents - 1000, a!.reference);
    await recordIncomingPayments([short]);
    expect(await order(a!.id)).toMatchObject({
      status: "pending",
      paymentReceivedCents: a!.totalAmountCents - 1000,
    });
    const partTab = await paymentQueue("part-paid", 1);
    expect(partTab.rows.map((row) => row.orderNumber)).toEqual([a!.orderNumber]);

    // Cancelled by staff, a part-paid order's money is listed to send back.
    const [d] = await unpaidOrders(["Noor Haddad"]);
    await recordIncomingPayments([notice(2000, d!.reference)]);
    await changeOrderStatus({
      orderId: d!.id,
      expectedStatus: "pending",
      change: { to: "cancelled", reason: "Out of stock" },
      actor: "test",
    });
    const back = await paymentQueue("to-refund", 1);
    expect(back.rows.map((row) => [row.orderNumber, row.overCents, row.orderStatus])).toEqual([
      [d!.orderNumber, 2000, "cancelled"],
    ]);
    await settleOverpayment({ paymentId: back.rows[0]!.id, note: "Sent back CA55", actor: STAFF });

    // A part-paid order holds the shopper's money: the unpaid-order job leaves it alone.
    const later = new Date(Date.now() + 30 * 86_400_000);
    await processUnpaidOrders(later);
    expect((await order(a!.id)).status).toBe("pending");
    expect((await order(b!.id)).status).toBe("cancelled");

    await recordIncomingPayments([notice(1000, `rest of ${a!.reference}`)]);
    expect(await order(a!.id)).toMatchObject({
      status: "paid",
      paymentReceivedCents: a!.totalAmountCents,
    });

    const [c] = await unpaidOrders(["Lea Roy"]);
    const over = notice(c!.totalAmountCents + 500, c!.reference);
    await recordIncomingPayments([over]);
    expect((await order(c!.id)).status).toBe("paid");
    expect(await paymentOf(over.bankReference)).toMatchObject({ state: "applied", overCents: 500 });
    const toRefund = await paymentQueue("to-refund", 1);
    expect(toRefund.rows).toHaveLength(1);
    const settle = { paymentId: toRefund.rows[0]!.id, actor: STAFF };
    expect(await settleOverpayment({ ...settle, note: " " })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await settleOverpayment({ ...settle, note: "e-Transfer back CA99" })).toMatchObject({
      ok: true,
    });
    expect(await settleOverpayment({ ...settle, note: "again" })).toMatchObject({
      ok: false,
      status: 409,
    });
    expect((await paymentQueue("to-refund", 1)).rows).toHaveLength(0);
  });

  it("suggests the order of a reference one character off, and of the same name and amount", async () => {
    const [a, b] = await unpaidOrders(["Jane Doe", "Josée Tremblay"]);
    const code = a!.reference.replace("-", "");
    const typo = code.slice(0, 2) + code[3] + code[2] + code.slice(4); // two neighbours swapped
    const typed = notice(a!.totalAmountCents, `for ${typo}`);
    const named = notice(b!.totalAmountCents, "weed :)", "J TREMBLAY");
    const stranger = notice(b!.totalAmountCents, null, "PAT SMITH");
    expect(await recordIncomingPayments([typed, named, stranger])).toMatchObject({
      applied: 0,
      suggested: 2,
      queued: 1,
    });
    expect(await paymentOf(typed.bankReference)).toMatchObject({
      state: "suggested",
      reason: "typo",
      matchedOrderId: a!.id,
    });
    expect(await paymentOf(named.bankReference)).toMatchObject({
      state: "suggested",
      reason: "name_amount",
      matchedOrderId: b!.id,
    });
    expect((await order(a!.id)).status).toBe("pending");

    // One click: the suggestion is applied.
    const accepted = await assignPayment({
      paymentId: (await paymentOf(typed.bankReference)).id,
      actor: STAFF,
    });
    expect(accepted).toMatchObject({ ok: true });
    expect((await order(a!.id)).status).toBe("paid");
    const [entry] = await db()
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, a!.id), eq(orderStatusHistory.toStatus, "paid")));
    expect(entry!.changedBy).toBe("Sam Staff");
    // Dealt with: a second click is refused.
    expect(
      await assignPayment({ paymentId: (await paymentOf(typed.bankReference)).id, actor: STAFF }),
    ).toMatchObject({ ok: false, status: 409 });
  });

  it("queues what it cannot place, never paying a cancelled or paid order again", async () => {
    const [a, b, c] = await unpaidOrders(["Jane Doe", "Ravi Patel", "Lea Roy"]);
    await changeOrderStatus({
      orderId: a!.id,
      expectedStatus: "pending",
      change: { to: "cancelled", reason: "Shopper asked" },
      actor: "test",
    });
    await changeOrderStatus({
      orderId: b!.id,
      expectedStatus: "pending",
      change: { to: "paid", reference: "CA-BY-HAND", amountReceivedCents: b!.totalAmountCents },
      actor: "test",
    });
    const toCancelled = notice(a!.totalAmountCents, a!.reference);
    const toPaid = notice(b!.totalAmountCents, b!.reference);
    const unknown = notice(5000, paymentReference("BBS-09999999"));
    const bare = notice(1234, "thanks");
    await recordIncomingPayments([toCancelled, toPaid, unknown, bare]);
    expect(await paymentOf(toCancelled.bankReference)).toMatchObject({
      state: "queued",
      reason: "order_cancelled",
    });
    expect(await paymentOf(toPaid.bankReference)).toMatchObject({
      state: "queued",
      reason: "order_paid",
    });
    expect((await paymentOf(unknown.bankReference)).reason).toBe("unknown_reference");
    expect((await paymentOf(bare.bankReference)).reason).toBe("no_reference");
    expect((await order(a!.id)).status).toBe("cancelled");
    expect((await order(b!.id)).paymentReceivedCents).toBe(b!.totalAmountCents);
    // Staff's Mark paid recorded its payment too.
    const byHand = await db().select().from(payments).where(eq(payments.orderId, b!.id));
    expect(byHand).toMatchObject([
      { source: "manual", bankReference: "CA-BY-HAND", state: "applied" },
    ]);

    const waiting = await paymentQueue("waiting", 1);
    expect(waiting.rows).toHaveLength(4);
    expect(waiting.counts.waiting).toBe(4);

    const id = async (p: IncomingPayment) => (await paymentOf(p.bankReference)).id;
    expect(
      await assignPayment({
        paymentId: await id(toCancelled),
        orderNumber: a!.orderNumber,
        actor: STAFF,
      }),
    ).toMatchObject({ ok: false, status: 409, message: expect.stringContaining("cancelled") });
    expect(
      await assignPayment({ paymentId: await id(bare), orderNumber: "BBS-424242", actor: STAFF }),
    ).toMatchObject({ ok: false, status: 404 });
    expect(
      await assignPayment({
        paymentId: await id(bare),
        orderNumber: c!.orderNumber.toLowerCase(),
        actor: STAFF,
      }),
    ).toMatchObject({ ok: true });
    expect(await order(c!.id)).toMatchObject({ status: "pending", paymentReceivedCents: 1234 });

    expect(
      await closePayment({ paymentId: await id(toPaid), as: "ignored", note: "", actor: STAFF }),
    ).toMatchObject({ ok: false, status: 400 });
    expect(
      await closePayment({
        paymentId: await id(toPaid),
        as: "ignored",
        note: "Paid twice by mistake, kept as credit",
        actor: STAFF,
      }),
    ).toMatchObject({ ok: true });
    expect(
      await closePayment({
        paymentId: await id(toCancelled),
        as: "returned",
        note: "Sent back CA77",
        actor: STAFF,
      }),
    ).toMatchObject({ ok: true });
    expect((await paymentQueue("waiting", 1)).rows).toHaveLength(1);
    const logged = await db().select().from(auditLog).where(eq(auditLog.area, "payments"));
    expect(logged.map((entry) => entry.action).sort()).toEqual(["ignore", "payment", "return"]);
  });
});

describe("bank exports", () => {
  it("previews each deposit, then applies the whole file once", async () => {
    const [a, b] = await unpaidOrders(["Jane Doe", "Ravi Patel"]);
    const csv = buildBankCsv("rbc", [
      {
        postedOn: "2026-11-20",
        amountCents: a!.totalAmountCents,
        senderName: "JANE DOE",
        reference: "CA7Kx2Mq9Pz1",
      },
      {
        postedOn: "2026-11-21",
        amountCents: b!.totalAmountCents,
        senderName: "RAVI PATEL",
        reference: "CA8Lw3Nr0Qa2",
      },
      { postedOn: "2026-11-21", amountCents: 999, senderName: "NO ONE", reference: "CA9Mv4Ps1Rb3" },
    ]);
    const uploaded = await uploadBankExport({
      fileName: "rbc.csv",
      content: new TextEncoder().encode(csv),
      actor: STAFF,
    });
    if (!uploaded.ok) throw new Error(uploaded.message);
    const preview = await bankImportPreview(uploaded.id);
    expect(preview!.rows.map((row) => row.outcome.state)).toEqual([
      "suggested",
      "suggested",
      "queued",
    ]);
    // The preview wrote nothing.
    expect(await db().select().from(payments)).toHaveLength(0);
    expect((await order(a!.id)).status).toBe("pending");

    expect(await applyBankImport({ id: uploaded.id, actor: STAFF })).toMatchObject({
      ok: true,
      summary: { suggested: 2, queued: 1 },
    });
    expect(await applyBankImport({ id: uploaded.id, actor: STAFF })).toMatchObject({
      ok: false,
      status: 409,
    });
    // The same export uploaded again: every deposit is already recorded.
    const again = await uploadBankExport({
      fileName: "rbc.csv",
      content: new TextEncoder().encode(csv),
      actor: STAFF,
    });
    if (!again.ok) throw new Error(again.message);
    const second = await bankImportPreview(again.id);
    expect(second!.rows.every((row) => row.outcome.state === "duplicate")).toBe(true);
    expect(await db().select().from(payments)).toHaveLength(3);
  });

  it("refuses a file it cannot read, storing nothing", async () => {
    const refused = await uploadBankExport({
      fileName: "statement.csv",
      content: new TextEncoder().encode("Name,Colour\nBob,blue\n"),
      actor: STAFF,
    });
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      message: expect.stringContaining("not a bank export"),
    });
    expect(await db().select().from(paymentImports)).toHaveLength(0);
  });
});
