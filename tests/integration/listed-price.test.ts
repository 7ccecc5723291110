import { eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { defaultVariationId, listedPriceCents } from "~/lib/product";
import { refreshListedPrice } from "~/server/inventory/listed-price.server";
import { listCatalogPage } from "~/server/catalog/listing.server";
import { clearListingCache } from "~/server/storefront/listing-counts.server";
import { listFeaturedProducts } from "~/server/catalog/products.server";
import { db } from "~/server/db.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { quoteCart } from "~/server/orders/cart-quote.server";
import { productVariations, products } from "~/server/db-tables";
import { resetDatabase } from "../setup/database";
import { checkoutInput, createProduct } from "./checkout-factories";

beforeEach(async () => {
  await resetDatabase();
  clearListingCache();
});

async function listed(ids: string[]) {
  const rows = await db()
    .select({ id: products.id, listed: products.listedPriceCents })
    .from(products)
    .where(inArray(products.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.listed]));
}

/** Sizes priced like the sample flowers ($5 / $15 / $28); the first one sold out. */
async function flowerWithFirstSizeSoldOut(name = "Sold-out gram", sellingPriceCents = 5000) {
  const p = await createProduct({
    name,
    priceCents: sellingPriceCents,
    variations: [
      { size: "1", priceCents: 500, stock: 0 },
      { size: "3.5", priceCents: 1500, stock: 4 },
      { size: "7", priceCents: 2800, stock: 9 },
    ],
  });
  await refreshListedPrice(db(), [p.product.id]);
  return p;
}

describe("refreshListedPrice", () => {
  it("lists at the first size in stock, else the first size, else the selling price", async () => {
    const soldOutFirst = await flowerWithFirstSizeSoldOut();
    const allSoldOut = await createProduct({
      priceCents: 4000,
      variations: [
        { size: "1", priceCents: 900, stock: 0 },
        { size: "2", priceCents: 1700, stock: 0 },
      ],
    });
    const noSizes = await createProduct({ priceCents: 1234 });
    const ids = [soldOutFirst, allSoldOut, noSizes].map((p) => p.product.id);
    await refreshListedPrice(db()); // every product
    expect(await listed(ids)).toEqual({
      [ids[0]!]: 1500,
      [ids[1]!]: 900,
      [ids[2]!]: 1234,
    });
  });

  it("only touches the products it is given", async () => {
    const a = await createProduct({ priceCents: 1000 });
    const b = await createProduct({ priceCents: 2000 });
    await refreshListedPrice(db(), [a.product.id]);
    await refreshListedPrice(db(), []);
    expect(await listed([a.product.id, b.product.id])).toEqual({
      [a.product.id]: 1000,
      [b.product.id]: null,
    });
  });

  it("agrees with the card's rule (listedPriceCents) for what the storefront shows", async () => {
    await flowerWithFirstSizeSoldOut();
    const page = await listCatalogPage({ sort: "price-asc" });
    const [card] = page.products;
    expect(listedPriceCents(card!)).toBe(1500);
    expect(card!.variations.find((v) => v.id === defaultVariationId(card!))?.priceCents).toBe(1500);
  });
});

