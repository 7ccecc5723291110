import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as exportRoute from "~/routes/admin/stock/export";
import * as listRoute from "~/routes/admin/stock/list";
import { StockMovementListQuerySchema } from "~/schemas/stock-movements";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createAdminSession } from "~/server/auth/session.server";
import { db } from "~/server/db.server";
import {
  exportStockMovementsCsv,
  listStockMovements,
} from "~/server/inventory/stock-movements-list.server";
import type { MovementRow } from "~/server/inventory/stock-ledger.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { products, stockMovements } from "~/server/db-tables";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";
import { checkoutInput, createProduct, withUnrecordedLots } from "./checkout-factories";

/**
 * The store-wide Stock movements screen and its CSV: every filter, keyset pages both ways, dates
 * in STORE_TIMEZONE (America/Vancouver: UTC−7 in June), formula cells neutralised.
 */
let owner: { id: string };
let staff: { id: string };
let cookie: string;
let blueDream: Awaited<ReturnType<typeof createProduct>>;
let gummies: Awaited<ReturnType<typeof createProduct>>;
let orderNumber: string;

const query = (q: Record<string, string> = {}) => StockMovementListQuerySchema.parse(q);
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  await resetDatabase();
  owner = await createAdminUser({
    username: "owner",
    displayName: "Olive Owner",
    password: "owner-pass-1",
  });
  staff = await createAdminUser({
    username: "sam",
    displayName: "Sam Staff",
    password: "staff-pass-1",
    role: "manager",
  });
  cookie = (await createAdminSession({ userId: staff.id })).split(";")[0]!;
  blueDream = await createProduct({
    name: "Blue Dream",
    variations: [
      { size: "3.5", priceCents: 3000, stock: 40 },
      { size: "7", priceCents: 5500, stock: 20 },
    ],
  });
  gummies = await createProduct({ name: "Sour Gummies", stock: 50 });
  await db().update(products).set({ sku: "BD-35" }).where(eq(products.id, blueDream.product.id));
  await db().update(products).set({ sku: "GUM-10" }).where(eq(products.id, gummies.product.id));
  const placed = await placeOrder(checkoutInput([{ id: blueDream.id(0), quantity: 2 }]));
  if (!placed.ok) throw new Error(placed.message);
  orderNumber = placed.order.orderNumber;
  // Pin every movement so far (openings and the sale) in May, then add June's by hand.
  await db()
    .update(stockMovements)
    .set({ createdAt: at("2026-05-01T12:00:00Z") });
  await db()
    .update(stockMovements)
    .set({ createdAt: at("2026-05-02T12:00:00Z") })
    .where(eq(stockMovements.reason, "sold"));
  const move = (
    product: typeof blueDream,
    size: number | null,
    createdAt: string,
    values: Partial<typeof stockMovements.$inferInsert> & { reason: MovementRow["reason"] },
  ) => ({
    productId: product.product.id,
    variationId: size === null ? null : product.variations[size]!.id,
    quantity: 1,
    stockAfter: 1,
    createdAt: at(createdAt),
    ...values,
  });
  await db()
    .insert(stockMovements)
    .values(
      await withUnrecordedLots([
        // 23:59 on June 9 and 00:00 on June 10 in Vancouver (UTC−7).
        move(gummies, null, "2026-06-10T06:59:00Z", {
          reason: "received",
          adminId: owner.id,
          quantity: 12,
        }),
        move(gummies, null, "2026-06-10T07:00:00Z", {
          reason: "damaged",
          adminId: staff.id,
          quantity: -2,
          note: "=cmd|' /C calc'!A0",
        }),
        move(blueDream, 1, "2026-06-11T06:59:59Z", {
          reason: "lost",
          adminId: staff.id,
          quantity: -1,
          note: "@SUM(1+1), shelf 3",
        }),
        move(blueDream, 0, "2026-06-11T07:00:00Z", {
          reason: "received",
          adminId: owner.id,
          quantity: 5,
        }),
      ]),
    );
});

const names = (rows: MovementRow[]) =>
  rows.map((m) => `${m.productName}:${m.reason}:${m.quantity}`);

