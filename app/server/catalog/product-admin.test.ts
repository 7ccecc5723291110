import sharp from "sharp";
import { testActor } from "../../../tests/setup/audit";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ProductFormSchema } from "~/schemas/product";
import { productFormInput } from "../../../tests/integration/product-form";
import { resetDatabase } from "../../../tests/setup/database";
import { db } from "../db.server";
import { storeImage } from "../images/image-store.server";
import { auditLog, customers, orderItems, orders, productVariations, products } from "../db-tables";
import {
  createProduct,
  deleteProduct,
  getAdminProduct,
  PRODUCT_NOT_FOUND,
  updateProduct,
} from "./product-admin.server";
import { imageUsageCounts } from "../images/image-usage.server";
import { listAdminProducts } from "./product-admin-list.server";
import { adjustStock } from "../inventory/stock-ledger.server";
import { listCatalogPage } from "./listing.server";
import * as productEdit from "~/routes/admin/products/edit";
import * as productList from "~/routes/admin/products/list";
import { createAdminUser } from "../auth/admin-users.server";
import { createAdminSession } from "../auth/session.server";
import { callRoute } from "../../../tests/setup/route-call";

let imageUrl: string;
let adminId: string;
let otherImageUrl: string;

async function png(color: string) {
  return sharp({ create: { width: 40, height: 40, channels: 3, background: color } })
    .png()
    .toBuffer();
}

beforeAll(async () => {
  await resetDatabase();
  imageUrl = (await storeImage({ body: await png("#2a7"), name: "green.png" })).imageUrl;
  otherImageUrl = (await storeImage({ body: await png("#a27"), name: "red.png" })).imageUrl;
  adminId = (await createAdminUser({ username: "product-owner", password: "owner-pass-1" })).id;
});

beforeEach(async () => {
  await db().delete(orderItems);
  await db().delete(orders);
  await db().delete(products);
});

function form(overrides: Record<string, unknown> = {}) {
  return productFormInput(imageUrl, overrides);
}

describe("product form rules", () => {
  it("names every missing required field", () => {
    const result = ProductFormSchema.safeParse({ thumbnails: [], variations: [] });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(
      expect.arrayContaining([
        "name",
        "sku",
        "price",
        "costPrice",
        "category",
        "stockAlertLevel",
        "description",
        "image",
      ]),
    );
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toContain("Product Name is required");
    expect(messages).toContain("Main Product Image is required");
  });

  it("refuses a selling price that is not positive, keeps two decimals, defaults rating 5 and variation values", () => {
    expect(() => form({ price: "abc" })).toThrow("Selling Price must be greater than $0.00");
    expect(() => form({ variations: [{ size: "3.5", price: "", stock: "1" }] })).toThrow(
      "Price must be greater than $0.00",
    );
    const input = form({
      price: "9.999",
      costPrice: "12.345",
      rating: "",
      variations: [{ size: "3.5", unit: undefined, price: "4", stock: "" }],
    });
    expect(input.price).toBe(1000);
    expect(input.costPrice).toBe(1235);
    expect(input.rating).toBe(5);
    expect(input.variations[0]).toMatchObject({ unit: "g", price: 400, stock: 0 });
  });

  it("takes the stock from the variations when there are any", () => {
    expect(form().stock).toBe(12);
    const input = form({
      currentStock: undefined,
      variations: [
        { size: "1", unit: "g", price: "10", stock: "4" },
        { size: "1", unit: "oz", price: "200", stock: "6" },
      ],
    });
    expect(input.stock).toBe(10);
    expect(ProductFormSchema.safeParse({ ...form(), currentStock: "" }).success).toBe(false);
  });

  it("accepts only library images and the five units", () => {
    expect(() => form({ image: "https://evil.test/x.png" })).toThrow(/Image Library/);
    expect(() =>
      form({ variations: [{ size: "1", unit: "kg", price: "1", stock: "1" }] }),
    ).not.toThrow();
    expect(
      form({ variations: [{ size: "1", unit: "kg", price: "1", stock: "1" }] }).variations[0]!.unit,
    ).toBe("g");
  });
});

