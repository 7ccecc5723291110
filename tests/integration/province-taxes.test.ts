import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as checkoutRoute from "~/routes/store/checkout";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createAdminSession } from "~/server/auth/session.server";
import { db } from "~/server/db.server";
import { getInvoice } from "~/server/invoices/invoices.server";
import { quoteCart } from "~/server/orders/cart-quote.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { getOrderByAccessToken } from "~/server/orders/order-view.server";
import { changeOrderStatus } from "~/server/orders/order-status.server";
import { getTaxReport } from "~/server/reports/tax-report.server";
import { reportRange } from "~/server/reports/report-range.server";
import { emailOutbox, orderEmailsSent, orderTaxLines, orders } from "~/server/db-tables";
import {
  addTaxRate,
  deleteScheduledRate,
  getProvinceSettings,
  listProvinceSettings,
  updateProvinceRule,
} from "~/server/taxes/provinces.server";
import { testActor } from "../setup/audit";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";
import { checkoutInput, createProduct, productStock } from "./checkout-factories";

beforeEach(resetDatabase);

const QC = { province: "QC" as const, city: "Montréal", postalCode: "H3B 1A1" };
const SK = { province: "SK" as const, city: "Saskatoon", postalCode: "S7K 1J5" };
const NOW = new Date("2026-11-23T20:00:00Z");

