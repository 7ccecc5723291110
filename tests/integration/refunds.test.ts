import { and, asc, count, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { refundState, splitRefund, NOTHING_REFUNDED } from "~/lib/refund-math";
import * as creditNotePdf from "~/routes/admin/invoices/credit-note-pdf";
import * as creditNotePrint from "~/routes/admin/invoices/credit-note-print";
import * as orderDetail from "~/routes/admin/orders/detail";
import * as refundRoute from "~/routes/admin/orders/refund";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createAdminSession } from "~/server/auth/session.server";
import { db } from "~/server/db.server";
import { stockDiscrepancies } from "~/server/inventory/stock-ledger.server";
import { getInvoice } from "~/server/invoices/invoices.server";
import { renderInvoicesPdf } from "~/server/invoices/invoice-pdf.server";
import { invoiceIssuer } from "~/server/invoices/invoices.server";
import { changeOrderStatus } from "~/server/orders/order-status.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { createRefund, listOrderRefunds, readRefundBasis } from "~/server/orders/refunds.server";
import { dailySummary } from "~/server/orders/staff-alerts.server";
import { config } from "~/server/config.server";
import { getSalesReport } from "~/server/reports/sales-report.server";
import {
  auditLog,
  couponRedemptions,
  emailOutbox,
  orderEmailsSent,
  orderItems,
  orderStatusHistory,
  orders,
  productVariations,
  products,
  refundLines,
  refunds,
  stockLots,
  stockMovements,
} from "~/server/db-tables";
import { testActor } from "../setup/audit";
import { resetDatabase, testDriver } from "../setup/database";
import { callRoute } from "../setup/route-call";
import { checkoutInput, createCoupon, createProduct, productStock } from "./checkout-factories";

/**
 * Refunds through the order page's refund route, as the server calls it (the admin guard and the
 * `refunds` permission first): each path, every refusal with nothing stored, and refunds racing
 * on one order. Runs on PGlite and, with TEST_DATABASE_URL (scripts/with-postgres.sh), on
 * PostgreSQL, where the concurrent refunds really run at once on separate connections.
 */
const ORIGIN = "http://store.test";
let owner: { id: string; cookie: string };
let staffCookie: string;

beforeEach(async () => {
  await resetDatabase();
  const admin = await createAdminUser({
    username: "owner",
    password: "owner-pass-1",
    role: "owner",
  });
  owner = {
    id: admin.id,
    cookie: (await createAdminSession({ userId: admin.id })).split(";")[0]!,
  };
  const staff = await createAdminUser({
    username: "packer",
    password: "staff-pass-1",
    role: "staff",
  });
  staffCookie = (await createAdminSession({ userId: staff.id })).split(";")[0]!;
});
// The stock ledger's invariant holds after every test (npm run stock:check).
afterEach(async () => expect(await stockDiscrepancies()).toEqual([]));

/**
 * A paid order shipped to BC (GST 5 %, PST 7 %, both on shipping): 2 × Blue Dream 3.5g at $30 and
 * 1 × a $17.99 pre-roll sold without sizes, $20 shipping; a 10 % coupon when asked.
 */
async function paidOrder(
  options: { coupon?: boolean; status?: "pending" | "paid" | "processing" } = {},
) {
  const flower = await createProduct({
    name: "Blue Dream",
    variations: [{ size: "3.5", priceCents: 3000, stock: 10 }],
  });
  const preroll = await createProduct({ name: "Pre-roll", priceCents: 1799, stock: 10 });
  if (options.coupon) await createCoupon({ code: "TEN", value: 10 });
  const placed = await placeOrder(
    checkoutInput(
      [
        { id: flower.id(0), quantity: 2 },
        { id: preroll.id(), quantity: 1 },
      ],
      { couponCode: options.coupon ? "TEN" : undefined },
    ),
  );
  if (!placed.ok) throw new Error(placed.message);
  const status = options.status ?? "paid";
  const { totalAmountCents } = await orderRow(placed.order.id);
  let from = "pending";
  for (const to of status === "processing"
    ? ["paid", "processing"]
    : status === "paid"
      ? ["paid"]
      : []) {
    const moved = await changeOrderStatus({
      orderId: placed.order.id,
      expectedStatus: from,
      change:
        to === "paid"
          ? { to: "paid", reference: "CA1", amountReceivedCents: totalAmountCents }
          : { to: "processing" },
      actor: "test",
    });
    if (!moved.ok) throw new Error(moved.message);
    from = to;
  }
  const order = await orderRow(placed.order.id);
  const items = await db()
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.productName));
  const [line] = items.filter((i) => i.productName === "Blue Dream");
  const [whole] = items.filter((i) => i.productName === "Pre-roll");
  return { order, flower, preroll, line: line!, whole: whole! };
}

