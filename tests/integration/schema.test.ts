import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db, migrationJournal } from "~/server/db.server";
import { coupons, customers, orders, products, productVariations } from "~/server/db-tables";
import { resetDatabase } from "../setup/database";

const product = (overrides: Partial<typeof products.$inferInsert> = {}) => ({
  slug: `p-${Math.random().toString(36).slice(2)}`,
  name: "Blue Dream",
  category: "flowers",
  sellingPriceCents: 3500,
  ...overrides,
});

/** The database error under the ORM's wrapper: its SQLSTATE and the constraint it names. */
function databaseError(error: unknown): { code?: string; constraint?: string } {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === "string" ? constraint : undefined };
    }
  }
  return {};
}

const CHECK_VIOLATION = "23514";
const UNIQUE_VIOLATION = "23505";

/** The statement fails on exactly this constraint (a check or a unique index). */
async function rejects(promise: Promise<unknown>, constraint: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `expected ${constraint} to refuse the statement`).toBeDefined();
  const found = databaseError(error);
  expect(found.constraint).toBe(constraint);
  expect([CHECK_VIOLATION, UNIQUE_VIOLATION]).toContain(found.code);
}

describe("schema constraints", () => {
  beforeEach(resetDatabase);

  it("refuses negative stock and money", async () => {
    await rejects(
      db()
        .insert(products)
        .values(product({ stock: -1 })),
      "products_stock_check",
    );
    await rejects(
      db()
        .insert(products)
        .values(product({ sellingPriceCents: -5 })),
      "products_selling_price_check",
    );
    const [p] = await db().insert(products).values(product()).returning();
    await rejects(
      db().insert(productVariations).values({ productId: p!.id, size: "1", stock: -2 }),
      "product_variations_stock_check",
    );
    await rejects(
      db()
        .insert(products)
        .values(product({ listedPriceCents: -1 })),
      "products_listed_price_check",
    );
    await rejects(
      db().execute(sql`update products set stock = stock - 1 where id = ${p!.id}`),
      "products_stock_check",
    );
  });

  it("keeps sku, slug, customer email and coupon code unique (the last two case-insensitively)", async () => {
    await db()
      .insert(products)
      .values(product({ sku: "SKU-1" }));
    await rejects(
      db()
        .insert(products)
        .values(product({ sku: "SKU-1" })),
      "products_sku_key",
    );
    await db()
      .insert(products)
      .values(product({ slug: "same" }));
    await rejects(
      db()
        .insert(products)
        .values(product({ slug: "same" })),
      "products_slug_key",
    );
    // Several products without a sku are fine (the Database screen's test product has none).
    await db().insert(products).values([product(), product()]);

    await db().insert(customers).values({ name: "A", email: "a@example.com" });
    await rejects(
      db().insert(customers).values({ name: "B", email: "A@Example.com" }),
      "customers_email_key",
    );

    await db().insert(coupons).values({ code: "SAVE15", type: "percentage", value: 15 });
    await rejects(
      db().insert(coupons).values({ code: "save15", type: "fixed", value: 100 }),
      "coupons_code_key",
    );
    await rejects(
      db().insert(coupons).values({ code: "BIG", type: "percentage", value: 150 }),
      "coupons_value_check",
    );
  });

  it("never lets a coupon's used count pass its max uses", async () => {
    const [c] = await db()
      .insert(coupons)
      .values({ code: "ONCE", type: "fixed", value: 500, maxUses: 1, usedCount: 1 })
      .returning();
    await rejects(
      db().execute(sql`update coupons set used_count = used_count + 1 where id = ${c!.id}`),
      "coupons_usage_check",
    );
  });

  it("numbers orders BBS- plus 8 digits from a sequence", async () => {
    const base = {
      email: "x@example.com",
      shippingName: "X",
      shippingStreet: "1 Main St",
      shippingCity: "Vancouver",
      shippingProvince: "BC",
      shippingPostalCode: "V6B 1A1",
      subtotalCents: 1000,
      totalAmountCents: 3000,
    };
    const rows = await db()
      .insert(orders)
      .values([
        { ...base, accessToken: "t1" },
        { ...base, accessToken: "t2" },
      ])
      .returning({ number: orders.orderNumber });
    const [a, b] = rows.map((r) => r.number);
    expect(a).toMatch(/^BBS-\d{8}$/);
    expect(Number(b!.slice(4))).toBe(Number(a!.slice(4)) + 1);
    await rejects(
      db()
        .insert(orders)
        .values({ ...base, accessToken: "t3", status: "lost" }),
      "orders_status_check",
    );
  });
});