describe("province rules at checkout (the server refuses)", () => {
  it("refuses a province the store does not serve, writing nothing", async () => {
    const product = await createProduct({ priceCents: 5000, stock: 3 });
    await updateProvinceRule({
      province: "NU",
      ships: false,
      minimumAge: 19,
      actor: testActor(null, "owner"),
    });
    const result = await placeOrder(
      checkoutInput([{ id: product.id(), quantity: 1 }], {
        province: "NU",
        city: "Iqaluit",
        postalCode: "X0A 0H0",
      }),
    );
    expect(result).toEqual({
      ok: false,
      field: "province",
      message: "Sorry, we don't ship to Nunavut. Please choose another province or territory.",
      status: 422,
    });
    expect(await db().select().from(orders)).toHaveLength(0);
    expect(await productStock(product.product.id)).toBe(3);
  });

  it("asks Quebec's 21 before anything else there (no order reaches Quebec); Alberta takes 19", async () => {
    const product = await createProduct({ priceCents: 5000, stock: 5 });
    const items = [{ id: product.id(), quantity: 1 }];
    expect(await placeOrder(checkoutInput(items, { ...QC }))).toEqual({
      ok: false,
      field: "ageConfirmed",
      message: "Please confirm you are 21 or older, the legal age in Quebec",
      status: 422,
    });
    expect(await placeOrder(checkoutInput(items, { ...QC, confirmedAge: 19 }))).toMatchObject({
      ok: false,
      field: "ageConfirmed",
    });
    // Of age, but no private retailer may sell in Quebec (docs/product/fulfilment.md).
    expect(await placeOrder(checkoutInput(items, { ...QC, confirmedAge: 21 }))).toMatchObject({
      ok: false,
      field: "fulfilmentMethod",
    });
    const alberta = { province: "AB" as const, city: "Calgary", postalCode: "T2P 1J9" };
    expect(await placeOrder(checkoutInput(items, alberta))).toMatchObject({ ok: true });
  });

  it("follows the owner's change of age at once", async () => {
    const product = await createProduct({ priceCents: 5000, stock: 5 });
    await updateProvinceRule({
      province: "BC",
      ships: true,
      minimumAge: 21,
      actor: testActor(null, "owner"),
    });
    const result = await placeOrder(checkoutInput([{ id: product.id(), quantity: 1 }]));
    expect(result).toMatchObject({
      ok: false,
      message: "Please confirm you are 21 or older, the legal age in British Columbia",
    });
  });

  it("answers the checkout form with 400 and the message (unserved province, missing age)", async () => {
    const product = await createProduct({ priceCents: 5000, stock: 5 });
    await updateProvinceRule({
      province: "YT",
      ships: false,
      minimumAge: 19,
      actor: testActor(null, "owner"),
    });
    const post = (values: Record<string, string>) =>
      callRoute(
        checkoutRoute,
        "action",
        new Request("http://store.test/checkout", {
          method: "POST",
          headers: { Origin: "http://store.test" },
          body: new URLSearchParams({
            email: "jane@example.com",
            phone: "604-555-0199",
            name: "Jane Doe",
            street: "1 Main St",
            idempotencyKey: "province-test-key-0123456789",
            items: JSON.stringify([{ id: product.id(), quantity: 1 }]),
            ...values,
          }),
        }),
      ) as Promise<{
        init: { status: number };
        data: { errors: Record<string, string> };
      }>;
    const yukon = await post({
      province: "YT",
      city: "Whitehorse",
      postalCode: "Y1A 1A1",
      ageConfirmed: "19",
    });
    expect(yukon.init.status).toBe(400);
    expect(yukon.data.errors.province).toMatch(/we don't ship to Yukon/);
    const quebec = await post({ ...QC, ageConfirmed: "19" });
    expect(quebec.init.status).toBe(400);
    expect(quebec.data.errors.ageConfirmed).toBe(
      "Please confirm you are 21 or older, the legal age in Quebec",
    );
    const ofAge = await post({ ...QC, ageConfirmed: "21" });
    expect(ofAge.init.status).toBe(422);
    expect(ofAge.data.errors.fulfilmentMethod).toMatch(
      /^Sorry, Quebec's law does not let a private store deliver or send cannabis there/,
    );
    const alberta = { province: "AB", city: "Calgary", postalCode: "T2P 1J9", ageConfirmed: "19" };
    const placed = (await post(alberta)) as unknown as Response;
    expect(placed.status).toBe(302);
  });
});

describe("sales taxes stored on the order", () => {
  it("stores GST and PST lines, includes them in the total, the invoice, the email and the views", async () => {
    const product = await createProduct({ priceCents: 4990, stock: 5 });
    const result = await placeOrder(checkoutInput([{ id: product.id(), quantity: 1 }], SK), {
      now: NOW,
    });
    if (!result.ok) throw new Error(result.message);
    // $49.90 + $20 shipping = $69.90: GST 5% = 3.495 → 3.50; PST 6% = 4.194 → 4.19.
    const lines = await db()
      .select()
      .from(orderTaxLines)
      .where(eq(orderTaxLines.orderId, result.order.id));
    expect(lines.map((l) => [l.position, l.label, l.taxableCents, l.amountCents])).toEqual([
      [0, "GST 5%", 6990, 350],
      [1, "PST 6%", 6990, 419],
    ]);
    const [order] = await db().select().from(orders).where(eq(orders.id, result.order.id));
    expect(order).toMatchObject({ taxCents: 769, totalAmountCents: 7759 });
    expect(await getInvoice(order!.orderNumber)).toMatchObject({
      totalCents: 7759,
      taxLines: [
        { label: "GST 5%", amountCents: 350 },
        { label: "PST 6%", amountCents: 419 },
      ],
    });
    const view = await getOrderByAccessToken(order!.accessToken);
    expect(view?.taxLines.map((l) => l.amountCents)).toEqual([350, 419]);
    const [sent] = await db().select().from(orderEmailsSent);
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, sent!.outboxId!));
    expect(mail!.text).toContain("PST 6%: $4.19");
    expect(mail!.text).toContain("Amount:   $77.59");
  });

  it("quotes the same taxes before the order, and none until a province is known", async () => {
    const product = await createProduct({ priceCents: 4990, stock: 5 });
    const lines = [{ id: product.id(), quantity: 1 }];
    const without = await quoteCart({ lines });
    expect(without.province).toBeNull();
    expect(without.totals.totalCents).toBe(6990);
    const quoted = await quoteCart({ lines, province: "QC", now: NOW });
    expect(quoted.province?.rule).toEqual({
      province: "QC",
      ships: true,
      minimumAge: 21,
      methods: null,
    });
    expect(quoted.province?.taxes.map((t) => t.amountCents)).toEqual([350, 697]);
    expect(quoted.totals.totalCents).toBe(8037);
  });

  it("uses the rate in force on the order's day: a scheduled rate from its date on", async () => {
    const product = await createProduct({ priceCents: 10000, stock: 5 });
    const added = await addTaxRate({
      province: "NL",
      kind: "HST",
      ratePer100k: 14000,
      appliesToShipping: true,
      effectiveFrom: "2027-01-01",
      actor: testActor(null, "owner"),
      now: NOW,
    });
    expect(added).toEqual({ ok: true });
    const newfoundland = { province: "NL" as const, city: "St. John's", postalCode: "A1C 5M1" };
    const before = await quoteCart({
      lines: [{ id: product.id(), quantity: 1 }],
      province: "NL",
      now: new Date("2027-01-01T06:59:00Z"), // Dec 31 in Vancouver (UTC−7 from Nov 2026)
    });
    expect(before.province?.taxes.map((t) => t.label)).toEqual(["HST 15%"]);
    const result = await placeOrder(
      checkoutInput([{ id: product.id(), quantity: 1 }], newfoundland),
      {
        now: new Date("2027-01-01T07:00:00Z"),
      },
    );
    if (!result.ok) throw new Error(result.message);
    const [line] = await db().select().from(orderTaxLines);
    // $100 + $20 shipping at 14 %.
    expect(line).toMatchObject({ label: "HST 14%", taxableCents: 12000, amountCents: 1680 });
  });

  it("keeps orders placed before taxes as they were (no lines, tax 0)", async () => {
    const product = await createProduct({ priceCents: 5000, stock: 5 });
    const result = await placeOrder(checkoutInput([{ id: product.id(), quantity: 1 }]));
    if (!result.ok) throw new Error(result.message);
    await db().delete(orderTaxLines);
    await db()
      .update(orders)
      .set({ taxCents: 0, totalAmountCents: 7000 })
      .where(eq(orders.id, result.order.id));
    const view = await getOrderByAccessToken(result.order.accessToken);
    expect(view).toMatchObject({ taxLines: [], totalAmountCents: 7000 });
  });

  it("reports tax collected by province over sales only", async () => {
    const product = await createProduct({ priceCents: 10000, stock: 10 });
    const items = [{ id: product.id(), quantity: 1 }];
    const saskatchewan = await placeOrder(checkoutInput(items, SK));
    const bc = await placeOrder(checkoutInput(items));
    await placeOrder(checkoutInput(items)); // stays pending: not a sale
    for (const placed of [saskatchewan, bc]) {
      if (!placed.ok) throw new Error(placed.message);
      const [row] = await db().select().from(orders).where(eq(orders.id, placed.order.id));
      const paid = await changeOrderStatus({
        orderId: row!.id,
        expectedStatus: "pending",
        change: { to: "paid", reference: "REF1", amountReceivedCents: row!.totalAmountCents },
        actor: "owner",
      });
      expect(paid).toMatchObject({ ok: true });
    }
    const rows = await getTaxReport(reportRange(30, "America/Vancouver"));
    // $100 + $20: BC GST $6.00 + PST $8.40; SK GST $6.00 + PST $7.20.
    const row = (province: string, kind: string, cents: number) => ({
      province,
      kind,
      orders: 1,
      collectedCents: cents,
      refundedCents: 0,
      netCents: cents,
    });
    expect(rows).toEqual([
      row("BC", "GST", 600),
      row("BC", "PST", 840),
      row("SK", "GST", 600),
      row("SK", "PST", 720),
    ]);
  });
});