async function orderRow(id: string) {
  const [row] = await db().select().from(orders).where(eq(orders.id, id));
  return row!;
}

function post(
  orderNumber: string,
  fields: Record<string, string>,
  cookie = owner.cookie,
): Promise<unknown> {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return callRoute(
    refundRoute,
    "action",
    new Request(`${ORIGIN}/budzadmin/dashboard/orders/${orderNumber}/refund`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: ORIGIN },
      body,
    }),
    { orderNumber },
  );
}

type Answer = { data?: { errors?: Record<string, string> }; init?: { status?: number } };
const messages = (answer: unknown) => Object.values((answer as Answer).data?.errors ?? {});

/** Everything a refund writes, to prove a refused one wrote nothing. */
async function snapshot(orderId: string) {
  const tally = async (
    table:
      | typeof refunds
      | typeof stockMovements
      | typeof emailOutbox
      | typeof auditLog
      | typeof orderStatusHistory
      | typeof refundLines,
  ) => {
    const [row] = await db().select({ n: count() }).from(table);
    return row!.n;
  };
  const order = await orderRow(orderId);
  return {
    refundedCents: order.refundedCents,
    version: order.version,
    status: order.status,
    refunds: await tally(refunds),
    lines: await tally(refundLines),
    movements: await tally(stockMovements),
    emails: await tally(emailOutbox),
    audit: await tally(auditLog),
    history: await tally(orderStatusHistory),
  };
}

const toast = (answer: unknown) => (answer as Response).headers.get("Set-Cookie") ?? "";

