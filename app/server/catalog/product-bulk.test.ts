import { asc, eq, inArray } from "drizzle-orm";
import { testActor } from "../../../tests/setup/audit";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BULK_MESSAGES } from "~/lib/product-list";
import * as productList from "~/routes/admin/products/list";
import { addProduct } from "../../../tests/integration/product-factories";
import { resetDatabase } from "../../../tests/setup/database";
import { callRoute } from "../../../tests/setup/route-call";
import { readToast } from "../admin/flash.server";
import { createAdminUser } from "../auth/admin-users.server";
import { createAdminSession } from "../auth/session.server";
import { db } from "../db.server";
import { productVariations, products } from "../db-tables";
import { pageCacheStore } from "../storefront/page-cache-store.server";
import { listCatalogPage } from "./listing.server";
import { bulkUpdateProducts } from "./product-bulk.server";

const MISSING = "00000000-0000-4000-8000-000000000000";

beforeEach(async () => {
  await db().delete(products);
});

async function product(id: string) {
  const [row] = await db().select().from(products).where(eq(products.id, id));
  const sizes = await db()
    .select()
    .from(productVariations)
    .where(eq(productVariations.productId, id))
    .orderBy(asc(productVariations.position));
  return { ...row!, sizes };
}

async function statuses(ids: string[]) {
  const rows = await db()
    .select({ name: products.name, status: products.status, category: products.category })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.name));
  return rows;
}

const generation = async () => (await pageCacheStore().lookup("/")).generation;