describe("price filter and sort use the price the card shows", () => {
  it("keeps a product whose card shows $15 under a $20 limit, though it sells at $50", async () => {
    const p = await flowerWithFirstSizeSoldOut("Card at fifteen", 5000);
    const pricey = await createProduct({ name: "Forty", priceCents: 4000 });
    await refreshListedPrice(db(), [pricey.product.id]);
    const under20 = await listCatalogPage({ category: "flowers", sort: "name", maxPrice: 20 });
    expect(under20.products.map((x) => x.name)).toEqual(["Card at fifteen"]);
    expect(under20.total).toBe(1);
    const under10 = await listCatalogPage({ category: "flowers", sort: "name", maxPrice: 10 });
    expect(under10.total).toBe(0);
    void p;
  });

  it("sorts by the listed price across keyset pages, both ways", async () => {
    const made = [];
    for (let i = 0; i < 7; i++) {
      // Selling prices run the other way round from the sizes' prices.
      made.push(
        await createProduct({
          name: `P${i}`,
          priceCents: 10_000 - i * 100,
          variations: [
            { size: "1", priceCents: 100 + i, stock: 0 },
            { size: "2", priceCents: 1000 + i * 10, stock: 3 },
          ],
        }),
      );
    }
    await refreshListedPrice(db());
    const names: string[] = [];
    let page = await listCatalogPage({ sort: "price-asc", pageSize: 3 });
    names.push(...page.products.map((p) => p.name));
    while (page.next) {
      page = await listCatalogPage({ sort: "price-asc", pageSize: 3, after: page.next });
      names.push(...page.products.map((p) => p.name));
    }
    expect(names).toEqual(["P0", "P1", "P2", "P3", "P4", "P5", "P6"]);
    const back = await listCatalogPage({ sort: "price-asc", pageSize: 3, before: page.previous });
    expect(back.products.map((p) => p.name)).toEqual(["P3", "P4", "P5"]);
    const desc = await listCatalogPage({ sort: "price-desc", pageSize: 10 });
    expect(desc.products.map((p) => p.name)).toEqual(["P6", "P5", "P4", "P3", "P2", "P1", "P0"]);
  });
});

describe("stock changes keep the listed price current", () => {
  it("checkout selling the last of a size lists the product at the next size in stock", async () => {
    const p = await createProduct({
      name: "Last gram",
      variations: [
        { size: "1", priceCents: 600, stock: 1 },
        { size: "3.5", priceCents: 1800, stock: 5 },
      ],
    });
    await refreshListedPrice(db(), [p.product.id]);
    expect(await listed([p.product.id])).toEqual({ [p.product.id]: 600 });
    const result = await placeOrder(checkoutInput([{ id: p.id(0), quantity: 1 }]));
    expect(result.ok).toBe(true);
    expect(await listed([p.product.id])).toEqual({ [p.product.id]: 1800 });
  });
});

describe("in stock for listings when any size is", () => {
  it("features a product whose first size is sold out, preselecting a size that is in stock", async () => {
    await flowerWithFirstSizeSoldOut("Second size only");
    const [featured] = await listFeaturedProducts(8);
    expect(featured?.name).toBe("Second size only");
    const chosen = featured!.variations.find((v) => v.id === defaultVariationId(featured!));
    expect(chosen).toMatchObject({ size: "3.5", stock: 4 });
  });

  it("leaves out a product whose sizes are all sold out", async () => {
    const p = await createProduct({
      name: "Gone",
      variations: [{ size: "1", priceCents: 600, stock: 1 }],
    });
    await db()
      .update(productVariations)
      .set({ stock: 0 })
      .where(eq(productVariations.productId, p.product.id));
    await db().update(products).set({ stock: 0 }).where(eq(products.id, p.product.id));
    expect(await listFeaturedProducts(8)).toEqual([]);
  });
});

describe("a line priced at $0.00 is never sold", () => {
  it("checkout refuses it with a clear message and quotes it with the reason", async () => {
    const free = await createProduct({ name: "Mispriced Gummies", priceCents: 0, stock: 10 });
    const result = await placeOrder(checkoutInput([{ id: free.id(), quantity: 2 }]));
    expect(result).toEqual({
      ok: false,
      field: "items",
      message:
        "Sorry, Mispriced Gummies has no price yet and can't be ordered. Please remove it from your cart.",
      status: 422,
    });
    const sized = await createProduct({
      name: "Kush",
      variations: [{ size: "3.5", priceCents: 0, stock: 4 }],
    });
    expect(await placeOrder(checkoutInput([{ id: sized.id(0), quantity: 1 }]))).toMatchObject({
      ok: false,
      message:
        "Sorry, Kush (3.5g) has no price yet and can't be ordered. Please remove it from your cart.",
    });
    const quote = await quoteCart({ lines: [{ id: free.id(), quantity: 2 }] });
    expect(quote.lines[0]).toMatchObject({
      status: "unpriced",
      problem:
        "Sorry, Mispriced Gummies has no price yet and can't be ordered. Please remove it from your cart.",
    });
    // A $0 cart still pays $20 shipping (docs/product/cart-and-checkout.md#shipping).
    expect(quote.totals).toMatchObject({ subtotalCents: 0, shippingCents: 2000, totalCents: 2000 });
    expect(
      (await db().select().from(products).where(eq(products.id, free.product.id)))[0]!.stock,
    ).toBe(10);
  });
});