describe("refunds through the order page", () => {
  it("lines with and without restock: the refund, its ledger movements, history, email and audit entry", async () => {
    const { order, flower, preroll, line, whole } = await paidOrder();
    expect(order.version).toBe(2); // placed, then paid
    const answer = await post(order.orderNumber, {
      intent: "refund",
      version: String(order.version),
      mode: "items",
      "lines.0.id": line.id,
      "lines.0.quantity": "1",
      "lines.0.restock": "on",
      "lines.1.id": whole.id,
      "lines.1.quantity": "1",
      method: "etransfer",
      reference: "REF-77",
      note: "Shopper sent one back",
    });
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get("Location")).toBe(
      `/budzadmin/dashboard/orders/${order.orderNumber}`,
    );
    expect(toast(answer)).toBeTruthy();

    // What was refunded is what the arithmetic says: one unit of each line and its tax.
    const basis = (await readRefundBasis(order.id))!;
    const expected = splitRefund(basis.refundable, NOTHING_REFUNDED, {
      kind: "items",
      lines: [
        { id: line.id, quantity: 1, restock: true },
        { id: whole.id, quantity: 1, restock: false },
      ],
      shippingCents: 0,
    });
    if (!expected.ok) throw new Error(expected.message);
    const [refund] = await listOrderRefunds(order.id);
    expect(refund).toMatchObject({
      position: 1,
      creditNoteNumber: `${order.orderNumber}-R1`,
      goodsCents: 3000 + 1799,
      shippingCents: 0,
      taxCents: expected.taxCents,
      amountCents: expected.amountCents,
      method: "etransfer",
      reference: "REF-77",
      note: "Shopper sent one back",
      adminName: "owner",
    });
    expect(refund!.taxLines.map((t) => [t.label, t.amountCents])).toEqual([
      ["GST 5%", 240],
      ["PST 7%", 336],
    ]);
    expect(refund!.lines.map((l) => [l.productName, l.quantity, l.restocked])).toEqual([
      ["Blue Dream", 1, true],
      ["Pre-roll", 1, false],
    ]);

    // The order: refunded in part, its version moved; the badge reads "Partly refunded".
    const after = await orderRow(order.id);
    expect(after).toMatchObject({
      refundedCents: expected.amountCents,
      version: order.version + 1,
      status: "paid",
    });
    expect(refundState(after)).toBe("partly_refunded");

    // Stock: the restocked unit is back on its size as a "refund_restock" movement; the other not.
    expect(await productStock(flower.product.id)).toBe(9);
    expect(await productStock(preroll.product.id)).toBe(9);
    const movements = await db()
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.reason, "refund_restock"));
    expect(movements).toHaveLength(1);
    expect(movements[0]).toMatchObject({
      productId: flower.product.id,
      variationId: flower.variations[0]!.id,
      quantity: 1,
      stockAfter: 9,
      orderId: order.id,
      adminId: owner.id,
      note: `Credit note ${order.orderNumber}-R1`,
    });

    // The history entry (status unchanged), the shopper's email, the audit entry.
    const [history] = await db()
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(asc(orderStatusHistory.createdAt))
      .then((rows) => rows.slice(-1));
    expect(history).toMatchObject({ fromStatus: "paid", toStatus: "paid", changedBy: "owner" });
    expect(history!.note).toMatch(
      new RegExp(`^Refund ${order.orderNumber}-R1: \\$\\d+\\.\\d\\d by Interac e-Transfer REF-77`),
    );
    expect(history!.note).toContain("1 × Blue Dream (3.5g), restocked");
    const [email] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "order_refund"));
    expect(email).toMatchObject({ toAddress: "jane@example.com" });
    expect(email!.subject).toContain(`refund of $`);
    expect(email!.text).toContain("Interac e-Transfer to jane@example.com");
    expect(email!.text).toContain("1 × Blue Dream (3.5g)");
    const [listed] = await db()
      .select()
      .from(orderEmailsSent)
      .where(and(eq(orderEmailsSent.orderId, order.id), eq(orderEmailsSent.kind, "refund")));
    expect(listed?.outboxId).toBe(email!.id);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.area, "refunds"));
    expect(entry).toMatchObject({
      action: "create",
      adminId: owner.id,
      recordType: "order",
      recordId: order.orderNumber,
      recordLabel: `Credit note ${order.orderNumber}-R1`,
    });
    expect(entry!.changes).toMatchObject({
      creditNote: `${order.orderNumber}-R1`,
      method: "Interac e-Transfer",
    });
  });

  it("a refund is a note in the order's history, never a move: not 'Paid to Paid' in Reports, not a payment in the daily summary", async () => {
    const { order } = await paidOrder();
    const refunded = await post(order.orderNumber, {
      intent: "refund",
      version: String(order.version),
      mode: "amount",
      amount: "$5.00",
      method: "etransfer",
    });
    expect((refunded as Response).status).toBe(302);
    const { activity } = await getSalesReport({ days: 7, timeZone: config().STORE_TIMEZONE });
    const mine = activity.filter((a) => a.reference === order.orderNumber);
    expect(mine.map((a) => `${a.kind} ${a.detail}`).sort()).toEqual([
      "order null",
      `refund ${order.orderNumber}-R1`,
      "status pending>paid",
    ]);
    // Tomorrow's summary: one order marked paid today, and one refund.
    const tomorrow = new Date(Date.now() + 86_400_000);
    const summary = await dailySummary(db(), tomorrow, 3);
    expect(summary.paid.count).toBe(1);
    expect(summary.refunds.count).toBe(1);
  });

  it("shipping only, then an amount, then everything left: Refunded, to the cent, per tax line", async () => {
    const { order, line, whole } = await paidOrder({ coupon: true });
    const shippingOnly = await post(order.orderNumber, {
      intent: "refund",
      version: String(order.version),
      mode: "items",
      "lines.0.id": line.id,
      "lines.0.quantity": "0",
      shipping: "20.00",
      method: "other",
    });
    expect((shippingOnly as Response).status).toBe(302);
    let row = await orderRow(order.id);
    expect(row.refundedCents).toBe(2000 + 100 + 140);

    const amount = await post(order.orderNumber, {
      intent: "refund",
      version: String(row.version),
      mode: "amount",
      amount: "$5.00",
      method: "etransfer",
    });
    expect((amount as Response).status).toBe(302);
    row = await orderRow(order.id);
    expect(row.refundedCents).toBe(2240 + 500);

    const rest = await post(order.orderNumber, {
      intent: "refund",
      version: String(row.version),
      mode: "items",
      "lines.0.id": line.id,
      "lines.0.quantity": "2",
      "lines.0.restock": "on",
      "lines.1.id": whole.id,
      "lines.1.quantity": "1",
      "lines.1.restock": "on",
      method: "etransfer",
    });
    expect((rest as Response).status).toBe(302);
    row = await orderRow(order.id);
    expect(row.refundedCents).toBe(row.totalAmountCents);
    expect(refundState(row)).toBe("refunded");

    const made = await listOrderRefunds(order.id);
    expect(made.map((r) => r.creditNoteNumber)).toEqual(
      [1, 2, 3].map((n) => `${order.orderNumber}-R${n}`),
    );
    const basis = (await readRefundBasis(order.id))!;
    for (const tax of basis.refundable.taxLines)
      expect(basis.refunded.taxLines[tax.id], tax.label).toBe(tax.amountCents);
    expect(basis.refunded.goodsCents).toBe(row.subtotalCents - row.discountCents);
    expect(basis.refunded.shippingCents).toBe(row.shippingCostCents);

    // Nothing is left: another refund is refused (422) and the Refund is over.
    const more = await post(order.orderNumber, {
      intent: "refund",
      version: String(row.version),
      mode: "amount",
      amount: "0.01",
      method: "etransfer",
    });
    expect((more as Answer).init?.status).toBe(422);

    // The invoice lists its credit notes; the credit note prints and downloads.
    const invoice = (await getInvoice(order.orderNumber))!;
    expect(invoice.creditNotes.map((c) => [c.number, c.amountCents])).toEqual(
      made.map((r) => [r.creditNoteNumber, r.amountCents]),
    );
    const pdf = await renderInvoicesPdf([invoice], invoiceIssuer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const number = `${order.orderNumber}-R3`;
    const printed = (await callRoute(
      creditNotePrint,
      "loader",
      new Request(`${ORIGIN}/budzadmin/dashboard/invoices/print/credit-notes/${number}`, {
        headers: { Cookie: staffCookie },
      }),
      { creditNoteNumber: number.toLowerCase() },
    )) as { note: { number: string; lines: unknown[]; refundedToDateCents: number } };
    expect(printed.note.number).toBe(number);
    expect(printed.note.lines).toHaveLength(2);
    expect(printed.note.refundedToDateCents).toBe(row.totalAmountCents);
    const file = (await callRoute(
      creditNotePdf,
      "loader",
      new Request(`${ORIGIN}/budzadmin/dashboard/invoices/pdf/credit-notes/${number}.pdf`, {
        headers: { Cookie: owner.cookie },
      }),
      { fileName: `${number}.pdf` },
    )) as Response;
    expect(file.headers.get("Content-Type")).toBe("application/pdf");
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    await expect(
      callRoute(
        creditNotePdf,
        "loader",
        new Request(`${ORIGIN}/budzadmin/dashboard/invoices/pdf/credit-notes/BBS-99999999-R1.pdf`, {
          headers: { Cookie: owner.cookie },
        }),
        { fileName: "BBS-99999999-R1.pdf" },
      ),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("Cancel order on a paid order cancels and refunds everything left in one step", async () => {
    const { order, flower, preroll, line, whole } = await paidOrder({
      coupon: true,
      status: "processing",
    });
    // A plain cancel of a paid order is refused: its money would be left with the store.
    const plain = (await callRoute(
      orderDetail,
      "action",
      new Request(`${ORIGIN}/budzadmin/dashboard/orders/${order.orderNumber}`, {
        method: "POST",
        headers: { Cookie: owner.cookie, Origin: ORIGIN },
        body: new URLSearchParams({ intent: "cancelled", from: "processing", reason: "x" }),
      }),
      { orderNumber: order.orderNumber },
    )) as Answer;
    expect(plain.init?.status).toBe(409);
    expect(messages(plain)[0]).toMatch(/was paid: cancelling it refunds what remains/);

    // A first partial refund (one unit, restocked), then the cancel: the rest, the damaged
    // pre-roll kept out of stock.
    const first = await createRefund({
      orderId: order.id,
      version: order.version,
      request: {
        kind: "items",
        lines: [{ id: line.id, quantity: 1, restock: true }],
        shippingCents: 0,
      },
      method: "etransfer",
      reference: null,
      note: null,
      actor: testActor(owner.id, "owner"),
    });
    expect(first.ok).toBe(true);
    const before = await orderRow(order.id);
    const answer = await post(order.orderNumber, {
      intent: "cancel",
      version: String(before.version),
      from: "processing",
      reason: "Out of stock at the warehouse",
      "lines.0.id": line.id,
      "lines.0.restock": "on",
      "lines.1.id": whole.id,
      method: "etransfer",
      reference: "REF-9",
    });
    expect((answer as Response).status, JSON.stringify(answer)).toBe(302);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({
      status: "cancelled",
      cancelReason: "Out of stock at the warehouse",
    });
    expect(row.refundedCents).toBe(row.totalAmountCents);
    expect(refundState(row)).toBe("refunded");

    // Stock: both units of the size back (one per refund), the pre-roll not; nothing twice.
    expect(await productStock(flower.product.id)).toBe(10);
    expect(await productStock(preroll.product.id)).toBe(9);
    const reasons = await db()
      .select({ reason: stockMovements.reason, quantity: stockMovements.quantity })
      .from(stockMovements)
      .where(eq(stockMovements.orderId, order.id));
    expect(reasons.filter((m) => m.reason === "cancelled")).toEqual([]);
    expect(reasons.filter((m) => m.reason === "refund_restock")).toHaveLength(2);
    const [r2] = (await listOrderRefunds(order.id)).slice(-1);
    expect(r2!.lines.map((l) => [l.productName, l.quantity, l.restocked])).toEqual([
      ["Blue Dream", 1, true],
      ["Pre-roll", 1, false],
    ]);
    expect(r2!.shippingCents).toBe(2000);

    // One history entry moves it to Cancelled and says the refund; the coupon use is freed.
    const history = await db()
      .select()
      .from(orderStatusHistory)
      .where(
        and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.toStatus, "cancelled")),
      );
    expect(history).toHaveLength(1);
    expect(history[0]!.fromStatus).toBe("processing");
    expect(history[0]!.note).toMatch(
      new RegExp(`^Out of stock at the warehouse\\. Refund ${order.orderNumber}-R2: `),
    );
    const [redeemed] = await db().select({ n: count() }).from(couponRedemptions);
    expect(redeemed!.n).toBe(0);

    // One email says both: cancelled, and the refund sent (not "reply and we will refund").
    const cancelEmails = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "order_cancelled"));
    expect(cancelEmails).toHaveLength(1);
    expect(cancelEmails[0]!.subject).toContain("cancelled and refunded");
    expect(cancelEmails[0]!.text).toContain("Reason: Out of stock at the warehouse.");
    expect(cancelEmails[0]!.text).toMatch(/We refunded \$[\d.]+ for order/);
    expect(cancelEmails[0]!.text).not.toContain("we will refund");

    // Audit: the status change and the refund, together.
    const entries = await db()
      .select({ area: auditLog.area, action: auditLog.action })
      .from(auditLog)
      .orderBy(asc(auditLog.createdAt));
    expect(entries).toEqual(
      expect.arrayContaining([
        { area: "orders", action: "status" },
        { area: "refunds", action: "create" },
      ]),
    );
  });

  it("cancelling a pending order stays as it was: stock back, nothing refunded", async () => {
    const { order, flower } = await paidOrder({ status: "pending" });
    const answer = (await callRoute(
      orderDetail,
      "action",
      new Request(`${ORIGIN}/budzadmin/dashboard/orders/${order.orderNumber}`, {
        method: "POST",
        headers: { Cookie: staffCookie, Origin: ORIGIN },
        body: new URLSearchParams({ intent: "cancelled", from: "pending", reason: "Never paid" }),
      }),
      { orderNumber: order.orderNumber },
    )) as Response;
    expect(answer.status).toBe(302);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: "cancelled", refundedCents: 0 });
    expect(await productStock(flower.product.id)).toBe(10);
    const [made] = await db().select({ n: count() }).from(refunds);
    expect(made!.n).toBe(0);
  });

  it("refuses bad input with a 4xx and its message, and stores nothing", async () => {
    const { order, line, whole } = await paidOrder();
    const other = await paidOrder();
    const pending = await paidOrder({ status: "pending" });
    const v = String(order.version);
    const items = (fields: Record<string, string>) => ({
      intent: "refund",
      version: v,
      mode: "items",
      method: "etransfer",
      "lines.0.id": line.id,
      "lines.1.id": whole.id,
      ...fields,
    });
    const cases: [string, Record<string, string>, number, RegExp][] = [
      [
        "an amount over what remains",
        { intent: "refund", version: v, mode: "amount", amount: "9999.99", method: "etransfer" },
        422,
        /more than what remains to refund/,
      ],
      [
        "a negative amount",
        { intent: "refund", version: v, mode: "amount", amount: "-5", method: "etransfer" },
        400,
        /Enter the amount to refund/,
      ],
      [
        "a zero amount",
        { intent: "refund", version: v, mode: "amount", amount: "0.00", method: "etransfer" },
        400,
        /above \$0\.00/,
      ],
      ["a negative quantity", items({ "lines.0.quantity": "-1" }), 400, /whole number/],
      [
        "more units than are left",
        items({ "lines.0.quantity": "3" }),
        422,
        /at most 2 of Blue Dream \(3\.5g\)/,
      ],
      ["more shipping than was charged", items({ shipping: "25" }), 422, /At most \$20\.00/],
      ["negative shipping", items({ shipping: "-1" }), 400, /shipping to refund/],
      ["nothing chosen", items({ "lines.0.quantity": "0" }), 400, /Choose what to refund/],
      [
        "a stale version",
        items({ version: String(order.version - 1), "lines.0.quantity": "1" }),
        409,
        /changed while you were looking at it/,
      ],
      [
        "another order's line",
        items({ "lines.0.id": other.line.id, "lines.0.quantity": "1" }),
        400,
        /not on order/,
      ],
      [
        "an unknown method",
        items({ "lines.0.quantity": "1", method: "bitcoin" }),
        400,
        /how the money/,
      ],
      [
        "a form without a version",
        items({ version: "", "lines.0.quantity": "1" }),
        400,
        /out of date/,
      ],
    ];
    const before = await snapshot(order.id);
    for (const [what, fields, status, message] of cases) {
      const answer = (await post(order.orderNumber, fields)) as Answer;
      expect(answer.init?.status, `${what}: ${JSON.stringify(answer.data)}`).toBe(status);
      expect(messages(answer).join(" "), what).toMatch(message);
    }
    expect(await snapshot(order.id)).toEqual(before);

    // An unpaid order has nothing to refund.
    const unpaid = (await post(pending.order.orderNumber, {
      intent: "refund",
      version: String(pending.order.version),
      mode: "amount",
      amount: "1.00",
      method: "etransfer",
    })) as Answer;
    expect(unpaid.init?.status).toBe(422);
    expect(messages(unpaid)[0]).toMatch(/has not been paid/);
    // …nor can it be "cancelled with a refund".
    const cancelUnpaid = (await post(pending.order.orderNumber, {
      intent: "cancel",
      version: String(pending.order.version),
      from: "pending",
      reason: "x",
      method: "etransfer",
    })) as Answer;
    expect(cancelUnpaid.init?.status).toBe(422);
    expect(await snapshot(pending.order.id)).toMatchObject({ refunds: 0, status: "pending" });

    // An unknown order, an unknown intent.
    expect(((await post("BBS-99999999", items({}))) as Answer).init?.status).toBe(404);
    await expect(post(order.orderNumber, { intent: "teleport" })).rejects.toMatchObject({
      init: { status: 400 },
    });
    expect(await snapshot(order.id)).toEqual(before);
  });

  it("is the refunds permission's: staff are refused with 403", async () => {
    const { order, line } = await paidOrder();
    const before = await snapshot(order.id);
    await expect(
      post(
        order.orderNumber,
        {
          intent: "refund",
          version: String(order.version),
          mode: "items",
          "lines.0.id": line.id,
          "lines.0.quantity": "1",
          method: "etransfer",
        },
        staffCookie,
      ),
    ).rejects.toMatchObject({ init: { status: 403 } });
    expect(await snapshot(order.id)).toEqual(before);
  });

  it("a size removed since cannot be restocked: the refund is made and says so", async () => {
    const { order, line, flower } = await paidOrder();
    await db()
      .delete(stockMovements)
      .where(eq(stockMovements.variationId, flower.variations[0]!.id));
    await db().delete(stockLots).where(eq(stockLots.variationId, flower.variations[0]!.id));
    await db().delete(productVariations).where(eq(productVariations.id, flower.variations[0]!.id));
    await db().update(products).set({ stock: 0 }).where(eq(products.id, flower.product.id));
    const answer = await post(order.orderNumber, {
      intent: "refund",
      version: String(order.version),
      mode: "items",
      "lines.0.id": line.id,
      "lines.0.quantity": "2",
      "lines.0.restock": "on",
      method: "etransfer",
    });
    expect((answer as Response).status).toBe(302);
    const [made] = await listOrderRefunds(order.id);
    expect(made!.lines).toMatchObject([{ quantity: 2, restocked: false }]);
  });
});