describe("bulk actions on products", () => {
  beforeAll(async () => {
    await resetDatabase();
  });

  it("archives and unarchives the selection, counting only the products it changed", async () => {
    const a = await addProduct({ name: "A" });
    const b = await addProduct({ name: "B" });
    const gone = await addProduct({ name: "Gone", status: "archived" });
    const untouched = await addProduct({ name: "Untouched" });
    const shown = async () => (await listCatalogPage({ category: "flowers", sort: "name" })).total;
    expect(await shown()).toBe(3);
    const before = await generation();

    const archived = await bulkUpdateProducts(
      { ids: [a.id, b.id, gone.id] },
      { action: "archive" },
      testActor(),
    );
    expect(archived).toEqual({ ok: true, matched: 3, changed: 2 });
    expect((await statuses([a.id, b.id, gone.id, untouched.id])).map((r) => r.status)).toEqual([
      "archived",
      "archived",
      "archived",
      "active",
    ]);
    expect((await product(a.id)).updatedAt.getTime()).toBeGreaterThan(a.updatedAt.getTime());
    // The storefront's cached counts and pages are dropped at once.
    expect(await shown()).toBe(1);
    expect(await generation()).toBeGreaterThan(before);

    expect(
      await bulkUpdateProducts({ ids: [a.id, untouched.id] }, { action: "unarchive" }, testActor()),
    ).toEqual({ ok: true, matched: 2, changed: 1 });
    expect((await statuses([a.id, b.id])).map((r) => r.status)).toEqual(["active", "archived"]);
    expect(await shown()).toBe(2);
  });

  it("moves the selection to one category, and refuses a category that does not exist", async () => {
    const a = await addProduct({ name: "A", category: "flowers" });
    const b = await addProduct({ name: "B", category: "edibles" });
    expect(
      await bulkUpdateProducts(
        { ids: [a.id, b.id] },
        { action: "category", category: "edibles" },
        testActor(),
      ),
    ).toEqual({ ok: true, matched: 2, changed: 1 });
    expect((await statuses([a.id, b.id])).map((r) => r.category)).toEqual(["edibles", "edibles"]);

    const refused = await bulkUpdateProducts(
      { ids: [a.id, b.id] },
      { action: "category", category: "pizza" },
      testActor(),
    );
    expect(refused).toEqual({
      ok: false,
      status: 400,
      message: BULK_MESSAGES.category,
      errors: { category: BULK_MESSAGES.category },
    });
    expect((await statuses([a.id, b.id])).map((r) => r.category)).toEqual(["edibles", "edibles"]);
  });

  it("changes the selling price and every size's price by a percentage, rounded to the cent, and the listed price with them", async () => {
    const sized = await addProduct({
      name: "Sized",
      priceCents: 5000,
      sizes: [
        { size: "1", priceCents: 1250, stock: 0 },
        { size: "3.5", priceCents: 4168, stock: 5 },
        { size: "7", priceCents: 5, stock: 5 },
      ],
    });
    const plain = await addProduct({ name: "Plain", priceCents: 1999 });
    const other = await addProduct({ name: "Other", priceCents: 1000 });
    expect((await product(sized.id)).listedPriceCents).toBe(4168);

    expect(
      await bulkUpdateProducts(
        { ids: [sized.id, plain.id] },
        { action: "price", percent: -10 },
        testActor(),
      ),
    ).toEqual({ ok: true, matched: 2, changed: 2 });
    const after = await product(sized.id);
    expect(after.sellingPriceCents).toBe(4500);
    // 12.50 × 0.9 = 11.25; 41.68 × 0.9 = 37.512 → 37.51; 0.05 × 0.9 = 0.045 → 0.05 (halves up).
    expect(after.sizes.map((s) => s.priceCents)).toEqual([1125, 3751, 5]);
    expect(after.listedPriceCents).toBe(3751);
    expect((await product(plain.id)).sellingPriceCents).toBe(1799); // 17.991
    expect((await product(other.id)).sellingPriceCents).toBe(1000);

    expect(
      await bulkUpdateProducts({ ids: [plain.id] }, { action: "price", percent: 5.5 }, testActor()),
    ).toEqual({ ok: true, matched: 1, changed: 1 });
    expect((await product(plain.id)).sellingPriceCents).toBe(1898); // 18.97945
    // 1¢ + 5% rounds back to 1¢: nothing to change, and it says so.
    const penny = await addProduct({ name: "Penny", priceCents: 1 });
    expect(
      await bulkUpdateProducts({ ids: [penny.id] }, { action: "price", percent: 5 }, testActor()),
    ).toEqual({
      ok: true,
      matched: 1,
      changed: 0,
    });
  });

  it("refuses a price change that would bring any price to $0 or below, and changes nothing", async () => {
    const fine = await addProduct({ name: "Fine", priceCents: 5000 });
    const cheap = await addProduct({
      name: "Cheap Seeds",
      priceCents: 5000,
      sizes: [
        { size: "1", priceCents: 900, stock: 5 },
        { size: "10", sizeUnit: "pieces", priceCents: 4, stock: 5 },
      ],
    });
    const refused = await bulkUpdateProducts(
      { ids: [fine.id, cheap.id] },
      { action: "price", percent: -90 },
      testActor(),
    );
    const message =
      "No prices were changed: Cheap Seeds (10 pieces) would cost $0.00, and a price must stay above $0.00.";
    expect(refused).toEqual({ ok: false, status: 422, message });
    expect((await product(fine.id)).sellingPriceCents).toBe(5000);
    expect((await product(cheap.id)).sizes.map((s) => s.priceCents)).toEqual([900, 4]);

    const dear = await addProduct({ name: "Dear", priceCents: 9_500_000 });
    expect(
      await bulkUpdateProducts({ ids: [dear.id] }, { action: "price", percent: 10 }, testActor()),
    ).toMatchObject({
      ok: false,
      status: 422,
      message: "No prices were changed: Dear would cost $104,500.00, above the $100,000.00 limit.",
    });
    for (const percent of [0, -100, 1001, Number.NaN])
      expect(
        await bulkUpdateProducts({ ids: [fine.id] }, { action: "price", percent }, testActor()),
      ).toMatchObject({ ok: false, status: 400, errors: { percent: BULK_MESSAGES.percent } });
  });

  it("makes no product active while one it would activate is missing its potency", async () => {
    const ready = await addProduct({ name: "Ready", status: "draft" });
    const bare = await addProduct({ name: "Bare", status: "draft", potency: false });
    const stale = await addProduct({ name: "Stale", status: "archived", potency: false });
    // Already active while missing it (before the rule): left as it is, not counted.
    const live = await addProduct({ name: "Live", potency: false });
    const seeds = await addProduct({ name: "Seeds", status: "draft", potency: false });
    await db().update(products).set({ cannabisKind: "seeds" }).where(eq(products.id, seeds.id));
    const ids = [ready.id, bare.id, stale.id, live.id, seeds.id];
    expect(await bulkUpdateProducts({ ids }, { action: "unarchive" }, testActor())).toEqual({
      ok: false,
      status: 422,
      message:
        "No products were made active: 2 products have no THC or no CBD (Bare, Stale). Enter THC and CBD (or their totals) on the product or each of its sizes first.",
    });
    expect((await statuses(ids)).map((r) => [r.name, r.status])).toEqual([
      ["Bare", "draft"],
      ["Live", "active"],
      ["Ready", "draft"],
      ["Seeds", "draft"],
      ["Stale", "archived"],
    ]);
    expect(
      await bulkUpdateProducts(
        { ids: [ready.id, live.id, seeds.id] },
        { action: "unarchive" },
        testActor(),
      ),
    ).toEqual({ ok: true, matched: 3, changed: 2 });
    // Archiving asks nothing of potency.
    expect(
      await bulkUpdateProducts({ ids: [bare.id, live.id] }, { action: "archive" }, testActor()),
    ).toEqual({ ok: true, matched: 2, changed: 2 });
  });

  it("refuses an empty selection and one whose products are all gone", async () => {
    await addProduct({ name: "A" });
    expect(await bulkUpdateProducts({ ids: [] }, { action: "archive" }, testActor())).toEqual({
      ok: false,
      status: 400,
      message: BULK_MESSAGES.empty,
    });
    expect(
      await bulkUpdateProducts({ ids: [MISSING] }, { action: "archive" }, testActor()),
    ).toEqual({
      ok: false,
      status: 404,
      message: BULK_MESSAGES.gone,
    });
    expect(
      await bulkUpdateProducts(
        { filter: { q: "nothing like this" } },
        { action: "archive" },
        testActor(),
      ),
    ).toEqual({ ok: false, status: 404, message: BULK_MESSAGES.noMatch });
  });

  it("changes every product matching a filter, not only a page of them", async () => {
    const low = await addProduct({ name: "Low", stock: 3 });
    const lowSize = await addProduct({
      name: "Low Size",
      sizes: [
        { size: "1", priceCents: 1000, stock: 1 },
        { size: "2", priceCents: 2000, stock: 50 },
      ],
    });
    const plenty = await addProduct({ name: "Plenty", stock: 80 });
    const archivedLow = await addProduct({ name: "Archived Low", stock: 0, status: "archived" });
    const result = await bulkUpdateProducts(
      { filter: { status: "active", stock: "low" } },
      { action: "price", percent: 10 },
      testActor(),
    );
    expect(result).toEqual({ ok: true, matched: 2, changed: 2 });
    expect((await product(lowSize.id)).sizes.map((s) => s.priceCents)).toEqual([1100, 2200]);
    expect((await product(lowSize.id)).listedPriceCents).toBe(1100);
    expect((await product(low.id)).sellingPriceCents).toBe(5500);
    expect((await product(plenty.id)).sellingPriceCents).toBe(5000);
    expect((await product(archivedLow.id)).sellingPriceCents).toBe(5000);

    expect(
      await bulkUpdateProducts(
        { filter: { status: "active", stock: "low" } },
        { action: "archive" },
        testActor(),
      ),
    ).toEqual({ ok: true, matched: 2, changed: 2 });
    expect((await statuses([low.id, lowSize.id, plenty.id])).map((r) => r.status)).toEqual([
      "archived",
      "archived",
      "active",
    ]);
  });
});