describe("the Stock movements list", () => {
  it("lists every movement newest first with its product, size, order and who made it", async () => {
    const page = await listStockMovements(query());
    expect(names(page.rows)).toEqual([
      "Blue Dream:received:5",
      "Blue Dream:lost:-1",
      "Sour Gummies:damaged:-2",
      "Sour Gummies:received:12",
      "Blue Dream:sold:-2",
      // The openings, at one instant (their order: by id).
      ...page.rows.slice(5).map((m) => `${m.productName}:received:${m.quantity}`),
    ]);
    expect(
      page.rows
        .slice(5)
        .map((m) => m.quantity)
        .sort(),
    ).toEqual([20, 40, 50]);
    expect(page.rows).toHaveLength(8);
    const sold = page.rows[4]!;
    expect(sold).toMatchObject({
      sku: "BD-35",
      size: "3.5",
      sizeUnit: "g",
      stockAfter: 38,
      orderNumber,
      staff: null,
    });
    expect(page.rows[1]).toMatchObject({
      staff: "Sam Staff",
      size: "7",
      note: "@SUM(1+1), shelf 3",
    });
    expect(page).toMatchObject({ newer: undefined, older: undefined });
  });

  it("finds a product by any part of its name or SKU, any case", async () => {
    for (const q of ["blue", "DREAM", "bd-3", "  Dream "]) {
      const page = await listStockMovements(query({ q }));
      expect(new Set(page.rows.map((m) => m.productName)), q).toEqual(new Set(["Blue Dream"]));
      expect(page.rows, q).toHaveLength(5);
    }
    expect((await listStockMovements(query({ q: "gum-1" }))).rows).toHaveLength(3);
    expect((await listStockMovements(query({ q: "no such thing" }))).rows).toEqual([]);
    // LIKE's wildcards are matched as themselves.
    expect((await listStockMovements(query({ q: "%" }))).rows).toEqual([]);
  });

  it("filters by reason", async () => {
    const received = names((await listStockMovements(query({ reason: "received" }))).rows);
    expect(received.slice(0, 2)).toEqual(["Blue Dream:received:5", "Sour Gummies:received:12"]);
    expect(received).toHaveLength(5);
    expect(names((await listStockMovements(query({ reason: "sold" }))).rows)).toEqual([
      "Blue Dream:sold:-2",
    ]);
    // An unknown reason is no filter.
    expect((await listStockMovements(query({ reason: "stolen" }))).rows).toHaveLength(8);
  });

  it("filters by staff member, or the store itself", async () => {
    expect(names((await listStockMovements(query({ staff: staff.id }))).rows)).toEqual([
      "Blue Dream:lost:-1",
      "Sour Gummies:damaged:-2",
    ]);
    expect(names((await listStockMovements(query({ staff: owner.id }))).rows)).toEqual([
      "Blue Dream:received:5",
      "Sour Gummies:received:12",
    ]);
    const store = await listStockMovements(query({ staff: "store" }));
    expect(store.rows).toHaveLength(4);
    expect(store.rows.every((m) => m.staff === null)).toBe(true);
    expect(query({ staff: "'; drop table x" }).staff).toBe("all");
  });

  it("filters by days from and to in the store's time zone", async () => {
    const days = async (q: Record<string, string>) =>
      names((await listStockMovements(query(q))).rows);
    // June 10 in Vancouver: from 07:00 UTC on the 10th to 06:59:59 UTC on the 11th.
    expect(await days({ from: "2026-06-10", to: "2026-06-10" })).toEqual([
      "Blue Dream:lost:-1",
      "Sour Gummies:damaged:-2",
    ]);
    expect(await days({ from: "2026-06-11" })).toEqual(["Blue Dream:received:5"]);
    expect(await days({ to: "2026-06-09" })).toHaveLength(5);
    expect(await days({ from: "2026-05-02", to: "2026-05-02" })).toEqual(["Blue Dream:sold:-2"]);
    // Not a date: no limit.
    expect(query({ from: "2026-02-30", to: "tomorrow" })).toMatchObject({ from: "", to: "" });
    expect(await days({ from: "2026-06-11", to: "2026-06-10" })).toEqual([]);
  });

  it("combines filters", async () => {
    const page = await listStockMovements(
      query({
        q: "gummies",
        reason: "damaged",
        staff: staff.id,
        from: "2026-06-10",
        to: "2026-06-10",
      }),
    );
    expect(names(page.rows)).toEqual(["Sour Gummies:damaged:-2"]);
    expect((await listStockMovements(query({ q: "blue", reason: "damaged" }))).rows).toEqual([]);
  });
});