describe(`concurrent refunds (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("8 staff refunding what remains at the same moment: exactly one refund", async () => {
    const { order, line, whole, flower } = await paidOrder();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        createRefund({
          orderId: order.id,
          version: order.version,
          request:
            i % 2
              ? { kind: "amount", amountCents: order.totalAmountCents }
              : {
                  kind: "items",
                  lines: [
                    { id: line.id, quantity: 2, restock: true },
                    { id: whole.id, quantity: 1, restock: true },
                  ],
                  shippingCents: 2000,
                },
          method: "etransfer",
          reference: `race-${i}`,
          note: null,
          actor: testActor(owner.id, `staff ${i}`),
        }),
      ),
    );
    const made = results.filter((r) => r.ok);
    expect(made).toHaveLength(1);
    for (const r of results.filter((r) => !r.ok)) expect(r).toMatchObject({ status: 409 });
    const row = await orderRow(order.id);
    expect(row.refundedCents).toBe(row.totalAmountCents);
    expect(row.version).toBe(order.version + 1);
    const [refundCount] = await db().select({ n: count() }).from(refunds);
    expect(refundCount!.n).toBe(1);
    const [emails] = await db()
      .select({ n: count() })
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "order_refund"));
    expect(emails!.n).toBe(1);
    // Restocked at most once (when the items refund was the one that won).
    expect(await productStock(flower.product.id)).toBeLessThanOrEqual(10);
    expect(await stockDiscrepancies()).toEqual([]);
    expect(testDriver()).toBe(process.env.TEST_DATABASE_URL ? "postgres" : "pglite");
  });

  it("refunds made in turn from fresh pages never exceed the total, however many", async () => {
    const { order } = await paidOrder();
    // Each staff member reads the order, then all post a $20 refund at once: one per version.
    for (let round = 0; round < 3; round++) {
      const { version } = await orderRow(order.id);
      const results = await Promise.all(
        Array.from({ length: 6 }, () =>
          createRefund({
            orderId: order.id,
            version,
            request: { kind: "amount", amountCents: 2000 },
            method: "other",
            reference: null,
            note: null,
            actor: testActor(owner.id, "owner"),
          }),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
    }
    const row = await orderRow(order.id);
    expect(row.refundedCents).toBe(6000);
    expect((await listOrderRefunds(order.id)).map((r) => r.position)).toEqual([1, 2, 3]);
  });
});
