import { beforeAll, describe, expect, it } from "vitest";
import { formatPriceRange } from "~/lib/product-list";
import * as productList from "~/routes/admin/products/list";
import { addProduct } from "../../../tests/integration/product-factories";
import { pgliteQueries, resetDatabase, testDriver } from "../../../tests/setup/database";
import { callRoute } from "../../../tests/setup/route-call";
import { lowStockText } from "~/lib/stock";
import { countLowStock } from "../admin/overview.server";
import { lowStockItems } from "../inventory/low-stock.server";
import { createAdminUser } from "../auth/admin-users.server";
import { createAdminSession } from "../auth/session.server";
import { eq, inArray } from "drizzle-orm";
import { databaseHandle, db } from "../db.server";
import { products } from "../db-tables";
import { listAdminProducts } from "./product-admin-list.server";

/**
 * One catalogue for every test (alert level 10 unless said):
 *   Solo Low      no sizes, 5 in stock                  low
 *   Solo Plenty   no sizes, 60                          -
 *   One Size Low  sizes 2 + 40 (one size low)           low
 *   One Size Out  sizes 0 + 30 (one size sold out)      low, out
 *   Sizes Plenty  sizes 20 + 30, and an archived 0.5g    - (the archived size: never counted)
 *   Solo Out      no sizes, 0                           low, out
 *   Solo At Alert no sizes, 10 (at the level)           low
 *   Old Archived  archived, no sizes, 0                 (archived: only with status all)
 */
let ids: Record<string, string>;

beforeAll(async () => {
  await resetDatabase();
  const made = [
    await addProduct({ name: "Solo Low", stock: 5, priceCents: 2000 }),
    await addProduct({ name: "Solo Plenty", stock: 60, priceCents: 3000 }),
    await addProduct({
      name: "One Size Low",
      priceCents: 9900,
      sizes: [
        { size: "1", priceCents: 1250, stock: 2 },
        { size: "3.5", priceCents: 4168, stock: 40 },
      ],
    }),
    await addProduct({
      name: "One Size Out",
      sizes: [
        { size: "1", priceCents: 1500, stock: 0 },
        { size: "7", priceCents: 1500, stock: 30 },
      ],
    }),
    await addProduct({
      name: "Sizes Plenty",
      stockAlertLevel: 5,
      sizes: [
        { size: "1", priceCents: 800, stock: 20 },
        { size: "2", priceCents: 1500, stock: 30 },
        { size: "0.5", priceCents: 100, stock: 0, archived: true },
      ],
    }),
    await addProduct({ name: "Solo Out", stock: 0 }),
    await addProduct({ name: "Solo At Alert", stock: 10 }),
    await addProduct({ name: "Old Archived", stock: 0, status: "archived" }),
  ];
  ids = Object.fromEntries(made.map((p) => [p.name, p.id]));
});

const names = (rows: { name: string }[]) => rows.map((r) => r.name);