describe("Provinces & Taxes settings", () => {
  it("lists the 13 provinces with today's taxes and the next change", async () => {
    await addTaxRate({
      province: "BC",
      kind: "PST",
      ratePer100k: 0,
      appliesToShipping: true,
      effectiveFrom: "2027-04-01",
      actor: testActor(null, "owner"),
      now: NOW,
    });
    const list = await listProvinceSettings(NOW);
    expect(list).toHaveLength(13);
    const bc = list.find((p) => p.province === "BC")!;
    expect(bc.inForce.map((r) => r.kind)).toEqual(["GST", "PST"]);
    expect(bc.nextChange).toBe("2027-04-01");
    const settings = await getProvinceSettings("BC", NOW);
    expect(settings.rates.map((r) => [r.kind, r.effectiveFrom, r.state])).toEqual([
      ["PST", "2027-04-01", "scheduled"],
      ["PST", "2013-04-01", "in-force"],
      ["GST", "2008-01-01", "in-force"],
    ]);
    const ns = await getProvinceSettings("NS", NOW);
    expect(ns.rates.map((r) => [r.ratePer100k, r.state])).toEqual([
      [14000, "in-force"],
      [15000, "replaced"],
    ]);
  });

  it("refuses a past date and a second rate of a kind on one day; removes only scheduled rates", async () => {
    const rate = {
      province: "SK" as const,
      kind: "PST" as const,
      ratePer100k: 7000,
      appliesToShipping: true,
      actor: testActor(null, "owner"),
      now: NOW,
    };
    expect(await addTaxRate({ ...rate, effectiveFrom: "2026-11-22" })).toMatchObject({
      ok: false,
      status: 400,
      field: "effectiveFrom",
    });
    expect(await addTaxRate({ ...rate, effectiveFrom: "2027-01-01" })).toEqual({ ok: true });
    expect(await addTaxRate({ ...rate, effectiveFrom: "2027-01-01" })).toMatchObject({
      ok: false,
      status: 409,
      message: "There is already a PST rate from 2027-01-01. Remove it first.",
    });
    const { rates } = await getProvinceSettings("SK", NOW);
    const inForce = rates.find((r) => r.state === "in-force")!;
    const scheduled = rates.find((r) => r.state === "scheduled")!;
    expect(
      await deleteScheduledRate({
        province: "SK",
        rateId: inForce.id!,
        actor: testActor(),
        now: NOW,
      }),
    ).toMatchObject({ ok: false, status: 404 });
    expect(
      await deleteScheduledRate({
        province: "SK",
        rateId: scheduled.id!,
        actor: testActor(),
        now: NOW,
      }),
    ).toEqual({
      ok: true,
    });
  });

  it("is for owners and managers: staff get 403 on the screen and its saves", async () => {
    const staff = await createAdminUser({ username: "tax-staff", password: "staff-pass-1" });
    const cookie = (await createAdminSession({ userId: staff.id })).split(";")[0]!;
    const route = await import("~/routes/admin/settings/provinces/detail");
    // Through the admin guard and the screen's own middleware, as the server runs them.
    const call = (kind: "loader" | "action", method: string) =>
      callRoute(
        route,
        kind,
        new Request("http://store.test/budzadmin/dashboard/settings/provinces/BC", {
          method,
          headers: { Cookie: cookie, Origin: "http://store.test" },
          body: method === "POST" ? new URLSearchParams({ intent: "rule" }) : undefined,
        }),
        { province: "BC" },
      );
    for (const run of [() => call("loader", "GET"), () => call("action", "POST")]) {
      const thrown = await run().then(
        () => null,
        (error: unknown) => error as { init?: { status?: number } },
      );
      expect(thrown?.init?.status).toBe(403);
    }
  });
});
