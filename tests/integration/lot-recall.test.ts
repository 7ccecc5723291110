import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { isRouteErrorResponse } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import * as detailRoute from "~/routes/admin/lots/detail";
import * as csvRoute from "~/routes/admin/lots/orders-csv";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createAdminSession } from "~/server/auth/session.server";
import { db } from "~/server/db.server";
import {
  auditLog,
  emailOutbox,
  lotRecallNotices,
  orders,
  productVariations,
  stockLots,
} from "~/server/db-tables";
import { listLotOrders, lotOrdersSummary, recallLot } from "~/server/inventory/lot-recall.server";
import {
  pendingRecallNotices,
  sendRecallNotices,
} from "~/server/inventory/lot-recall-notices.server";
import { adjustStock, stockDiscrepancies } from "~/server/inventory/stock-ledger.server";
import {
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from "~/server/marketing/newsletter.server";
import { changeOrderStatus } from "~/server/orders/order-status.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { moveOrder } from "../fixtures/orders";
import { testActor } from "../setup/audit";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";
import { checkoutInput, createProduct, productStock } from "./checkout-factories";

/**
 * A recalled lot's page: the orders that took it with their units taken, returned and still out;
 * its CSV; recall notices sent once per customer whatever their marketing consent, even when
 * pressed at once; returns recorded into quarantine.
 */
const ORIGIN = "http://store.test";
let owner: { id: string };
let ownerCookie: string;
let staffCookie: string;
let actor: ReturnType<typeof testActor>;

beforeEach(async () => {
  await resetDatabase();
  owner = await createAdminUser({
    username: "recall-owner",
    displayName: "Rita Owner",
    password: "owner-pass-1",
    role: "owner",
  });
  const staff = await createAdminUser({
    username: "recall-staff",
    displayName: "Sam Staff",
    password: "staff-pass-1",
    role: "staff",
  });
  ownerCookie = (await createAdminSession({ userId: owner.id })).split(";")[0]!;
  staffCookie = (await createAdminSession({ userId: staff.id })).split(";")[0]!;
  actor = testActor(owner.id, "Rita Owner");
});

/** A size with two lots (BAD-1 expires first, so sales take it) and five orders of it. */
async function recallScene() {
  const product = await createProduct({
    name: "Pink Kush",
    variations: [{ size: "3.5", priceCents: 3000, stock: 0 }],
  });
  const variationId = product.variations[0]!.id;
  for (const [lotNumber, expiresOn] of [
    ["BAD-1", "2027-01-31"],
    ["GOOD-1", "2027-12-31"],
  ] as const) {
    const received = await adjustStock({
      productId: product.product.id,
      variationId,
      mode: "add",
      quantity: 10,
      reason: "received",
      note: null,
      lot: {
        receive: {
          lotNumber,
          packagedOn: "2026-09-01",
          expiresOn,
          supplier: "Northern Leaf",
          coaUrl: "https://lab.example/coa.pdf",
        },
      },
      actor,
    });
    expect(received.ok).toBe(true);
  }
  const lots = await db()
    .select({ id: stockLots.id, lotNumber: stockLots.lotNumber })
    .from(stockLots)
    .where(eq(stockLots.variationId, variationId));
  const bad = lots.find((l) => l.lotNumber === "BAD-1")!.id;
  const good = lots.find((l) => l.lotNumber === "GOOD-1")!.id;

  const order = async (name: string, email: string, quantity: number) => {
    const placed = await placeOrder(
      checkoutInput([{ id: product.id(0), quantity }], {
        name,
        email,
        idempotencyKey: crypto.randomBytes(16).toString("base64url"),
      }),
    );
    if (!placed.ok) throw new Error(placed.message);
    return placed.order;
  };
  const alice = await order("Alice Able", "alice@example.com", 2);
  const bob = await order("Bob Baker", "bob@example.com", 3);
  const carol = await order("Carol Cole", "carol@example.com", 1);
  const alice2 = await order("Alice Able", "ALICE@Example.com", 1);
  const dave = await order("Dave Dunn", "dave@example.com", 1);
  // Alice's first order reached her; Carol's was cancelled (its unit went back to the lot).
  await moveOrder(alice.id, [
    "paid",
    "processing",
    { to: "shipped", trackingNumber: "1234567890123456" },
  ]);
  const delivered = await changeOrderStatus({
    orderId: alice.id,
    expectedStatus: "shipped",
    change: { to: "delivered" },
    actor: "test",
  });
  expect(delivered.ok, JSON.stringify(delivered)).toBe(true);
  const cancelled = await changeOrderStatus({
    orderId: carol.id,
    expectedStatus: "pending",
    change: { to: "cancelled", reason: "Changed mind" },
    actor: "test",
  });
  expect(cancelled.ok).toBe(true);
  // Dave has withdrawn his marketing consent: a recall notice is not marketing.
  await subscribeToNewsletter({ email: "dave@example.com", source: "footer" });
  await unsubscribeFromNewsletter({ email: "dave@example.com" });
  return { product, variationId, bad, good, alice, bob, carol, alice2, dave };
}

const request = (url: string, cookie = ownerCookie, form?: Record<string, string>) => {
  let body: FormData | undefined;
  if (form) {
    body = new FormData();
    for (const [k, v] of Object.entries(form)) body.set(k, v);
  }
  return new Request(`${ORIGIN}${url}`, {
    method: form ? "POST" : "GET",
    headers: { Origin: ORIGIN, Cookie: cookie },
    body,
  });
};

/** What a route ended with: its status, redirect, and body (thrown or returned alike). */
async function settle(run: Promise<unknown>) {
  try {
    const value = await run;
    if (value instanceof Response)
      return { status: value.status, location: value.headers.get("Location"), body: value };
    const answer = value as { type?: string; init?: ResponseInit | null; data?: unknown };
    if (answer?.type === "DataWithResponseInit")
      return { status: answer.init?.status ?? 200, location: null, body: answer.data };
    return { status: 200, location: null, body: value };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("Location"), body: thrown };
    if (isRouteErrorResponse(thrown))
      return { status: thrown.status, location: null, body: thrown.data };
    const answer = thrown as { type?: string; init?: ResponseInit | null; data?: unknown };
    if (answer?.type === "DataWithResponseInit")
      return { status: answer.init?.status ?? 500, location: null, body: answer.data };
    throw thrown;
  }
}

