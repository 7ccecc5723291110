// Canada Post labels bought, printed and voided from the Shipping screen
// (app/server/shipping/labels.server.ts) against the Canada Post fake: what Canada Post is asked,
// what the shipment keeps, one label however many ask at once, and failures that change nothing.
import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as labelPdfRoute from "~/routes/admin/shipping/label-pdf";
import * as labelsRoute from "~/routes/admin/shipping/labels";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createAdminSession } from "~/server/auth/session.server";
import { config } from "~/server/config.server";
import { db } from "~/server/db.server";
import { auditLog, orders, productVariations, shipments } from "~/server/db-tables";
import { changeOrderStatus, LABEL_TO_VOID_FIRST } from "~/server/orders/order-status.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { saveSettingsSection, storeSettings } from "~/server/settings/store-settings.server";
import { disconnectAccount } from "~/server/canada-post/account.server";
import {
  createLabels,
  labelPdf,
  NOT_CONNECTED,
  parseStoreAddress,
  voidLabel,
} from "~/server/shipping/labels.server";
import { FAKE_CREDENTIALS, type FakeMode } from "../fixtures/canada-post/fake-server";
import { connectCanadaPost, canadaPostFakeForFile } from "../setup/canada-post";
import { testActor } from "../setup/audit";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";
import { checkoutInput, createProduct } from "./checkout-factories";

const ACTOR = testActor(null, "Label staff");
const CUSTOMER = "0001234567";
const fake = canadaPostFakeForFile();

beforeEach(async () => {
  await resetDatabase();
  // A small-business (non-contract) account: voids are refunds, with the store's email.
  await connect();
  await saveSettingsSection("store", {
    ...(await storeSettings()).store,
    name: "Budz Boutique",
    phone: "604-555-0100",
    email: "shop@budz.example",
    address: "1 Water St\nVancouver BC V6B 1A1",
  });
});

const connect = () =>
  connectCanadaPost({ originPostalCode: "V5K0A1", services: ["DOM.EP", "DOM.RP"] });

/** A parcel order (BC: PA19) paid and being prepared; its sizes weighed unless `weighed` is false. */
async function preparing(options: { weighed?: boolean; postalCode?: string } = {}) {
  const product = await createProduct({
    name: "Blue Dream",
    variations: [
      { size: "3.5", priceCents: 3000, stock: 50 },
      { size: "7", priceCents: 5500, stock: 50 },
    ],
  });
  if (options.weighed !== false) {
    await db()
      .update(productVariations)
      .set({ packedGrams: 40 })
      .where(eq(productVariations.id, product.variations[0]!.id));
    await db()
      .update(productVariations)
      .set({ packedGrams: 60 })
      .where(eq(productVariations.id, product.variations[1]!.id));
  }
  const placed = await placeOrder(
    checkoutInput(
      [
        { id: product.id(0), quantity: 2 },
        { id: product.id(1), quantity: 1 },
      ],
      options.postalCode ? { postalCode: options.postalCode } : {},
    ),
  );
  if (!placed.ok) throw new Error(placed.message);
  const orderId = placed.order.id;
  const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
  let from = "pending";
  for (const change of [
    { to: "paid", reference: "CA1", amountReceivedCents: order!.totalAmountCents },
    { to: "processing" },
  ] as const) {
    const result = await changeOrderStatus({ orderId, expectedStatus: from, change, actor: "t" });
    if (!result.ok) throw new Error(result.message);
    from = change.to;
  }
  const [shipment] = await db().select().from(shipments).where(eq(shipments.orderId, orderId));
  return { orderId, orderNumber: order!.orderNumber, shipmentId: shipment!.id };
}

async function rows(orderId: string) {
  const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
  const [shipment] = await db().select().from(shipments).where(eq(shipments.orderId, orderId));
  return { order: order!, shipment: shipment! };
}

const creates = () =>
  fake.requests.filter((r) => r.method === "POST" && r.path === `/rs/${CUSTOMER}/ncshipment`);