describe("the list's bulk actions as the server calls them", () => {
  const ORIGIN = "http://store.test";
  const LIST = "/budzadmin/dashboard/products";
  let cookie: string;
  beforeAll(async () => {
    const admin = await createAdminUser({
      username: "bulk-staff",
      password: "staff-pass-1",
      role: "manager",
    });
    cookie = (await createAdminSession({ userId: admin.id })).split(";")[0]!;
  });
  const post = (url: string, fields: [string, string][]) => {
    const body = new FormData();
    for (const [key, value] of fields) body.append(key, value);
    return new Request(`${ORIGIN}${url}`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: ORIGIN },
      body,
    });
  };
  type Reply = { data?: { errors?: Record<string, string> }; init?: { status?: number } };
  const toastOf = async (response: Response) => {
    const flash = response.headers.get("Set-Cookie")!.split(";")[0]!;
    return (await readToast(new Request(ORIGIN, { headers: { Cookie: flash } }))).toast?.message;
  };

  it("archives the ticked rows and redirects back to the list with a toast", async () => {
    const a = await addProduct({ name: "A" });
    const b = await addProduct({ name: "B" });
    const response = (await callRoute(
      productList,
      "action",
      post(`${LIST}?stock=low&page=2`, [
        ["intent", "archive"],
        ["scope", "selected"],
        ["ids", a.id],
        ["ids", b.id],
      ]),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${LIST}?stock=low&page=2`);
    expect(await toastOf(response)).toBe("2 products archived.");
    expect((await statuses([a.id, b.id])).map((r) => r.status)).toEqual(["archived", "archived"]);
  });

  it("changes every product matching the URL's filter with scope=filter", async () => {
    const low = await addProduct({ name: "Low", stock: 2, category: "hash" });
    const plenty = await addProduct({ name: "Plenty", stock: 90, category: "hash" });
    const response = (await callRoute(
      productList,
      "action",
      post(`${LIST}?stock=low`, [
        ["intent", "category"],
        ["scope", "filter"],
        ["category", "edibles"],
      ]),
    )) as Response;
    expect(await toastOf(response)).toBe("1 product moved to Edibles.");
    expect((await statuses([low.id, plenty.id])).map((r) => r.category)).toEqual([
      "edibles",
      "hash",
    ]);
  });

  it("answers refusals with a 4xx and the message for the dialog, changing nothing", async () => {
    const cheap = await addProduct({ name: "Cheap", priceCents: 3 });
    const call = async (fields: [string, string][]) =>
      (await callRoute(productList, "action", post(LIST, fields))) as Reply;

    const empty = await call([
      ["intent", "archive"],
      ["scope", "selected"],
    ]);
    expect(empty.init?.status).toBe(400);
    expect(empty.data?.errors).toEqual({ form: BULK_MESSAGES.empty });

    const unknownCategory = await call([
      ["intent", "category"],
      ["scope", "selected"],
      ["ids", cheap.id],
      ["category", "pizza"],
    ]);
    expect(unknownCategory.init?.status).toBe(400);
    expect(unknownCategory.data?.errors).toEqual({ category: BULK_MESSAGES.category });

    const badPercent = await call([
      ["intent", "price"],
      ["scope", "selected"],
      ["ids", cheap.id],
      ["percent", "ten"],
    ]);
    expect(badPercent.init?.status).toBe(400);
    expect(badPercent.data?.errors).toEqual({ percent: BULK_MESSAGES.percent });

    const toZero = await call([
      ["intent", "price"],
      ["scope", "selected"],
      ["ids", cheap.id],
      ["percent", "-90"],
    ]);
    expect(toZero.init?.status).toBe(422);
    expect(toZero.data?.errors?.form).toContain("Cheap would cost $0.00");
    expect((await product(cheap.id)).sellingPriceCents).toBe(3);

    const gone = await call([
      ["intent", "archive"],
      ["scope", "selected"],
      ["ids", MISSING],
    ]);
    expect(gone.init?.status).toBe(404);
    expect(gone.data?.errors).toEqual({ form: BULK_MESSAGES.gone });
  });
});