describe("data migrations", () => {
  /** Runs one migration's statements as drizzle's migrator splits them. */
  async function apply(client: PGlite, tag: string) {
    const text = fs.readFileSync(path.resolve("drizzle", `${tag}.sql`), "utf8");
    for (const statement of text.split("--> statement-breakpoint"))
      if (statement.trim()) await client.exec(statement);
  }

  it("carries a plain percent or mg/g over into tenths of mg/g and leaves anything else empty", async () => {
    const tags = migrationJournal().map((m) => m.tag);
    const at = tags.indexOf("0037_potency");
    expect(at).toBeGreaterThan(0);
    const client = await PGlite.create();
    try {
      for (const tag of tags.slice(0, at)) await apply(client, tag);
      await client.exec(`
        insert into products (slug, name, category, selling_price_cents, thc, cbd) values
          ('a', 'A', 'flowers', 100, '22%', '0.5%'),
          ('b', 'B', 'flowers', 100, '18-24%', 'high'),
          ('c', 'C', 'concentrates', 100, 'THC: 72.5 %', '220 mg/g');
        insert into product_variations (product_id, size, thc, cbd)
          select id, '3.5', thc, cbd from products where slug = 'a';`);
      await apply(client, "0037_potency");
      const { rows } = await client.query<Record<string, number | null>>(
        "select slug, thc_tenths, cbd_tenths, total_thc_tenths from products order by slug",
      );
      expect(rows).toEqual([
        { slug: "a", thc_tenths: 2200, cbd_tenths: 50, total_thc_tenths: null },
        { slug: "b", thc_tenths: null, cbd_tenths: null, total_thc_tenths: null },
        { slug: "c", thc_tenths: 7250, cbd_tenths: 2200, total_thc_tenths: null },
      ]);
      const sizes = await client.query("select thc_tenths, cbd_tenths from product_variations");
      expect(sizes.rows).toEqual([{ thc_tenths: 2200, cbd_tenths: 50 }]);
      const columns = await client.query(
        "select column_name from information_schema.columns where table_name in ('products', 'product_variations') and column_name in ('thc', 'cbd')",
      );
      expect(columns.rows).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it("0040 opens one unrecorded lot per size holding its stock, and every movement names it", async () => {
    const tags = migrationJournal().map((m) => m.tag);
    const at = tags.indexOf("0040_stock-lots");
    const client = await PGlite.create();
    try {
      for (const tag of tags.slice(0, at)) await apply(client, tag);
      await client.exec(`
        insert into products (slug, name, category, selling_price_cents, stock) values
          ('sized', 'Sized', 'flowers', 100, 7), ('plain', 'Plain', 'edibles', 100, 4),
          ('empty', 'Empty', 'edibles', 100, 0);
        insert into product_variations (product_id, size, stock)
          select id, '3.5', 7 from products where slug = 'sized';
        insert into stock_movements (product_id, variation_id, quantity, stock_after, reason)
          select product_id, id, 9, 9, 'received' from product_variations;
        insert into stock_movements (product_id, variation_id, quantity, stock_after, reason)
          select product_id, id, -2, 7, 'sold' from product_variations;
        insert into stock_movements (product_id, quantity, stock_after, reason)
          select id, 4, 4, 'received' from products where slug = 'plain';`);
      await apply(client, "0040_stock-lots");
      const lots = await client.query(
        `select p.slug, l.variation_id is not null as sized, l.lot_number, l.on_hand,
           (select count(*)::int from stock_movements m where m.lot_id = l.id) as movements
         from stock_lots l join products p on p.id = l.product_id order by p.slug`,
      );
      expect(lots.rows).toEqual([
        { slug: "empty", sized: false, lot_number: "unrecorded", on_hand: 0, movements: 0 },
        { slug: "plain", sized: false, lot_number: "unrecorded", on_hand: 4, movements: 1 },
        { slug: "sized", sized: true, lot_number: "unrecorded", on_hand: 7, movements: 2 },
      ]);
    } finally {
      await client.close();
    }
  });
});