describe("product service", () => {
  it("creates a product with a unique slug, its variations and the stock sum", async () => {
    const input = form({
      variations: [
        { size: "3.5", unit: "g", price: "40", stock: "5" },
        { size: "1", unit: "oz", price: "250", stock: "3" },
      ],
      thumbnails: [otherImageUrl],
    });
    const first = await createProduct(input, testActor(adminId), "owner");
    expect(first).toMatchObject({ ok: true, slug: "blue-dream" });
    const second = await createProduct({ ...input, sku: "SKU-BD-2" }, testActor(adminId), "owner");
    expect(second).toMatchObject({ ok: true, slug: "blue-dream-2" });

    const product = await getAdminProduct((first as { id: string }).id);
    expect(product).toMatchObject({
      stock: 8,
      ownStock: 8,
      sellingPriceCents: 4000,
      costPriceCents: 2400,
      thumbnailUrls: [otherImageUrl],
    });
    expect(product!.variations.map((v) => [v.size, v.sizeUnit, v.stock])).toEqual([
      ["3.5", "g", 5],
      ["1", "oz", 3],
    ]);
  });

  it("keeps the listed price (what the card shows) on every save", async () => {
    const listedPrice = async (id: string) =>
      (
        await db()
          .select({ listed: products.listedPriceCents })
          .from(products)
          .where(eq(products.id, id))
      )[0]!.listed;
    const created = (await createProduct(
      form({
        price: "50",
        variations: [
          { size: "1", unit: "g", price: "5", stock: "0" },
          { size: "3.5", unit: "g", price: "15", stock: "4" },
        ],
      }),
      testActor(adminId),
      "owner",
    )) as { id: string };
    expect(await listedPrice(created.id)).toBe(1500);
    const before = await getAdminProduct(created.id);
    // The gram is back in stock.
    await adjustStock({
      productId: created.id,
      variationId: before!.variations[0]!.id,
      mode: "add",
      quantity: 3,
      reason: "received",
      note: null,
      actor: testActor(adminId),
    });
    expect(await listedPrice(created.id)).toBe(500);
    await updateProduct(
      created.id,
      form({ price: "42", variations: [] }),
      testActor(adminId),
      "owner",
    );
    expect(await listedPrice(created.id)).toBe(4200);
  });

  it("refuses a SKU already used (any letter case) and images outside the library", async () => {
    expect((await createProduct(form(), testActor(adminId), "owner")).ok).toBe(true);
    expect(await createProduct(form({ sku: "sku-bd-1" }), testActor(adminId), "owner")).toEqual({
      ok: false,
      status: 400,
      message: "The product could not be saved: please correct the highlighted fields.",
      errors: { sku: "This SKU is already used by another product" },
    });
    const missing = await createProduct(
      form({ sku: "OTHER", image: "/images/1-nothing.png" }),
      testActor(adminId),
      "owner",
    );
    expect(missing).toEqual({
      ok: false,
      status: 400,
      message: "The product could not be saved: please correct the highlighted fields.",
      errors: { image: "This image is not in the Image Library" },
    });
  });

  it("updates in place: keeps variation ids it was sent, adds new ones, archives the rest", async () => {
    const created = (await createProduct(
      form({
        variations: [
          { size: "1", unit: "g", price: "10", stock: "1" },
          { size: "2", unit: "g", price: "18", stock: "2" },
        ],
      }),
      testActor(adminId),
      "owner",
    )) as { id: string; slug: string };
    const before = await getAdminProduct(created.id);
    const [keep, drop] = before!.variations;
    const result = await updateProduct(
      created.id,
      form({
        name: "Blue Dream Reserve",
        variations: [
          // The stock typed over an existing size is not taken: it moves through Adjust stock.
          { id: keep!.id, size: "1", unit: "g", price: "11", stock: "7" },
          { size: "5", unit: "pack", price: "50", stock: "1", netAmount: "5" },
        ],
      }),
      testActor(adminId),
      "owner",
    );
    expect(result).toEqual({ ok: true, id: created.id, slug: created.slug });
    const after = await getAdminProduct(created.id);
    expect(after!.name).toBe("Blue Dream Reserve");
    expect(after!.slug).toBe("blue-dream");
    expect(after!.stock).toBe(2);
    expect(after!.variations[0]).toMatchObject({ id: keep!.id, priceCents: 1100, stock: 1 });
    expect(after!.variations[1]).toMatchObject({ size: "5", sizeUnit: "pack", stock: 1 });
    // The size left out is kept, archived and emptied: its history still names it.
    const [dropped] = await db()
      .select()
      .from(productVariations)
      .where(eq(productVariations.id, drop!.id));
    expect(dropped).toMatchObject({ stock: 0, archivedAt: expect.any(Date) });
    expect(after!.variations).toHaveLength(2);
    expect(
      await updateProduct(
        "00000000-0000-4000-8000-000000000000",
        form(),
        testActor(adminId),
        "owner",
      ),
    ).toEqual({
      ok: false,
      status: 404,
      message: PRODUCT_NOT_FOUND,
    });
  });

  it("deletes a product nobody ordered, archives one that orders refer to", async () => {
    const lonely = (await createProduct(form(), testActor(adminId), "owner")) as { id: string };
    expect(await deleteProduct(lonely.id, testActor(adminId))).toEqual({
      ok: true,
      outcome: "deleted",
    });
    expect(await getAdminProduct(lonely.id)).toBeUndefined();
    expect(await deleteProduct(lonely.id, testActor(adminId))).toEqual({
      ok: false,
      status: 404,
      message: PRODUCT_NOT_FOUND,
    });

    const sold = (await createProduct(form({ sku: "SOLD" }), testActor(adminId), "owner")) as {
      id: string;
    };
    const [buyer] = await db()
      .insert(customers)
      .values({ name: "Ann", email: "ann@example.com" })
      .returning();
    const [order] = await db()
      .insert(orders)
      .values({
        customerId: buyer!.id,
        email: "ann@example.com",
        shippingName: "Ann",
        shippingStreet: "1 Main St",
        shippingCity: "Vancouver",
        shippingProvince: "BC",
        shippingPostalCode: "V6B 1A1",
        subtotalCents: 4000,
        totalAmountCents: 6000,
        accessToken: "token-sold",
      })
      .returning();
    await db().insert(orderItems).values({
      orderId: order!.id,
      productId: sold.id,
      productName: "Blue Dream",
      quantity: 1,
      priceAtPurchaseCents: 4000,
    });
    expect(await deleteProduct(sold.id, testActor(adminId))).toEqual({
      ok: true,
      outcome: "archived",
    });
    expect((await getAdminProduct(sold.id))!.status).toBe("archived");

    // Received under a lot number: the inventory record stays, so the product is archived.
    const received = (await createProduct(
      form({ sku: "LOTTED" }),
      testActor(adminId),
      "owner",
    )) as {
      id: string;
    };
    const [size] = await db()
      .select({ id: productVariations.id })
      .from(productVariations)
      .where(eq(productVariations.productId, received.id))
      .limit(1);
    const lotted = await adjustStock({
      productId: received.id,
      variationId: size?.id ?? null,
      mode: "add",
      quantity: 2,
      reason: "received",
      note: null,
      lot: {
        receive: {
          lotNumber: "LR-1",
          packagedOn: null,
          expiresOn: null,
          supplier: null,
          coaUrl: null,
        },
      },
      actor: testActor(adminId),
    });
    expect(lotted.ok).toBe(true);
    expect(await deleteProduct(received.id, testActor(adminId))).toEqual({
      ok: true,
      outcome: "archived-lots",
    });
  });

  it("shows saves in the storefront's product counts at once (no stale cached count)", async () => {
    const shown = async () => (await listCatalogPage({ category: "flowers", sort: "name" })).total;
    expect(await shown()).toBe(0);
    const made = (await createProduct(form(), testActor(adminId), "owner")) as { id: string };
    expect(await shown()).toBe(1);
    await updateProduct(made.id, form({ category: "hash" }), testActor(adminId), "owner");
    expect(await shown()).toBe(0);
    await updateProduct(made.id, form(), testActor(adminId), "owner");
    expect(await shown()).toBe(1);
    await deleteProduct(made.id, testActor(adminId));
    expect(await shown()).toBe(0);
  });

  it("lists with search, category, status and server paging", async () => {
    for (let i = 0; i < 25; i++) {
      await createProduct(
        form({ name: `Gummy ${i}`, sku: `G-${i}`, category: i % 2 ? "edibles" : "vapes" }),
        testActor(adminId),
        "owner",
      );
    }
    const page1 = await listAdminProducts({ q: "gummy", page: 1, pageSize: 10 });
    expect(page1).toMatchObject({ total: 25, pageCount: 3, page: 1 });
    expect(page1.rows).toHaveLength(10);
    const last = await listAdminProducts({ q: "gummy", page: 99, pageSize: 10 });
    expect(last.page).toBe(3);
    expect(last.rows).toHaveLength(5);
    expect((await listAdminProducts({ category: "edibles" })).total).toBe(12);
    expect((await listAdminProducts({ q: "G-1" })).total).toBe(11);
    expect((await listAdminProducts({ q: "100%_" })).total).toBe(0);
    expect((await listAdminProducts({ status: "archived" })).total).toBe(0);
  });

  it("counts the products using each image", async () => {
    await createProduct(form({ thumbnails: [otherImageUrl] }), testActor(adminId), "owner");
    await createProduct(form({ sku: "TWO", image: otherImageUrl }), testActor(adminId), "owner");
    const usage = await imageUsageCounts([imageUrl, otherImageUrl, "/images/none.png"]);
    expect(usage.get(imageUrl)).toBe(1);
    expect(usage.get(otherImageUrl)).toBe(2);
    expect(usage.get("/images/none.png")).toBeUndefined();
  });
});