describe("keyset pages", () => {
  it("walks older and back newer, a whole transaction's movements across a page boundary", async () => {
    // 45 more in June: 30 one second apart, then 15 written together at one instant.
    const base = Date.parse("2026-06-20T12:00:00Z");
    await db()
      .insert(stockMovements)
      .values(
        await withUnrecordedLots([
          ...Array.from({ length: 30 }, (_, i) => ({
            productId: gummies.product.id,
            quantity: 1,
            stockAfter: 100 + i,
            reason: "returned" as const,
            createdAt: new Date(base + i * 1000),
          })),
          ...Array.from({ length: 15 }, (_, i) => ({
            productId: gummies.product.id,
            quantity: -1,
            stockAfter: 200 + i,
            reason: "returned" as const,
            createdAt: new Date(base - 1000),
          })),
        ]),
      );
    const all = (await listStockMovements(query({ reason: "returned" }), 1000)).rows;
    expect(all).toHaveLength(45);

    // The same walk with the days around them (a cursor makes one of the bounds redundant).
    const pages: MovementRow[][] = [];
    const variants: Record<string, string>[] = [
      { reason: "returned" },
      { reason: "returned", from: "2026-06-20", to: "2026-06-20" },
    ];
    for (const filters of variants) {
      pages.length = 0;
      let page = await listStockMovements(query(filters));
      pages.push(page.rows);
      expect(page.newer).toBeUndefined();
      while (page.older) {
        page = await listStockMovements(query({ ...filters, after: page.older }));
        pages.push(page.rows);
      }
      expect(pages.map((p) => p.length)).toEqual([20, 20, 5]);
      expect(pages.flat().map((m) => m.id)).toEqual(all.map((m) => m.id));

      // …and back: each Newer page is the page before it.
      const back: MovementRow[][] = [page.rows];
      while (page.newer) {
        page = await listStockMovements(query({ ...filters, before: page.newer }));
        back.unshift(page.rows);
      }
      expect(back.map((p) => p.map((m) => m.id))).toEqual(pages.map((p) => p.map((m) => m.id)));
      // The first page reached going back has no newer page but still an older one.
      expect(page.newer).toBeUndefined();
      expect(page.older).toBeDefined();
    }

    // A cursor that is not one is the first page.
    const forged = await listStockMovements(query({ reason: "returned", after: "2026-06-20_x" }));
    expect(forged.rows.map((m) => m.id)).toEqual(pages[0]!.map((m) => m.id));
    await db().delete(stockMovements).where(eq(stockMovements.reason, "returned"));
  });
});

describe("the Stock movements routes", () => {
  const get = (url: string) =>
    new Request(`http://store.test${url}`, { headers: { Cookie: cookie } });

  it("loads the screen with the staff to filter by and the dates written on the server", async () => {
    const data = (await callRoute(
      listRoute,
      "loader",
      get("/budzadmin/dashboard/stock?reason=lost&staff=nobody&after=garbage"),
    )) as Awaited<ReturnType<typeof listRoute.loader>>;
    expect(data.query).toMatchObject({ reason: "lost", staff: "all" });
    expect(data.list.rows.map((m) => m.reason)).toEqual(["lost"]);
    expect(data.staff.map((s) => s.name)).toEqual(["Olive Owner", "Sam Staff"]);
    // 06:59:59 UTC on June 11 is 11:59 p.m. on June 10 in Vancouver.
    expect(data.dates["2026-06-11T06:59:59.000Z"]).toMatchObject({
      date: "Jun 10, 2026",
      time: "11:59 p.m.",
    });
  });

  it("downloads the filtered movements as CSV with formula cells neutralised", async () => {
    const response = (await callRoute(
      exportRoute,
      "loader",
      get("/budzadmin/dashboard/stock/export.csv?q=gum&from=2026-06-10"),
    )) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="stock-movements-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await response.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines).toEqual([
      "Date (America/Vancouver),Product,SKU,Size,Reason,Change,Stock after,Order,Staff,Note",
      "2026-06-10 00:00:00,Sour Gummies,GUM-10,,Damaged,-2,1,,Sam Staff,'=cmd|' /C calc'!A0",
    ]);
    const csv = async (q: Record<string, string>) => {
      let out = "";
      for await (const chunk of exportStockMovementsCsv(query(q))) out += chunk;
      return out.replace(/^\uFEFF/, "").split("\r\n");
    };
    expect(await csv({ reason: "lost" })).toContain(
      `2026-06-10 23:59:59,Blue Dream,BD-35,7g,Lost or stolen,-1,1,,Sam Staff,"'@SUM(1+1), shelf 3"`,
    );
    expect(await csv({ reason: "sold" })).toContain(
      `2026-05-02 05:00:00,Blue Dream,BD-35,3.5g,Sold,-2,38,${orderNumber},Store,`,
    );
  });

  it("streams an export of more than one batch", async () => {
    await db()
      .insert(stockMovements)
      .values(
        await withUnrecordedLots(
          Array.from({ length: 2100 }, (_, i) => ({
            productId: gummies.product.id,
            quantity: 1,
            stockAfter: i + 1,
            reason: "returned" as const,
            // Several share each millisecond: the batches must not skip or repeat any.
            createdAt: new Date(Date.parse("2026-07-01T00:00:00Z") + Math.floor(i / 7)),
          })),
        ),
      );
    let out = "";
    for await (const chunk of exportStockMovementsCsv(query({ reason: "returned" }))) out += chunk;
    const lines = out.split("\r\n").slice(1);
    expect(lines).toHaveLength(2100);
    expect(new Set(lines.map((l) => l.split(",")[6])).size).toBe(2100);
  });
});