const lotUrl = (lotId: string) => `/budzadmin/dashboard/lots/${lotId}`;
const post = (lotId: string, form: Record<string, string>, cookie = ownerCookie) =>
  settle(callRoute(detailRoute, "action", request(lotUrl(lotId), cookie, form), { lotId }));

async function recallNoticesQueued() {
  return db()
    .select({ to: emailOutbox.toAddress, subject: emailOutbox.subject, text: emailOutbox.text })
    .from(emailOutbox)
    .where(eq(emailOutbox.kind, "lot_recall"));
}

async function lotFigures(lotId: string) {
  const [lot] = await db()
    .select({ onHand: stockLots.onHand, quarantined: stockLots.quarantined })
    .from(stockLots)
    .where(eq(stockLots.id, lotId));
  return lot!;
}

describe("a lot's recall", () => {
  it("recalls through the page and lists every order that took the lot, with its units", async () => {
    const scene = await recallScene();
    const recalled = await post(scene.bad, {
      intent: "recall",
      noticeNumber: "RA-2026-118",
      noticeText: "Mould found in retained samples.\n\nDo not consume.",
    });
    expect(recalled.status).toBe(302);
    expect(recalled.location).toBe(lotUrl(scene.bad));
    // 10 received, 8 sold, Carol's 1 back: 3 left, now quarantined.
    expect(await lotFigures(scene.bad)).toEqual({ onHand: 0, quarantined: 3 });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.area, "lots"), eq(auditLog.action, "recall")));
    expect(entry).toMatchObject({ recordType: "lot", recordId: scene.bad });

    const page = await listLotOrders(scene.bad);
    const byNumber = Object.fromEntries(
      page.rows.map((r) => [
        r.orderNumber,
        { taken: r.taken, returned: r.returned, out: r.stillOut, status: r.status },
      ]),
    );
    expect(byNumber).toEqual({
      [scene.alice.orderNumber]: { taken: 2, returned: 0, out: 2, status: "delivered" },
      [scene.bob.orderNumber]: { taken: 3, returned: 0, out: 3, status: "pending" },
      [scene.carol.orderNumber]: { taken: 1, returned: 1, out: 0, status: "cancelled" },
      [scene.alice2.orderNumber]: { taken: 1, returned: 0, out: 1, status: "pending" },
      [scene.dave.orderNumber]: { taken: 1, returned: 0, out: 1, status: "pending" },
    });
    // Newest first, with the customer and the address.
    expect(page.rows[0]).toMatchObject({
      orderNumber: scene.dave.orderNumber,
      customerName: "Dave Dunn",
      email: "dave@example.com",
      address: "123 Main St, Vancouver BC V6B 1A1",
    });
    expect(page.total).toBe(5);
    expect(await lotOrdersSummary(scene.bad)).toEqual({
      orders: 5,
      taken: 8,
      returned: 1,
      stillOut: 7,
    });

    // The page: the lot, its recall and its orders (owner); the recall refused a second time.
    const data = (await callRoute(detailRoute, "loader", request(lotUrl(scene.bad)), {
      lotId: scene.bad,
    })) as Awaited<ReturnType<typeof detailRoute.loader>>;
    expect(data.lot).toMatchObject({
      lotNumber: "BAD-1",
      productName: "Pink Kush",
      sizeLabel: "3.5g",
      supplier: "Northern Leaf",
      recallNoticeNumber: "RA-2026-118",
      recalledBy: "Rita Owner",
      quarantined: 3,
    });
    expect(data.orders.rows).toHaveLength(5);
    expect(data.pending).toBe(3);
    const again = await post(scene.bad, {
      intent: "recall",
      noticeNumber: "X-1",
      noticeText: "Again",
    });
    expect(again.status).toBe(409);
    expect(await stockDiscrepancies()).toEqual([]);
  });

  it("pages the affected orders by keyset and writes every one in the CSV", async () => {
    const scene = await recallScene();
    await recallLot({ lotId: scene.bad, noticeNumber: "RA-1", noticeText: "Mould.", actor });
    const first = await listLotOrders(scene.bad, {}, 2);
    expect(first.rows).toHaveLength(2);
    const second = await listLotOrders(scene.bad, { after: first.next, page: 2 }, 2);
    const third = await listLotOrders(scene.bad, { after: second.next, page: 3 }, 2);
    expect(third.next).toBeUndefined();
    expect([...first.rows, ...second.rows, ...third.rows].map((r) => r.orderNumber)).toEqual([
      scene.dave.orderNumber,
      scene.alice2.orderNumber,
      scene.carol.orderNumber,
      scene.bob.orderNumber,
      scene.alice.orderNumber,
    ]);

    const csv = await settle(
      callRoute(csvRoute, "loader", request(`${lotUrl(scene.bad)}/orders.csv`), {
        lotId: scene.bad,
      }),
    );
    expect(csv.status).toBe(200);
    const response = csv.body as Response;
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="lot-BAD-1-orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await response.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      "Order,Date (America/Vancouver),Status,Customer,Email,Phone,Shipping address,Product,Size,Lot,Taken,Returned,Still out",
    );
    expect(lines).toHaveLength(6);
    expect(lines.find((l) => l.startsWith(scene.alice.orderNumber))).toMatch(
      new RegExp(
        `^${scene.alice.orderNumber},\\d{4}-\\d{2}-\\d{2} [\\d:]{8},Delivered,Alice Able,alice@example.com,604-555-0199,"123 Main St, Vancouver BC V6B 1A1",Pink Kush,3.5g,BAD-1,2,0,2$`,
      ),
    );
    expect(lines.find((l) => l.startsWith(scene.bob.orderNumber))).toContain(
      ",Pending · Not shipped yet,Bob Baker,",
    );
    expect(lines.find((l) => l.startsWith(scene.carol.orderNumber))).toMatch(
      /,Cancelled,.*,1,1,0$/,
    );
    const [exported] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.area, "exports"), eq(auditLog.action, "export")));
    expect(exported).toMatchObject({ recordType: "export", recordId: `lot-orders-${scene.bad}` });
  });

  it("sends one notice per customer, once ever, even pressed five times at once, whatever their consent", async () => {
    const scene = await recallScene();
    const early = await post(scene.bad, { intent: "send" });
    expect(early.status).toBe(409);
    await recallLot({
      lotId: scene.bad,
      noticeNumber: "RA-2026-118",
      noticeText: "Mould found in retained samples.",
      actor,
    });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => sendRecallNotices({ lotId: scene.bad, actor })),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.reduce((sum, r) => sum + (r.ok ? r.queued : 0), 0)).toBe(3);

    const emails = await recallNoticesQueued();
    // Alice once (two orders, two spellings), Bob, and Dave though unsubscribed; not Carol (cancelled).
    expect(emails.map((e) => e.to.toLowerCase()).sort()).toEqual([
      "alice@example.com",
      "bob@example.com",
      "dave@example.com",
    ]);
    const bob = emails.find((e) => e.to === "bob@example.com")!;
    expect(bob.subject).toBe("Recall notice: Pink Kush");
    expect(bob.text).toContain(
      `Pink Kush (3.5g), lot BAD-1, which was part of your order ${scene.bob.orderNumber}, has been recalled.`,
    );
    expect(bob.text).toContain("Recall notice RA-2026-118:");
    expect(bob.text).toContain("Mould found in retained samples.");
    expect(bob.text).toContain("stop using this product now");
    expect(bob.text).toContain("For a refund, reply to this email");

    // Pressed again through the page: nothing more queued, and it says so.
    const again = await post(scene.bad, { intent: "send" });
    expect(again.status).toBe(302);
    expect(await recallNoticesQueued()).toHaveLength(3);
    expect(await pendingRecallNotices(scene.bad)).toBe(0);
    const notices = await db()
      .select({ outboxId: lotRecallNotices.outboxId })
      .from(lotRecallNotices)
      .where(eq(lotRecallNotices.lotId, scene.bad));
    expect(notices).toHaveLength(3);
    expect(notices.every((n) => n.outboxId)).toBe(true);
    const sent = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.area, "lots"), eq(auditLog.action, "send")));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.changes).toMatchObject({ notices: 3 });
  });

  it("records a return into quarantine: the lot's quarantined figure rises, the size's stock does not", async () => {
    const scene = await recallScene();
    await recallLot({ lotId: scene.bad, noticeNumber: "RA-1", noticeText: "Mould.", actor });
    // Units still in the store come back by a cancellation or a refund, not here.
    const pending = await post(scene.bad, {
      intent: "return",
      orderId: scene.bob.id,
      quantity: "1",
    });
    expect(pending.status).toBe(409);
    await db().update(orders).set({ status: "delivered" }).where(eq(orders.id, scene.bob.id));
    const [sizeBefore] = await db()
      .select({ stock: productVariations.stock })
      .from(productVariations)
      .where(eq(productVariations.id, scene.variationId));
    const productBefore = await productStock(scene.product.product.id);

    const returned = await post(scene.bad, {
      intent: "return",
      orderId: scene.bob.id,
      quantity: "2",
    });
    expect(returned.status).toBe(302);
    expect(await lotFigures(scene.bad)).toEqual({ onHand: 0, quarantined: 5 });
    const [sizeAfter] = await db()
      .select({ stock: productVariations.stock })
      .from(productVariations)
      .where(eq(productVariations.id, scene.variationId));
    expect(sizeAfter!.stock).toBe(sizeBefore!.stock);
    expect(await productStock(scene.product.product.id)).toBe(productBefore);
    const bob = (await listLotOrders(scene.bad)).rows.find((r) => r.id === scene.bob.id)!;
    expect(bob).toMatchObject({ taken: 3, returned: 2, stillOut: 1 });
    expect(await stockDiscrepancies()).toEqual([]);

    // More than is still out, an order that never took the lot, nonsense: refused with a reason.
    const tooMany = await post(scene.bad, {
      intent: "return",
      orderId: scene.bob.id,
      quantity: "2",
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({
      errors: { quantity: `Order ${scene.bob.orderNumber} has only 1 unit of this lot still out.` },
    });
    const stranger = await post(scene.bad, {
      intent: "return",
      orderId: crypto.randomUUID(),
      quantity: "1",
    });
    expect(stranger.status).toBe(404);
    const zero = await post(scene.bad, { intent: "return", orderId: scene.bob.id, quantity: "0" });
    expect(zero.status).toBe(400);
    // A lot not recalled: its returns go through Adjust stock, not here.
    const notRecalled = await post(scene.good, {
      intent: "return",
      orderId: scene.bob.id,
      quantity: "1",
    });
    expect(notRecalled.status).toBe(409);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.area, "lots"), eq(auditLog.action, "update")));
    expect(entry).toMatchObject({ recordId: scene.bad });
    expect(entry!.changes).toMatchObject({ returned: 2, order: scene.bob.orderNumber });
  });

  it("recalls a lot nobody bought: an empty list, no notices to send", async () => {
    const scene = await recallScene();
    const recalled = await recallLot({
      lotId: scene.good,
      noticeNumber: "RA-2",
      noticeText: "Label misprint.",
      actor,
    });
    expect(recalled).toMatchObject({ ok: true, quarantined: 10 });
    const page = await listLotOrders(scene.good);
    expect(page).toMatchObject({ rows: [], total: 0 });
    expect(await lotOrdersSummary(scene.good)).toEqual({
      orders: 0,
      taken: 0,
      returned: 0,
      stillOut: 0,
    });
    expect(await sendRecallNotices({ lotId: scene.good, actor })).toMatchObject({
      ok: true,
      queued: 0,
    });
    const data = (await callRoute(detailRoute, "loader", request(lotUrl(scene.good)), {
      lotId: scene.good,
    })) as Awaited<ReturnType<typeof detailRoute.loader>>;
    expect(data.orders.rows).toEqual([]);
    expect(data.notices).toEqual([]);
  });

  it("refuses bad input with a 4xx and a message, and staff with a 403", async () => {
    const scene = await recallScene();
    const empty = await post(scene.bad, { intent: "recall", noticeNumber: " ", noticeText: "" });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      errors: {
        noticeNumber: "Enter the recall notice number.",
        noticeText: "Enter what the recall notice says.",
      },
    });
    const long = await post(scene.bad, {
      intent: "recall",
      noticeNumber: "N".repeat(61),
      noticeText: "x",
    });
    expect(long.status).toBe(400);
    const unknown = crypto.randomUUID();
    const missing = await post(unknown, { intent: "recall", noticeNumber: "A", noticeText: "B" });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      errors: { form: expect.stringContaining("does not exist") },
    });
    expect(
      (await post("nope", { intent: "recall", noticeNumber: "A", noticeText: "B" })).status,
    ).toBe(404);
    expect((await post(scene.bad, { intent: "explode" })).status).toBe(400);
    for (const lotId of [unknown, "nope"]) {
      const page = await settle(
        callRoute(detailRoute, "loader", request(lotUrl(lotId)), { lotId }),
      );
      expect(page.status).toBe(404);
      const csv = await settle(
        callRoute(csvRoute, "loader", request(`${lotUrl(lotId)}/orders.csv`), { lotId }),
      );
      expect(csv.status).toBe(404);
    }

    // Staff see the lot (the Stock movements screen's permission) but may not recall or send.
    const seen = await settle(
      callRoute(detailRoute, "loader", request(lotUrl(scene.bad), staffCookie), {
        lotId: scene.bad,
      }),
    );
    expect(seen.status).toBe(200);
    const forms: Record<string, string>[] = [
      { intent: "recall", noticeNumber: "A", noticeText: "B" },
      { intent: "send" },
      { intent: "return", orderId: scene.bob.id, quantity: "1" },
    ];
    for (const form of forms) {
      const refused = await post(scene.bad, form, staffCookie);
      expect(refused.status, form.intent).toBe(403);
    }
    expect(await lotFigures(scene.bad)).toEqual({ onHand: 3, quarantined: 0 });
  });
});