describe("buying a label", () => {
  it("buys one label: the request, the shipment, the PDF on disk and the audit entry", async () => {
    const s = await preparing();
    const [result] = await createLabels({ shipmentIds: [s.shipmentId], actor: ACTOR });
    expect(result).toMatchObject({
      shipmentId: s.shipmentId,
      orderNumber: s.orderNumber,
      ok: true,
    });

    expect(creates()).toHaveLength(1);
    const body = creates()[0]!.body;
    expect(body).toContain("<service-code>DOM.EP</service-code>"); // the account's first service
    expect(body).toContain("<option-code>PA19</option-code>");
    expect(body).toContain("<option-code>SO</option-code>");
    expect(body).toContain("<weight>0.140</weight>"); // 2 × 40 g + 60 g
    expect(body).toMatch(/<destination>[\s\S]*<postal-zip-code>V6B1A1<\/postal-zip-code>/);
    expect(body).toMatch(/<sender>[\s\S]*<postal-zip-code>V5K0A1<\/postal-zip-code>/);
    expect(body).toContain("<company>Budz Boutique</company>");
    expect(body).toContain(`<customer-ref-1>${s.orderNumber}</customer-ref-1>`);

    const { order, shipment } = await rows(s.orderId);
    expect(body).toContain(`<customer-ref-2>${shipment.labelKey}</customer-ref-2>`);
    expect(shipment.labelKey!.length).toBeLessThanOrEqual(32);
    expect(shipment).toMatchObject({
      labelState: "bought",
      status: "preparing",
      labelFile: `${s.shipmentId}.pdf`,
      labelError: null,
    });
    expect(shipment.trackingNumber).toMatch(/^70232100394\d{3}01$/);
    expect(result!.message).toContain(shipment.trackingNumber!);
    expect(shipment.labelShipmentId).toBeTruthy();
    expect(shipment.labelVoidUrl).toContain("/refund");
    expect(shipment.labelBoughtAt).toBeInstanceOf(Date);
    expect(order.status).toBe("processing");
    const file = path.join(config().dataDir, "labels", `${s.shipmentId}.pdf`);
    expect(fs.readFileSync(file).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect((await labelPdf(s.shipmentId))?.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, s.orderNumber), eq(auditLog.action, "create")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ area: "orders", adminName: "Label staff" });
    expect(JSON.stringify(audit[0]!.changes)).toContain(shipment.trackingNumber!);

    // A second press refuses: the shipment has its label.
    const [again] = await createLabels({ shipmentIds: [s.shipmentId], actor: ACTOR });
    expect(again).toMatchObject({
      ok: false,
      message: `Order ${s.orderNumber} already has a label.`,
    });
    expect(creates()).toHaveLength(1);
  });

  it("uses the service the shopper chose", async () => {
    const s = await preparing();
    await db().update(orders).set({ parcelService: "DOM.XP" }).where(eq(orders.id, s.orderId));
    const [result] = await createLabels({ shipmentIds: [s.shipmentId], actor: ACTOR });
    expect(result!.ok).toBe(true);
    expect(creates()[0]!.body).toContain("<service-code>DOM.XP</service-code>");
  });

  it("buys one label when two ask at once", async () => {
    const s = await preparing();
    const [a, b] = await Promise.all([
      createLabels({ shipmentIds: [s.shipmentId], actor: ACTOR }),
      createLabels({ shipmentIds: [s.shipmentId], actor: ACTOR }),
    ]);
    const results = [...a!, ...b!];
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)[0]!.message).toMatch(
      /already has a label|being bought right now/,
    );
    expect(creates()).toHaveLength(1);
    const { shipment } = await rows(s.orderId);
    expect(shipment.labelState).toBe("bought");
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, s.orderNumber), eq(auditLog.action, "create")));
    expect(audit).toHaveLength(1);
  });

  it.each<[FakeMode, RegExp]>([
    ["auth", /refused the API user name or password/],
    ["server_error", /./],
    ["hang", /./],
  ])(
    "a Canada Post failure (%s) marks it failed and changes nothing else; a retry buys",
    async (mode, message) => {
      const s = await preparing();
      const before = await rows(s.orderId);
      fake.setMode({ shipment: mode });
      const [failed] = await createLabels(
        { shipmentIds: [s.shipmentId], actor: ACTOR },
        { timeoutMs: 300 },
      );
      expect(failed!.ok).toBe(false);
      expect(failed!.message).toMatch(message);
      expect(failed!.message).not.toContain(FAKE_CREDENTIALS.password);
      const after = await rows(s.orderId);
      expect(after.order).toEqual(before.order);
      expect(after.shipment).toMatchObject({
        labelState: "failed",
        trackingNumber: null,
        labelFile: null,
        labelShipmentId: null,
        status: "preparing",
      });
      expect(failed!.message).toContain(after.shipment.labelError!);

      fake.setMode({ all: "ok" });
      const [retried] = await createLabels({ shipmentIds: [s.shipmentId], actor: ACTOR });
      expect(retried!.ok).toBe(true);
      expect((await rows(s.orderId)).shipment).toMatchObject({
        labelState: "bought",
        labelError: null,
      });
    },
  );

  it("a rejected request (a service Canada Post does not offer) is failed with its message", async () => {
    const s = await preparing();
    await db().update(orders).set({ parcelService: "DOM.ZZ" }).where(eq(orders.id, s.orderId));
    const [failed] = await createLabels({ shipmentIds: [s.shipmentId], actor: ACTOR });
    expect(failed!.ok).toBe(false);
    expect((await rows(s.orderId)).shipment).toMatchObject({
      labelState: "failed",
      labelError: expect.stringContaining("DOM.ZZ") as unknown,
      trackingNumber: null,
    });
    await db().update(orders).set({ parcelService: null }).where(eq(orders.id, s.orderId));
    const [retried] = await createLabels({ shipmentIds: [s.shipmentId], actor: ACTOR });
    expect(retried!.ok).toBe(true);
  });

  it("a label created whose PDF cannot be fetched is failed with its shipment kept to void", async () => {
    const s = await preparing();
    fake.setMode({ label: "server_error" });
    const [failed] = await createLabels({ shipmentIds: [s.shipmentId], actor: ACTOR });
    expect(failed!.ok).toBe(false);
    expect(failed!.message).toMatch(/Canada Post created the label .* Void it/);
    const { shipment } = await rows(s.orderId);
    expect(shipment).toMatchObject({ labelState: "failed", trackingNumber: null, labelFile: null });
    expect(shipment.labelShipmentId).toBeTruthy();
    fake.setMode({ all: "ok" });
    // Not bought again until it is voided.
    const [refused] = await createLabels({ shipmentIds: [s.shipmentId], actor: ACTOR });
    expect(refused!.message).toMatch(/void it before buying another/);
    expect(creates()).toHaveLength(1);
    expect((await voidLabel({ shipmentId: s.shipmentId, actor: ACTOR })).ok).toBe(true);
    expect((await createLabels({ shipmentIds: [s.shipmentId], actor: ACTOR }))[0]!.ok).toBe(true);
  });

  it("refuses before asking Canada Post: no packed weight, not connected, no sender address", async () => {
    const s = await preparing({ weighed: false });
    const [unweighed] = await createLabels({ shipmentIds: [s.shipmentId], actor: ACTOR });
    expect(unweighed).toMatchObject({ ok: false });
    expect(unweighed!.message).toBe(
      `Weigh the parcel of order ${s.orderNumber}: no packed weight for Blue Dream 3.5g, Blue Dream 7g; enter packed weights first.`,
    );
    expect((await rows(s.orderId)).shipment).toMatchObject({ labelState: null, labelKey: null });

    const w = await preparing();
    await saveSettingsSection("store", { ...(await storeSettings()).store, address: null });
    const [noAddress] = await createLabels({ shipmentIds: [w.shipmentId], actor: ACTOR });
    expect(noAddress!.message).toMatch(/Settings → Store/);

    await disconnectAccount(ACTOR);
    const [notConnected] = await createLabels({ shipmentIds: [w.shipmentId], actor: ACTOR });
    expect(notConnected).toMatchObject({ ok: false, message: NOT_CONNECTED });
    expect((await rows(w.orderId)).shipment).toMatchObject({ labelState: null });
    expect(fake.requests).toHaveLength(0);
  });

  it("reads the store's address in its usual shapes", () => {
    expect(parseStoreAddress("1 Water St\nVancouver BC V6B 1A1")).toEqual({
      street: "1 Water St",
      city: "Vancouver",
      province: "BC",
      postalCode: "V6B 1A1",
    });
    expect(parseStoreAddress("12 King St W, Unit 4, Toronto, Ontario M5H1A1")).toEqual({
      street: "12 King St W, Unit 4",
      city: "Toronto",
      province: "ON",
      postalCode: "M5H 1A1",
    });
    expect(parseStoreAddress("Vancouver BC")).toBeNull();
    expect(parseStoreAddress(null)).toBeNull();
  });
});