describe("the product routes as the server calls them", () => {
  const ORIGIN = "http://store.test";
  const LIST = "/budzadmin/dashboard/products";
  let cookie: string;
  beforeAll(async () => {
    const admin = await createAdminUser({ username: "product-staff", password: "staff-pass-1" });
    cookie = (await createAdminSession({ userId: admin.id })).split(";")[0]!;
  });
  /** A post of these fields (a list posts its name once per value, as the form's rows do). */
  const post = (url: string, fields: Record<string, string | string[]>) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields))
      for (const one of [value].flat()) body.append(key, one);
    return new Request(`${ORIGIN}${url}`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: ORIGIN },
      body,
    });
  };
  // What a staff member's form posts: no stock of its own (their form shows none to type).
  const fields = () => ({
    name: "Route Kush",
    sku: "ROUTE-1",
    price: "40",
    costPrice: "24",
    category: "flowers",
    currentStock: "0",
    stockAlertLevel: "10",
    netAmount: "1",
    thc: "220",
    cbd: "1",
    description: "Posted through the route.",
    image: imageUrl,
  });
  type Reply = { data?: { errors?: Record<string, string> }; init?: { status?: number } };

  it("adds a product, and answers refusals with the fields at fault (the form's rules, then the database's)", async () => {
    const refused = (await callRoute(
      productEdit,
      "action",
      post(`${LIST}/new`, { ...fields(), price: "0" }),
    )) as Reply;
    expect(refused.init?.status).toBe(400);
    expect(refused.data?.errors).toEqual({ price: "Selling Price must be greater than $0.00" });

    const added = (await callRoute(
      productEdit,
      "action",
      post(`${LIST}/new?page=2`, fields()),
    )) as Response;
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe(`${LIST}?page=2`);

    const taken = (await callRoute(productEdit, "action", post(`${LIST}/new`, fields()))) as Reply;
    expect(taken.init?.status).toBe(400);
    expect(taken.data?.errors).toEqual({ sku: "This SKU is already used by another product" });
  });

  it("lets staff edit a product but refuses them any stock typed in the form (403, nothing saved)", async () => {
    const made = (await createProduct(
      form({
        sku: "ROUTE-STOCK",
        variations: [
          { size: "3.5", unit: "g", price: "40", stock: "6" },
          { size: "28", unit: "g", price: "250", stock: "2" },
        ],
      }),
      testActor(adminId),
      "owner",
    )) as { id: string };
    const product = (await getAdminProduct(made.id))!;
    const [small, large] = product.variations;
    const url = `${LIST}/${made.id}/edit`;
    const edit = (fields: Record<string, string | string[]>) =>
      callRoute(productEdit, "action", post(url, fields), { productId: made.id }) as Promise<
        Reply | Response
      >;
    const sizes = (rows: { id: string; size: string; price: string; stock: string }[]) => ({
      variationId: rows.map((r) => r.id),
      variationSize: rows.map((r) => r.size),
      variationUnit: rows.map(() => "g"),
      variationPrice: rows.map((r) => r.price),
      variationStock: rows.map((r) => r.stock),
      variationNetAmount: rows.map(() => ""),
      variationThc: rows.map(() => "220"),
      variationCbd: rows.map(() => "1"),
    });
    const base = { ...fields(), sku: "ROUTE-STOCK", name: "Renamed Kush" };
    const refusal =
      "Only owners and managers can adjust stock. Your role is staff: ask the store owner if you need it.";

    // A size sent as new with 5,000 in stock.
    const asNew = (await edit({
      ...base,
      ...sizes([
        { id: small!.id, size: "3.5", price: "40", stock: "6" },
        { id: large!.id, size: "28", price: "250", stock: "2" },
        { id: "", size: "7", price: "70", stock: "5000" },
      ]),
    })) as Reply;
    expect(asNew.init?.status).toBe(403);
    expect(asNew.data?.errors).toEqual({ "variations.2.stock": refusal });
    // A size with stock removed (its stock would leave with it).
    const removed = (await edit({
      ...base,
      ...sizes([{ id: small!.id, size: "3.5", price: "40", stock: "6" }]),
    })) as Reply;
    expect(removed.init?.status).toBe(403);
    expect(removed.data?.errors).toEqual({
      variations: `28g still has 2 in stock: removing it takes them out of stock. ${refusal}`,
    });
    // Every size removed and the product's own count typed.
    const counted = (await edit({ ...base, currentStock: "7000" })) as Reply;
    expect(counted.init?.status).toBe(403);
    expect(counted.data?.errors?.currentStock).toBe(refusal);
    const unchanged = (await getAdminProduct(made.id))!;
    expect(unchanged.name).toBe("Blue Dream");
    expect(unchanged.variations.map((v) => [v.id, v.stock])).toEqual([
      [small!.id, 6],
      [large!.id, 2],
    ]);

    // Everything else is theirs to change: the name, a price, a new size without stock.
    const saved = (await edit({
      ...base,
      ...sizes([
        { id: small!.id, size: "3.5", price: "42", stock: "6" },
        { id: large!.id, size: "28", price: "250", stock: "2" },
        { id: "", size: "7", price: "70", stock: "0" },
      ]),
    })) as Response;
    expect(saved.status).toBe(302);
    const after = (await getAdminProduct(made.id))!;
    expect(after.name).toBe("Renamed Kush");
    expect(after.variations.map((v) => [v.size, v.priceCents, v.stock])).toEqual([
      ["3.5", 4200, 6],
      ["28", 25000, 2],
      ["7", 7000, 0],
    ]);
    const staffAdds = (await callRoute(
      productEdit,
      "action",
      post(`${LIST}/new`, { ...fields(), sku: "ROUTE-NEW", currentStock: "12" }),
    )) as Reply;
    expect(staffAdds.init?.status).toBe(403);
    expect(staffAdds.data?.errors).toEqual({ currentStock: refusal });
  });

  it("saves the French name and description with the product, in its audit entry, and keeps them when not posted", async () => {
    const added = (await callRoute(
      productEdit,
      "action",
      post(`${LIST}/new`, {
        ...fields(),
        sku: "ROUTE-FR",
        nameFr: "  Kush de la route ",
        descriptionFr: "Envoyé par la route.",
      }),
    )) as Response;
    expect(added.status).toBe(302);
    const [row] = await db().select().from(products).where(eq(products.sku, "ROUTE-FR"));
    expect(row).toMatchObject({
      nameFr: "Kush de la route",
      descriptionFr: "Envoyé par la route.",
    });
    expect(await getAdminProduct(row!.id)).toMatchObject({
      nameFr: "Kush de la route",
      descriptionFr: "Envoyé par la route.",
    });

    // The same limits as the English fields, in the French field's words.
    const long = (await callRoute(
      productEdit,
      "action",
      post(`${LIST}/${row!.id}/edit`, { ...fields(), sku: "ROUTE-FR", nameFr: "x".repeat(121) }),
      { productId: row!.id },
    )) as Reply;
    expect(long.init?.status).toBe(400);
    expect(long.data?.errors).toEqual({
      nameFr: "Product Name (French) must be at most 120 characters",
    });

    // Emptied: not translated (the French store shows the English); one audit entry with both.
    const edited = (await callRoute(
      productEdit,
      "action",
      post(`${LIST}/${row!.id}/edit`, {
        ...fields(),
        sku: "ROUTE-FR",
        nameFr: "Kush de la route réserve",
        descriptionFr: "",
      }),
      { productId: row!.id },
    )) as Response;
    expect(edited.status).toBe(302);
    const entries = await db()
      .select({ action: auditLog.action, changes: auditLog.changes })
      .from(auditLog)
      .where(eq(auditLog.recordId, row!.id));
    expect(entries.find((e) => e.action === "update")?.changes).toEqual({
      nameFr: ["Kush de la route", "Kush de la route réserve"],
      descriptionFr: ["Envoyé par la route.", null],
    });
    expect(await getAdminProduct(row!.id)).toMatchObject({
      nameFr: "Kush de la route réserve",
      descriptionFr: "",
    });

    // A save without the French fields (a caller that does not know them) keeps the French.
    await updateProduct(
      row!.id,
      form({ sku: "ROUTE-FR", name: "Route Kush" }),
      testActor(adminId),
      "owner",
    );
    expect(await getAdminProduct(row!.id)).toMatchObject({ nameFr: "Kush de la route réserve" });
  });

  it("answers 404 for a product that is not there, and deletes through the list's action", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    const edit = await callRoute(productEdit, "action", post(`${LIST}/${missing}/edit`, fields()), {
      productId: missing,
    }).catch((e: unknown) => e);
    expect((edit as Reply).init?.status).toBe(404);

    const made = (await createProduct(form({ sku: "ROUTE-DEL" }), testActor(adminId), "owner")) as {
      id: string;
    };
    const deleted = (await callRoute(
      productList,
      "action",
      post(LIST, { intent: "delete", id: made.id }),
    )) as Response;
    expect(deleted.status).toBe(302);
    expect(await getAdminProduct(made.id)).toBeUndefined();
    const malformed = await callRoute(
      productList,
      "action",
      post(LIST, { intent: "delete", id: "42" }),
    ).catch((e: unknown) => e);
    expect((malformed as Reply).init?.status).toBe(400);
  });
});