describe("the potency the storefront filters by follows the listed size", () => {
  async function filterValues(id: string) {
    const [row] = await db()
      .select({ thc: products.filterThcTenths, cbd: products.filterCbdTenths })
      .from(products)
      .where(eq(products.id, id));
    return row;
  }

  it("takes total THC (else THC) and total CBD (else CBD) of the listed size, else of the product", async () => {
    const sized = await createProduct({
      variations: [
        { size: "1", priceCents: 600, stock: 1 },
        { size: "3.5", priceCents: 1800, stock: 5 },
      ],
    });
    await db()
      .update(productVariations)
      .set({ thcTenths: 2000, totalThcTenths: 2200, cbdTenths: 10 })
      .where(eq(productVariations.id, sized.variations[0]!.id));
    await db()
      .update(productVariations)
      .set({ thcTenths: 1500, cbdTenths: 30, totalCbdTenths: 40 })
      .where(eq(productVariations.id, sized.variations[1]!.id));
    const plain = await createProduct({ priceCents: 1000 });
    await db()
      .update(products)
      .set({ thcTenths: 100, cbdTenths: 50, totalCbdTenths: 55 })
      .where(eq(products.id, plain.product.id));
    await refreshListedPrice(db());
    expect(await filterValues(sized.product.id)).toEqual({ thc: 2200, cbd: 10 });
    expect(await filterValues(plain.product.id)).toEqual({ thc: 100, cbd: 55 });

    // A size's potency changes (the admin save refreshes in its transaction).
    await db()
      .update(productVariations)
      .set({ totalThcTenths: 2500 })
      .where(eq(productVariations.id, sized.variations[0]!.id));
    await refreshListedPrice(db(), [sized.product.id]);
    expect(await filterValues(sized.product.id)).toEqual({ thc: 2500, cbd: 10 });

    // The sizes reordered (as a price change does with the sizes editor): the new first size.
    await db()
      .update(productVariations)
      .set({ position: 5 })
      .where(eq(productVariations.id, sized.variations[0]!.id));
    await refreshListedPrice(db(), [sized.product.id]);
    expect(await filterValues(sized.product.id)).toEqual({ thc: 1500, cbd: 40 });
  });

  it("checkout selling the last of the listed size moves the filter to the next size in stock", async () => {
    const p = await createProduct({
      name: "Last potent gram",
      variations: [
        { size: "1", priceCents: 600, stock: 1 },
        { size: "3.5", priceCents: 1800, stock: 5 },
      ],
    });
    await db()
      .update(productVariations)
      .set({ thcTenths: 2400, cbdTenths: 5 })
      .where(eq(productVariations.id, p.variations[0]!.id));
    await db()
      .update(productVariations)
      .set({ thcTenths: 1800, cbdTenths: 20 })
      .where(eq(productVariations.id, p.variations[1]!.id));
    await refreshListedPrice(db(), [p.product.id]);
    const strong = { category: "flowers" as const, sort: "name" as const, thcMin: 200 };
    expect((await listCatalogPage(strong)).total).toBe(1);
    const result = await placeOrder(checkoutInput([{ id: p.id(0), quantity: 1 }]));
    expect(result.ok).toBe(true);
    expect(await filterValues(p.product.id)).toEqual({ thc: 1800, cbd: 20 });
    clearListingCache();
    expect((await listCatalogPage(strong)).total).toBe(0);
    expect((await listCatalogPage({ ...strong, thcMin: 150, thcMax: 180 })).total).toBe(1);
  });
});