describe("voiding a label", () => {
  it("voids: refund asked with the store's email, tracking cleared, file removed", async () => {
    const s = await preparing();
    await createLabels({ shipmentIds: [s.shipmentId], actor: ACTOR });
    const cancel = () =>
      changeOrderStatus({
        orderId: s.orderId,
        expectedStatus: "processing",
        change: { to: "cancelled", reason: "Changed mind" },
        actor: "t",
      });
    // A bought label is voided before its order is cancelled, so Canada Post refunds it.
    expect(await cancel()).toMatchObject({ ok: false, status: 409, message: LABEL_TO_VOID_FIRST });
    const file = path.join(config().dataDir, "labels", `${s.shipmentId}.pdf`);
    expect(fs.existsSync(file)).toBe(true);
    const result = await voidLabel({ shipmentId: s.shipmentId, actor: ACTOR });
    expect(result.ok).toBe(true);
    const refund = fake.requests.find((r) => r.path.endsWith("/refund"));
    expect(refund?.method).toBe("POST");
    expect(refund?.body).toContain("<email>shop@budz.example</email>");
    const { shipment, order } = await rows(s.orderId);
    expect(shipment).toMatchObject({ labelState: "voided", trackingNumber: null, labelFile: null });
    expect(order.status).toBe("processing");
    expect(fs.existsSync(file)).toBe(false);
    expect(await labelPdf(s.shipmentId)).toBeNull();
    // Voided: a new label can be bought.
    expect((await createLabels({ shipmentIds: [s.shipmentId], actor: ACTOR }))[0]!.ok).toBe(true);
    expect(await voidLabel({ shipmentId: s.shipmentId, actor: ACTOR })).toMatchObject({ ok: true });
    expect(await cancel()).toMatchObject({ ok: true });
  });

  it("a failed void changes nothing", async () => {
    const s = await preparing();
    await createLabels({ shipmentIds: [s.shipmentId], actor: ACTOR });
    const before = await rows(s.orderId);
    fake.setMode({ void: "server_error" });
    const result = await voidLabel({ shipmentId: s.shipmentId, actor: ACTOR });
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/not voided/);
    expect(await rows(s.orderId)).toEqual(before);
  });

  it("is refused once the parcel shipped", async () => {
    const s = await preparing();
    await createLabels({ shipmentIds: [s.shipmentId], actor: ACTOR });
    const { shipment } = await rows(s.orderId);
    const shipped = await changeOrderStatus({
      orderId: s.orderId,
      expectedStatus: "processing",
      change: { to: "shipped", trackingNumber: shipment.trackingNumber! },
      actor: "t",
    });
    expect(shipped.ok).toBe(true);
    fake.requests.length = 0;
    const result = await voidLabel({ shipmentId: s.shipmentId, actor: ACTOR });
    expect(result).toMatchObject({ ok: false });
    expect(result.message).toMatch(/can no longer be voided/);
    expect(fake.requests).toHaveLength(0);
    expect((await rows(s.orderId)).shipment.labelState).toBe("bought");
  });
});

