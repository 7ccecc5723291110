import { sql } from "drizzle-orm";
import { testActor } from "../../../tests/setup/audit";
import { beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_DATA_REFUSED, type Generator } from "~/lib/database-tools";
import { resetDatabase, testDriver } from "../../../tests/setup/database";
import { config, type Config } from "../config.server";
import { db } from "../db.server";
import { products } from "../db-tables";
import { generateSampleDataset } from "../seed/sample-data.server";
import * as tools from "./database-tools.server";
import { getOverview } from "./overview.server";

// The backup taken before sample data replaces a store's data is tested in backups.test.ts.
const noBackup = () => Promise.resolve({ ok: true as const });
/** The generators with the test's configuration (the real one with `changes`) and no backup. */
const generate = (generator: Generator, changes: Partial<Config> = {}) =>
  tools.runGenerator(generator, testActor(), {
    settings: { ...config(), ...changes },
    backupFirst: noBackup,
  });

async function scalar(query: ReturnType<typeof sql>): Promise<number> {
  const result = (await db().execute(query)) as unknown as { rows: { n: string | number }[] };
  return Number(result.rows[0]!.n);
}

beforeAll(async () => {
  await resetDatabase();
  await generateSampleDataset({ products: 21, customers: 8, orders: 30 });
});

describe("overview", () => {
  it("computes every figure from the database", async () => {
    const overview = await getOverview();
    expect(overview.revenueCents).toBe(
      await scalar(
        sql`select coalesce(sum(subtotal_cents - discount_cents), 0) as n from orders where status in ('paid','processing','shipped','delivered','completed')`,
      ),
    );
    expect(overview.revenueCents).toBeGreaterThan(0);
    expect(overview.orderCount).toBe(30);
    expect(overview.customerCount).toBe(8);
    expect(overview.productCount).toBe(
      await scalar(sql`select count(*) as n from products where status = 'active'`),
    );
    expect(overview.recentOrders).toHaveLength(5);
    const newest = await scalar(
      sql`select extract(epoch from max(created_at)) * 1000 as n from orders`,
    );
    expect(new Date(overview.recentOrders[0]!.createdAt).getTime()).toBeCloseTo(newest, -1);
    const top = overview.topProducts[0]!;
    expect(top.unitsSold).toBe(
      await scalar(
        sql`select coalesce(max(units), 0) as n from (select sum(i.quantity) as units from order_items i join orders o on o.id = i.order_id where o.status <> 'cancelled' group by i.product_id) t`,
      ),
    );
  });

  it("leaves cancelled and pending orders out of revenue", async () => {
    const before = (await getOverview()).revenueCents;
    await db().execute(
      sql`update orders set status = 'cancelled' where id = (select id from orders where status = 'completed' order by created_at limit 1)`,
    );
    const after = (await getOverview()).revenueCents;
    expect(after).toBeLessThan(before);
  });
});

describe("database tools", () => {
  it("reports the real driver and reads each main table", async () => {
    const label = testDriver() === "pglite" ? "PGlite" : "PostgreSQL";
    expect(await tools.getConnectionStatus()).toEqual({
      ok: true,
      message: `Connected to ${label}`,
    });
    const log = await tools.runConnectionTests();
    expect(log[0]!.message).toBe(`Connected to ${label}`);
    for (const table of ["Products", "Customers", "Orders", "Coupons", "Shipments"]) {
      expect(
        log.some(
          (l) => l.level === "success" && l.message.startsWith(`${table} query succeeded: 5 rows`),
        ),
      ).toBe(true);
    }
    expect(await tools.getLiveCounts()).toEqual({ products: 21, customers: 8, orders: 30 });
  });

  it("inserts a test product without SKU, archived, and reads it back", async () => {
    const log = await tools.insertTestProduct(testActor());
    expect(log[0]).toMatchObject({ level: "success" });
    const [row] = await db()
      .select()
      .from(products)
      .where(sql`${products.name} like 'Test Product %'`);
    expect(row).toMatchObject({ sku: null, status: "archived" });
  });

  it("generates each kind after clearing what it replaces", async () => {
    expect(await generate("orders")).toEqual([
      { level: "info", message: "Cleared all orders, invoices and shipments" },
      { level: "success", message: "Generated 40 orders" },
    ]);
    expect((await tools.getLiveCounts()).orders).toBe(40);
    await generate("customers");
    expect(await tools.getLiveCounts()).toMatchObject({ customers: 25, orders: 0 });
    await generate("products");
    expect(await tools.getLiveCounts()).toMatchObject({ products: 70, customers: 25, orders: 0 });
    const all = await generate("all");
    expect(all[1]!.message).toBe(
      "Sample dataset generated: 70 products, 25 customers, 5 coupons and 40 orders",
    );
  });

  it("needs customers before orders (its message), and changes nothing on failure", async () => {
    await db().execute(sql`delete from order_emails_sent`);
    await db().execute(sql`truncate orders, customers cascade`);
    expect(await generate("orders")).toEqual([
      { level: "error", message: "No customers found. Generate customers first." },
    ]);
    expect((await tools.getLiveCounts()).orders).toBe(0);
  });

  it("is refused in production unless ALLOW_SAMPLE_DATA is set", async () => {
    expect(await generate("all", { NODE_ENV: "production", ALLOW_SAMPLE_DATA: false })).toEqual([
      { level: "error", message: SAMPLE_DATA_REFUSED },
    ]);
    const allowed = await generate("customers", {
      NODE_ENV: "production",
      ALLOW_SAMPLE_DATA: true,
    });
    expect(allowed[1]!.level).toBe("success");
  });

  it("shows the environment with secrets masked", async () => {
    await db().execute(
      sql`insert into store_settings (key, value) values ('smtp_password', '"hunter2"'), ('shipping', '{"flat": 2000, "api_key": "k-123"}')`,
    );
    const env = await tools.getEnvironment({
      ...config(),
      SMTP_URL: "smtp://mailer:hunter2@mail.example.com:587",
      SESSION_SECRET: "x".repeat(40),
    });
    const text = JSON.stringify(env);
    expect(text).not.toContain("hunter2");
    expect(text).not.toContain("k-123");
    expect(text).not.toContain("x".repeat(40));
    expect(env.rows.find((r) => r.label === "Mail transport")!.value).toBe(
      "SMTP smtp://mailer:****@mail.example.com:587",
    );
    expect(env.settings.find((s) => s.key === "shipping")!.value).toContain('"flat":2000');
  });
});
