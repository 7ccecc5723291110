import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_SHIPPING } from "~/lib/store-settings";
import { db } from "~/server/db.server";
import { orders, parcelQuotes, products } from "~/server/db-tables";
import { LIVE_RATES_UNAVAILABLE } from "~/server/fulfilment/choices.server";
import { quoteCart } from "~/server/orders/cart-quote.server";
import { PARCEL_QUOTE_EXPIRED, placeOrder } from "~/server/orders/place-order.server";
import { saveSettingsSection } from "~/server/settings/store-settings.server";
import { quoteParcel, sweepParcelQuotes } from "~/server/canada-post/live-rates.server";
import { connectCanadaPost, canadaPostFakeForFile } from "../setup/canada-post";
import { resetDatabase } from "../setup/database";
import { checkoutInput, createProduct } from "./checkout-factories";

const fake = canadaPostFakeForFile();

beforeEach(() => resetDatabase());

const connect = (services = ["DOM.RP", "DOM.EP", "DOM.XP"]) => connectCanadaPost({ services });

/** A $30 product packed at 400 g. */
async function packedProduct() {
  const product = await createProduct({ priceCents: 3000 });
  await db().update(products).set({ packedGrams: 400 }).where(eq(products.id, product.product.id));
  return product;
}

const rateRequests = () => fake.requests.filter((r) => r.path.endsWith("/rs/ship/price"));

describe("live Canada Post rates at checkout", () => {
  it("lists the offered services with their prices, asks once per postal code and weight, and charges the price shown", async () => {
    await connect();
    const product = await packedProduct();
    const quote = () =>
      quoteCart({
        lines: [{ id: product.id(), quantity: 1 }],
        province: "BC",
        postalCode: "V8W 1A1",
        method: "parcel:DOM.EP",
      });
    const first = await quote();
    expect(first.fulfilment?.options.map((o) => [o.choice, o.name, o.feeCents])).toEqual([
      ["parcel:DOM.RP", "Canada Post Regular Parcel", 1403],
      ["parcel:DOM.EP", "Canada Post Expedited Parcel", 1501],
      ["parcel:DOM.XP", "Canada Post Xpresspost", 2273],
    ]);
    expect(first.fulfilment?.options[1]!.detail).toMatch(/^Expected December 2, 2026\. Tracked/);
    expect(first.fulfilment?.choice).toBe("parcel:DOM.EP");
    expect(first.totals.shippingCents).toBe(1501);
    expect(rateRequests()).toHaveLength(1);
    expect(rateRequests()[0]!.body).toContain("<postal-code>V8W1A1</postal-code>");
    expect(rateRequests()[0]!.body).toContain("<weight>0.400</weight>");

    const again = await quote();
    expect(again.fulfilment?.quoteId).toBe(first.fulfilment?.quoteId);
    expect(rateRequests()).toHaveLength(1);

    const placed = await placeOrder(
      checkoutInput([{ id: product.id(), quantity: 1 }], {
        postalCode: "V8W 1A1",
        fulfilmentMethod: "parcel",
        parcelService: "DOM.EP",
        parcelQuote: first.fulfilment!.quoteId!,
      }),
    );
    if (!placed.ok) throw new Error(placed.message);
    const [order] = await db().select().from(orders).where(eq(orders.id, placed.order.id));
    expect(order).toMatchObject({
      shippingCostCents: 1501,
      parcelService: "DOM.EP",
      parcelServiceName: "Expedited Parcel",
      parcelPriceSource: "live",
    });
    expect(rateRequests()).toHaveLength(1);
  });

  it("refuses a quote that no longer fits the cart, so the price charged is always the one shown", async () => {
    await connect();
    const product = await packedProduct();
    const shown = await quoteCart({
      lines: [{ id: product.id(), quantity: 1 }],
      province: "BC",
      postalCode: "V8W 1A1",
    });
    // Two units weigh 800 g: the 400 g quote does not price them.
    const placed = await placeOrder(
      checkoutInput([{ id: product.id(), quantity: 2 }], {
        postalCode: "V8W 1A1",
        parcelService: "DOM.RP",
        parcelQuote: shown.fulfilment!.quoteId!,
      }),
    );
    expect(placed).toEqual({
      ok: false,
      field: "fulfilmentMethod",
      message: PARCEL_QUOTE_EXPIRED,
      status: 409,
    });
  });

  it("uses the store's own price within the bounded wait when Canada Post hangs, and the order says so", async () => {
    await connect();
    await saveSettingsSection("shipping", { ...DEFAULT_SHIPPING, flatFeeCents: 1800 });
    const product = await packedProduct();
    fake.setMode({ rates: "hang" });
    const started = performance.now();
    expect(await quoteParcel("V8W 1A1", 400, { waitMs: 200 })).toBe("fallback");
    expect(performance.now() - started).toBeLessThan(1500);

    fake.setMode({ rates: "server_error" });
    const quoted = await quoteCart({
      lines: [{ id: product.id(), quantity: 1 }],
      province: "BC",
      postalCode: "V8W 1A1",
    });
    expect(quoted.fulfilment?.options).toMatchObject([
      { choice: "parcel", feeCents: 1800, priceSource: "fallback" },
    ]);
    expect(quoted.fulfilment?.options[0]!.detail).toContain(LIVE_RATES_UNAVAILABLE);

    const placed = await placeOrder(
      checkoutInput([{ id: product.id(), quantity: 1 }], { postalCode: "V8W 1A1" }),
    );
    if (!placed.ok) throw new Error(placed.message);
    const [order] = await db().select().from(orders).where(eq(orders.id, placed.order.id));
    expect(order).toMatchObject({ shippingCostCents: 1800, parcelPriceSource: "fallback" });
  });

  it("sweeps quotes a day past their end, keeping the others", async () => {
    const now = new Date();
    const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
    await db()
      .insert(parcelQuotes)
      .values(
        [at(-30), at(-2), at(1)].map((expiresAt) => ({
          postalCode: "V8W 1A1",
          weightGrams: 400,
          rates: [],
          expiresAt,
        })),
      );
    expect(await sweepParcelQuotes(now)).toBe(1);
    expect(await db().select().from(parcelQuotes)).toHaveLength(2);
  });

  it("asks nothing when the store is not connected", async () => {
    const product = await packedProduct();
    const quoted = await quoteCart({
      lines: [{ id: product.id(), quantity: 1 }],
      province: "BC",
      postalCode: "V8W 1A1",
    });
    expect(quoted.fulfilment?.options).toMatchObject([
      { choice: "parcel", feeCents: 2000, priceSource: "flat" },
    ]);
    expect(fake.requests).toHaveLength(0);
  });
});