describe("label routes", () => {
  const ORIGIN = "http://store.test";
  let cookie: string;
  beforeEach(async () => {
    const admin = await createAdminUser({ username: "label-staff", password: "staff-pass-1" });
    cookie = (await createAdminSession({ userId: admin.id })).split(";")[0]!;
  });
  function post(fields: [string, string][], withCookie = true) {
    const body = new FormData();
    for (const [key, value] of fields) body.append(key, value);
    return new Request(`${ORIGIN}/budzadmin/dashboard/shipping/labels`, {
      method: "POST",
      headers: withCookie ? { Cookie: cookie, Origin: ORIGIN } : { Origin: ORIGIN },
      body,
    });
  }

  it("buys the selected labels and redirects back with a toast; serves the PDF inline", async () => {
    const a = await preparing();
    const b = await preparing();
    const reply = (await callRoute(
      labelsRoute,
      "action",
      post([
        ["intent", "create"],
        ["shipmentId", a.shipmentId],
        ["shipmentId", b.shipmentId],
        ["search", "?status=preparing"],
      ]),
    )) as Response;
    expect(reply.status).toBe(302);
    expect(reply.headers.get("Location")).toBe("/budzadmin/dashboard/shipping?status=preparing");
    expect(reply.headers.get("Set-Cookie")).toContain("budz_admin_flash");
    expect(creates()).toHaveLength(2);
    expect((await rows(a.orderId)).shipment.labelState).toBe("bought");
    expect((await rows(b.orderId)).shipment.labelState).toBe("bought");
    const audit = await db().select().from(auditLog).where(eq(auditLog.recordId, a.orderNumber));
    expect(audit.find((e) => e.action === "create")?.adminName).toBe("label-staff");

    const url = `${ORIGIN}/budzadmin/dashboard/shipping/${a.shipmentId}/label.pdf`;
    const pdf = (await callRoute(
      labelPdfRoute,
      "loader",
      new Request(url, { headers: { Cookie: cookie } }),
      { shipmentId: a.shipmentId },
    )) as Response;
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toBe(
      `inline; filename="label-${a.orderNumber}.pdf"`,
    );
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-");

    // Voided: the PDF is gone (404).
    const voided = (await callRoute(
      labelsRoute,
      "action",
      post([
        ["intent", "void"],
        ["shipmentId", a.shipmentId],
      ]),
    )) as Response;
    expect(voided.status).toBe(302);
    const gone = await callRoute(
      labelPdfRoute,
      "loader",
      new Request(url, { headers: { Cookie: cookie } }),
      { shipmentId: a.shipmentId },
    ).catch((thrown: unknown) => thrown);
    expect((gone as Response).status).toBe(404);
  });

  /** A thrown redirect or error: a Response, or data() with its init. */
  const statusOf = (thrown: unknown) =>
    thrown instanceof Response
      ? thrown.status
      : (thrown as { init?: { status?: number } } | undefined)?.init?.status;

  it("refuses a signed-out request", async () => {
    const s = await preparing();
    const refused = await callRoute(
      labelsRoute,
      "action",
      post(
        [
          ["intent", "create"],
          ["shipmentId", s.shipmentId],
        ],
        false,
      ),
    ).catch((thrown: unknown) => thrown);
    expect([302, 401, 403]).toContain(statusOf(refused));
    const pdf = await callRoute(
      labelPdfRoute,
      "loader",
      new Request(`${ORIGIN}/budzadmin/dashboard/shipping/${s.shipmentId}/label.pdf`),
      { shipmentId: s.shipmentId },
    ).catch((thrown: unknown) => thrown);
    expect([302, 401, 403]).toContain(statusOf(pdf));
    expect(creates()).toHaveLength(0);
    expect((await rows(s.orderId)).shipment.labelState).toBeNull();
  });
});