describe("the admin Products list", () => {
  it("prices a row by what shoppers pay: its sizes' range, one price, or the selling price", async () => {
    const { rows } = await listAdminProducts({ status: "all" });
    const row = (name: string) => rows.find((r) => r.name === name)!;
    expect(row("One Size Low")).toMatchObject({ minPriceCents: 1250, maxPriceCents: 4168 });
    expect(row("One Size Out")).toMatchObject({ minPriceCents: 1500, maxPriceCents: 1500 });
    expect(row("Solo Low")).toMatchObject({ minPriceCents: 2000, maxPriceCents: 2000 });
    expect(formatPriceRange(1250, 4168)).toBe("$12.50 – $41.68");
    expect(formatPriceRange(1500, 1500)).toBe("$15.00");
    // Sizes that are low or sold out, counted per row (a product without sizes is its own size).
    expect(row("One Size Low")).toMatchObject({
      stock: 42,
      variationCount: 2,
      lowSizeCount: 1,
      outSizeCount: 0,
    });
    expect(row("One Size Out")).toMatchObject({ lowSizeCount: 1, outSizeCount: 1 });
    expect(row("Solo Out")).toMatchObject({ variationCount: 0, lowSizeCount: 1, outSizeCount: 1 });
    expect(row("Solo Plenty")).toMatchObject({ lowSizeCount: 0, outSizeCount: 0 });
    // The sizes that are low, by name (the list shows "1g: 2 left").
    expect(row("One Size Low").lowSizes).toEqual([{ size: "1g", stock: 2 }]);
    expect(row("One Size Out").lowSizes).toEqual([{ size: "1g", stock: 0 }]);
    expect(row("Solo Low").lowSizes).toEqual([]);
    // A removed (archived) size is neither priced, counted nor low.
    expect(row("Sizes Plenty")).toMatchObject({
      minPriceCents: 800,
      variationCount: 2,
      lowSizeCount: 0,
      outSizeCount: 0,
      lowSizes: [],
    });
  });

  it("reads a page in two statements (the count and the rows), however many rows", async () => {
    if (testDriver() !== "pglite") return;
    const queries = await pgliteQueries(() => listAdminProducts({ status: "all" }));
    expect(queries).toHaveLength(2);
  });

  it("filters low stock (any size at or under the alert level, sold-out included) and out of stock", async () => {
    expect(
      names((await listAdminProducts({ stock: "low", status: "active" })).rows).sort(),
    ).toEqual(["One Size Low", "One Size Out", "Solo At Alert", "Solo Low", "Solo Out"]);
    expect(
      names((await listAdminProducts({ stock: "out", status: "active" })).rows).sort(),
    ).toEqual(["One Size Out", "Solo Out"]);
    expect((await listAdminProducts({ stock: "out", status: "all" })).total).toBe(3);
    expect((await listAdminProducts({ stock: "low", status: "active", q: "solo" })).total).toBe(3);
  });

  it("sorts by stock, lowest or highest first, with the filters", async () => {
    const ascending = await listAdminProducts({ status: "active", sort: "stock-asc" });
    expect(names(ascending.rows)).toEqual([
      "Solo Out",
      "Solo Low",
      "Solo At Alert",
      "One Size Out",
      "One Size Low",
      "Sizes Plenty",
      "Solo Plenty",
    ]);
    const descending = await listAdminProducts({ status: "active", sort: "stock-desc" });
    expect(names(descending.rows)).toEqual([...names(ascending.rows)].reverse());
    const lowFirst = await listAdminProducts({
      stock: "low",
      status: "active",
      sort: "stock-asc",
      pageSize: 2,
    });
    expect(names(lowFirst.rows)).toEqual(["Solo Out", "Solo Low"]);
    expect(lowFirst).toMatchObject({ total: 5, pageCount: 3 });
  });

  it("walks the (status, stock, id) index for a stock sort instead of sorting the table", async () => {
    if (testDriver() !== "pglite") return;
    const client = databaseHandle().pglite!;
    for (const sort of ["stock-asc", "stock-desc"] as const) {
      const [[query, params]] = (
        await pgliteQueries(() => listAdminProducts({ status: "active", sort, pageSize: 5 }))
      ).slice(1) as [[string, unknown[]]];
      // A handful of rows would be scanned whole: ask whether the index can give the order.
      await client.exec("set enable_seqscan = off; set enable_sort = off;");
      try {
        const plan = await client.query<{ "QUERY PLAN": string }>(`explain ${query}`, params);
        const text = plan.rows.map((r) => r["QUERY PLAN"]).join("\n");
        expect(text).toContain("products_status_stock_idx");
        expect(text).not.toMatch(/Sort Key/);
      } finally {
        await client.exec("reset enable_seqscan; reset enable_sort;");
      }
    }
  });

  it("lists what is not translated: no French name, or no French description for an English one", async () => {
    const set = (name: string, values: Partial<typeof products.$inferInsert>) =>
      db().update(products).set(values).where(eq(products.id, ids[name]!));
    // Translated: both, or a French name where there is no English description to translate.
    await set("Solo Plenty", {
      description: "Plenty.",
      nameFr: "Solo abondant",
      descriptionFr: "Beaucoup.",
    });
    await set("Solo Out", { description: "", nameFr: "Solo épuisé", descriptionFr: "" });
    // Not translated: a French name only (its English description is not), and no French at all.
    await set("Solo Low", { description: "Low.", nameFr: "Solo bas", descriptionFr: "" });
    try {
      const missing = await listAdminProducts({ status: "active", translation: "missing" });
      expect(names(missing.rows).sort()).toEqual([
        "One Size Low",
        "One Size Out",
        "Sizes Plenty",
        "Solo At Alert",
        "Solo Low",
      ]);
      expect(missing.rows.every((row) => row.untranslated)).toBe(true);
      const all = await listAdminProducts({ status: "active" });
      const marked = Object.fromEntries(all.rows.map((row) => [row.name, row.untranslated]));
      expect(marked).toMatchObject({ "Solo Plenty": false, "Solo Out": false, "Solo Low": true });
      // With the other filters, and from the URL (nonsense falls back to every product).
      expect(
        (await listAdminProducts({ status: "active", stock: "out", translation: "missing" })).total,
      ).toBe(1);
      const admin = await createAdminUser({ username: "list-french", password: "staff-pass-1" });
      const cookie = (await createAdminSession({ userId: admin.id })).split(";")[0]!;
      const load = async (search: string) =>
        (await callRoute(
          productList,
          "loader",
          new Request(`http://store.test/budzadmin/dashboard/products${search}`, {
            headers: { Cookie: cookie },
          }),
        )) as Awaited<ReturnType<typeof productList.loader>>;
      const untranslated = await load("?translation=missing");
      expect(untranslated.query.translation).toBe("missing");
      expect(untranslated.list.total).toBe(5);
      expect((await load("?translation=french")).list.total).toBe(7);
    } finally {
      await db()
        .update(products)
        .set({ description: "", nameFr: "", descriptionFr: "" })
        .where(inArray(products.id, [ids["Solo Plenty"]!, ids["Solo Out"]!, ids["Solo Low"]!]));
    }
  });

  it("takes its filters and sort from the URL, and falls back on nonsense", async () => {
    const admin = await createAdminUser({ username: "list-staff", password: "staff-pass-1" });
    const cookie = (await createAdminSession({ userId: admin.id })).split(";")[0]!;
    const load = async (search: string) =>
      (await callRoute(
        productList,
        "loader",
        new Request(`http://store.test/budzadmin/dashboard/products${search}`, {
          headers: { Cookie: cookie },
        }),
      )) as Awaited<ReturnType<typeof productList.loader>>;
    const low = await load("?stock=low&sort=stock-desc");
    expect(low.query).toMatchObject({ stock: "low", sort: "stock-desc" });
    expect(names(low.list.rows)).toEqual([
      "One Size Low",
      "One Size Out",
      "Solo At Alert",
      "Solo Low",
      "Solo Out",
    ]);
    const nonsense = await load("?stock=some&sort=price");
    expect(nonsense.query).toMatchObject({ stock: "all", sort: "newest" });
    expect(nonsense.list.total).toBe(7);
    expect(ids["Old Archived"]).toBeDefined();
  });
});

describe("the Overview's stock figures", () => {
  it("counts active sizes low (sold-out included) and out; a product without sizes is one", async () => {
    // Low: Solo Low, a size of One Size Low, a size of One Size Out, Solo Out, Solo At Alert.
    expect(await countLowStock()).toEqual({ low: 5, out: 2 });
  });

  it("lists what is low by name and size, out of stock first", async () => {
    expect((await lowStockItems(10)).map((item) => lowStockText(item))).toEqual([
      "One Size Out — 1g: out of stock",
      "Solo Out: out of stock",
      "One Size Low — 1g: 2 left",
      "Solo At Alert: 10 left",
      "Solo Low: 5 left",
    ]);
    expect(await lowStockItems(2)).toEqual([
      { productId: ids["One Size Out"], productName: "One Size Out", size: "1g", stock: 0 },
      { productId: ids["Solo Out"], productName: "Solo Out", size: null, stock: 0 },
    ]);
  });
});
