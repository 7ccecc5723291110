import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { PROVINCES } from "~/lib/address";
import { FULFILMENT_METHODS, PROVINCE_LAW, type FulfilmentMethod } from "~/lib/fulfilment";
import { db } from "~/server/db.server";
import { deliveryBookings, orders } from "~/server/db-tables";
import { bookableWindows } from "~/server/fulfilment/choices.server";
import { addDeliveryWindow, saveDeliveryZone } from "~/server/fulfilment/delivery-setup.server";
import { bookedDeliveryDays, deliveryRun } from "~/server/shipping/delivery-run.server";
import { quoteCart } from "~/server/orders/cart-quote.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { saveSettingsSection, storeSettings } from "~/server/settings/store-settings.server";
import { updateProvinceRule } from "~/server/taxes/provinces.server";
import { resetDatabase } from "../setup/database";
import { testActor } from "../setup/audit";
import { checkoutInput, createProduct } from "./checkout-factories";
import { NOW, firstWindow, openEverything, postalCodeOf } from "./fulfilment-factories";

// Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL, where the window bookings really race.
beforeEach(resetDatabase);

describe("fulfilment at checkout", () => {
  it("accepts a method only where the province's law allows it, whatever is posted", async () => {
    await openEverything();
    const p = await createProduct({ priceCents: 1000, stock: 1000 });
    const window = await firstWindow();
    let acceptedWhereForbidden = 0;
    let refusedWhereAllowed = 0;
    for (const province of PROVINCES) {
      for (const method of FULFILMENT_METHODS) {
        const result = await placeOrder(
          checkoutInput([{ id: p.id(), quantity: 1 }], {
            province: province.code,
            postalCode: postalCodeOf(province),
            fulfilmentMethod: method,
            deliveryWindow: window.key,
            confirmedAge: 21, // Quebec's age: its refusal is the method's, not the age's
          }),
          { now: NOW },
        );
        const allowed = PROVINCE_LAW[province.code].methods.includes(method);
        if (result.ok && !allowed) acceptedWhereForbidden++;
        if (!result.ok && allowed) refusedWhereAllowed++;
        if (!result.ok && !allowed) {
          expect(result.status).toBe(422);
          expect(result.field).toBe("fulfilmentMethod");
        }
      }
    }
    expect(acceptedWhereForbidden).toBe(0);
    expect(refusedWhereAllowed).toBe(0);

    // And the quote never offers a parcel for an Ontario address.
    const ontario = await quoteCart({
      lines: [{ id: p.id(), quantity: 1 }],
      province: "ON",
      postalCode: "M5V 2T6",
      method: "parcel",
      now: NOW,
    });
    expect(ontario.fulfilment!.options.map((o) => o.method)).toEqual(["delivery", "pickup"]);
    expect(ontario.fulfilment!.method).toBe("delivery");
    expect(ontario.feeAtCheckout).toBe(false);
    // Before the postal code (the cart drawer), Ontario is never priced with a parcel's fee.
    const drawer = (province: "ON" | "BC") =>
      quoteCart({ lines: [{ id: p.id(), quantity: 1 }], province, now: NOW });
    expect(await drawer("ON")).toMatchObject({
      feeAtCheckout: true,
      totals: { shippingCents: 0 },
    });
    expect(await drawer("BC")).toMatchObject({
      feeAtCheckout: false,
      totals: { shippingCents: 2000 },
    });
    const quebec = await quoteCart({
      lines: [{ id: p.id(), quantity: 1 }],
      province: "QC",
      postalCode: "H3B 1A1",
      now: NOW,
    });
    expect(quebec.fulfilment!.options).toEqual([]);
  });

  it("prices each method: the zone's fee never waived, pickup free with a code, parcels marked PA18 or PA19", async () => {
    await openEverything({ feeCents: 1200 });
    const p = await createProduct({ priceCents: 30000, stock: 10 });
    const place = async (overrides: Parameters<typeof checkoutInput>[1]) => {
      const result = await placeOrder(checkoutInput([{ id: p.id(), quantity: 1 }], overrides), {
        now: NOW,
      });
      if (!result.ok) throw new Error(result.message);
      const [order] = await db().select().from(orders).where(eq(orders.id, result.order.id));
      return order!;
    };
    // $300 is over the $200 free-parcel threshold: a parcel is free, a delivery still pays its fee.
    const toronto = await place({
      province: "ON",
      postalCode: "M5V 2T6",
      city: "Toronto",
      fulfilmentMethod: "delivery",
      deliveryWindow: (await firstWindow()).key,
    });
    expect(toronto.fulfilmentMethod).toBe("delivery");
    expect(toronto.shippingCostCents).toBe(1200);
    expect(toronto.deliveryDate).toBe("2026-12-01");
    expect([toronto.deliveryStarts, toronto.deliveryEnds]).toEqual(["16:00", "18:00"]);
    expect(toronto.proofOfAge).toBeNull();
    // Ontario's HST is charged on the fee too.
    expect(toronto.taxCents).toBe(Math.round((30000 + 1200) * 0.13));

    const pickup = await place({
      province: "ON",
      postalCode: "K1P 1J1",
      fulfilmentMethod: "pickup",
    });
    expect(pickup.shippingCostCents).toBe(0);
    expect(pickup.pickupCode).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);

    const calgary = await place({ province: "AB", postalCode: "T2P 1J9" });
    expect([calgary.fulfilmentMethod, calgary.proofOfAge]).toEqual(["parcel", "PA18"]);
    expect(calgary.shippingCostCents).toBe(0);
    const vancouver = await place({ province: "BC", postalCode: "V6B 1A1" });
    expect(vancouver.proofOfAge).toBe("PA19");
  });

  it("refuses a delivery under its zone's minimum, without a window, or in a window that is gone", async () => {
    await openEverything();
    await saveDeliveryZone(
      { name: "Downtown", prefixes: ["M5V"], feeCents: 500, minimumOrderCents: 5000 },
      testActor(),
    );
    const p = await createProduct({ priceCents: 1000, stock: 10 });
    const order = (overrides: Parameters<typeof checkoutInput>[1]) =>
      placeOrder(
        checkoutInput([{ id: p.id(), quantity: 1 }], {
          province: "ON",
          postalCode: "M5V 2T6",
          fulfilmentMethod: "delivery",
          ...overrides,
        }),
        { now: NOW },
      );
    expect(await order({ deliveryWindow: (await firstWindow()).key })).toMatchObject({
      ok: false,
      status: 422,
      message: "Local delivery to Downtown needs an order of at least $50.",
    });
    const elsewhere = { postalCode: "M4C 1A1" };
    expect(await order({ ...elsewhere })).toMatchObject({
      ok: false,
      field: "deliveryWindow",
      message: "Please choose a delivery window",
    });
    const past = await order({ ...elsewhere, deliveryWindow: "x@2026-11-30" });
    expect(past).toMatchObject({ ok: false, field: "deliveryWindow", status: 409 });
    expect(past.ok ? "" : past.message).toMatch(
      /^That delivery window is full or no longer open\. The next free ones: Tuesday, Dec 1, 4 p\.m\. to 6 p\.m\.;/,
    );
  });

  it("follows the owner: a method turned off or a province narrowed is refused at once", async () => {
    await openEverything();
    const p = await createProduct({ priceCents: 1000, stock: 10 });
    const parcelToBC = () =>
      placeOrder(checkoutInput([{ id: p.id(), quantity: 1 }], { fulfilmentMethod: "parcel" }), {
        now: NOW,
      });
    await updateProvinceRule({
      province: "BC",
      ships: true,
      minimumAge: 19,
      methods: ["pickup", "parcel"],
      actor: testActor(),
    });
    expect((await parcelToBC()).ok).toBe(true);
    await updateProvinceRule({
      province: "BC",
      ships: true,
      minimumAge: 19,
      methods: ["pickup"],
      actor: testActor(),
    });
    expect(await parcelToBC()).toMatchObject({
      ok: false,
      message:
        "Canada Post parcel is not available for this address. Please choose Pickup at the store.",
    });
    await saveSettingsSection("fulfilment", {
      ...(await storeSettings()).fulfilment,
      pickup: false,
    });
    // Nothing left for the whole province: the message says so, whatever the address.
    expect(await parcelToBC()).toMatchObject({
      ok: false,
      message:
        "Sorry, we have no way to get an order to British Columbia at the moment. Please choose another province or territory.",
    });
  });

  it("lists a day's deliveries for the driver by window, then postal code and street", async () => {
    await openEverything();
    await addDeliveryWindow(
      { weekday: 2, starts: "13:00", ends: "15:00", capacity: 5 },
      testActor(),
    );
    const p = await createProduct({ name: "Pink Kush", priceCents: 1000, stock: 20 });
    const windows = await bookableWindows(NOW);
    const noon = windows.find((w) => w.date === "2026-12-01" && w.starts === "13:00")!;
    const late = windows.find((w) => w.date === "2026-12-01" && w.starts === "16:00")!;
    const deliver = async (
      name: string,
      postalCode: string,
      street: string,
      window: typeof noon,
    ) => {
      const result = await placeOrder(
        checkoutInput([{ id: p.id(), quantity: 2 }], {
          name,
          street,
          postalCode,
          fulfilmentMethod: "delivery",
          deliveryWindow: window.key,
        }),
        { now: NOW },
      );
      if (!result.ok) throw new Error(result.message);
      return result.order;
    };
    await deliver("Late Lee", "V6B 1A1", "9 Beatty St", late);
    await deliver("Second Sam", "V6B 2B2", "1 Abbott St", noon);
    const first = await deliver("First Fay", "V5K 0A1", "5 Hastings St", noon);
    const cancelled = await deliver("Gone Gus", "V5K 0A1", "1 Main St", noon);
    await db().update(orders).set({ status: "cancelled" }).where(eq(orders.id, cancelled.id));

    const run = await deliveryRun("2026-12-01");
    expect(run.map((w) => [w.starts, w.stops.map((s) => s.name)])).toEqual([
      ["13:00", ["First Fay", "Second Sam"]],
      ["16:00", ["Late Lee"]],
    ]);
    expect(run[0]!.stops[0]).toMatchObject({
      orderNumber: first.orderNumber,
      street: "5 Hastings St",
      items: [{ name: "Pink Kush", size: null, quantity: 2 }],
    });
    expect(await bookedDeliveryDays("2026-12-01")).toEqual([{ date: "2026-12-01", deliveries: 3 }]);
    expect(await deliveryRun("2026-12-02")).toEqual([]);
  });

  it(`never overbooks a window under concurrent checkouts (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, async () => {
    await openEverything({ capacity: 5 });
    const p = await createProduct({ priceCents: 1000, stock: 100 });
    const window = await firstWindow();
    const method: FulfilmentMethod = "delivery";
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        placeOrder(
          checkoutInput([{ id: p.id(), quantity: 1 }], {
            email: `buyer${i}@example.com`,
            province: "BC",
            postalCode: "V6B 1A1",
            fulfilmentMethod: method,
            deliveryWindow: window.key,
            confirmedAge: 21, // Quebec's age: its refusal is the method's, not the age's
          }),
          { now: NOW },
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    for (const refused of results.filter((r) => !r.ok))
      expect(refused).toMatchObject({ field: "deliveryWindow", status: 409 });
    const [booking] = await db()
      .select({ booked: deliveryBookings.booked })
      .from(deliveryBookings)
      .where(eq(deliveryBookings.windowId, window.windowId));
    expect(booking!.booked).toBe(5);
    const booked = await db().select().from(orders).where(eq(orders.deliveryDate, window.date));
    expect(booked).toHaveLength(5);
    // The window is now full: it is no longer offered.
    expect((await bookableWindows(NOW)).map((w) => w.key)).not.toContain(window.key);
  });
});
