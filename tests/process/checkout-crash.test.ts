import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { migrateDatabase, openPglite, openPostgres, type DatabaseHandle } from "~/server/db.server";
import {
  invoices,
  orderEmailsSent,
  orderItems,
  orderStatusHistory,
  orders,
  productVariations,
  products,
} from "~/server/db-tables";
import { ledgerSeededStock, migratedDataDir } from "../fixtures/database";
import { checkoutForm, submit } from "./checkout-client";
import { freshDatabaseUrl, freshDataDir, startServer } from "./server-harness";

// kill -9 of the server while checkouts are in flight, then a restart: every order the server
// acknowledged is there whole, nothing is half-written, and stock adds up to what was sold.
const STOCK = 500;
const BUYERS = 80;

const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

async function openStore(dataDir: string, url: string | undefined): Promise<DatabaseHandle> {
  const handle = url
    ? openPostgres(url, 2)
    : await openPglite({ dataDir: path.join(dataDir, "pglite") });
  await migrateDatabase(handle, url);
  return handle;
}

async function seed(handle: DatabaseHandle) {
  const [plain, sized] = await handle.db
    .insert(products)
    .values([
      {
        slug: "crash-gummies",
        name: "Crash Gummies",
        category: "edibles",
        sellingPriceCents: 1000,
        stock: STOCK,
        netAmountMilli: 1000,
      },
      {
        slug: "crash-kush",
        name: "Crash Kush",
        category: "flowers",
        sellingPriceCents: 4000,
        stock: STOCK,
      },
    ])
    .returning({ id: products.id });
  const [size] = await handle.db
    .insert(productVariations)
    .values({
      productId: sized!.id,
      size: "3.5",
      priceCents: 4000,
      stock: STOCK,
      netAmountMilli: 3500,
    })
    .returning({ id: productVariations.id });
  await ledgerSeededStock(handle.db);
  return { plain: plain!.id, sized: `${sized!.id}_${size!.id}`, sizedProduct: sized!.id };
}

describe("checkout survives kill -9", () => {
  it("keeps every acknowledged order whole and the stock consistent", async () => {
    const url = await freshDatabaseUrl();
    const dataDir = url ? freshDataDir() : await migratedDataDir();
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const setup = await openStore(dataDir, url);
    const ids = await seed(setup);
    await setup.close();

    const env = { DATA_DIR: dataDir, DATABASE_URL: url, LOG_LEVEL: "info", SEED_SAMPLE_DATA: "0" };
    const server = await startServer(env);
    cleanup.push(() => void server.child.kill("SIGKILL"));

    const attempts = Array.from({ length: BUYERS }, (_, i) => {
      const key = crypto.randomBytes(16).toString("base64url");
      const items = [
        { id: ids.plain, quantity: 1 + (i % 3) },
        ...(i % 2 ? [{ id: ids.sized, quantity: 1 }] : []),
      ];
      return { key, items };
    });
    const acknowledged = new Map<string, string>();
    let killed = false;
    const pending = attempts.map(async (attempt) => {
      const token = await submit(server, checkoutForm(attempt.key, attempt.items));
      if (token && !killed) acknowledged.set(attempt.key, token);
      // Kill mid-stream: after a few acknowledgements, with most checkouts still in flight.
      if (acknowledged.size >= 5 && !killed) {
        killed = true;
        server.child.kill("SIGKILL");
      }
    });
    await Promise.all(pending);
    await server.exited;
    expect(killed).toBe(true);
    expect(acknowledged.size).toBeGreaterThanOrEqual(5);
    expect(acknowledged.size).toBeLessThan(BUYERS);

    // Restart on the same data: every acknowledged order's page is there.
    const restarted = await startServer(env);
    cleanup.push(() => void restarted.child.kill("SIGKILL"));
    for (const token of acknowledged.values()) {
      const response = await fetch(`${restarted.url}/orders/${token}`);
      expect(response.status).toBe(200);
    }
    // Retrying every submission now makes each one's order exactly once.
    for (const attempt of attempts) {
      const token = await submit(restarted, checkoutForm(attempt.key, attempt.items));
      expect(token).not.toBeNull();
      if (acknowledged.has(attempt.key)) expect(token).toBe(acknowledged.get(attempt.key));
    }
    restarted.child.kill("SIGTERM");
    await restarted.exited;

    const check = await openStore(dataDir, url);
    const db = check.db;
    try {
      const all = await db.select().from(orders);
      expect(all).toHaveLength(BUYERS);
      for (const order of all) {
        const [items] = await db
          .select({ n: count() })
          .from(orderItems)
          .where(eq(orderItems.orderId, order.id));
        const [invoice] = await db
          .select({ n: count() })
          .from(invoices)
          .where(eq(invoices.orderId, order.id));
        const [history] = await db
          .select({ n: count() })
          .from(orderStatusHistory)
          .where(eq(orderStatusHistory.orderId, order.id));
        const [email] = await db
          .select({ n: count() })
          .from(orderEmailsSent)
          .where(eq(orderEmailsSent.orderId, order.id));
        const attempt = attempts.find((a) => a.key === order.idempotencyKey)!;
        expect(items!.n).toBe(attempt.items.length);
        expect(invoice!.n).toBe(1);
        expect(history!.n).toBe(1);
        expect(email!.n).toBe(1);
      }
      const soldPlain = attempts.reduce((sum, a) => sum + a.items[0]!.quantity, 0);
      const soldSized = attempts.filter((a) => a.items.length > 1).length;
      const stock = await db.select({ id: products.id, stock: products.stock }).from(products);
      expect(stock.find((p) => p.id === ids.plain)!.stock).toBe(STOCK - soldPlain);
      expect(stock.find((p) => p.id === ids.sizedProduct)!.stock).toBe(STOCK - soldSized);
      const [variation] = await db
        .select({ stock: productVariations.stock })
        .from(productVariations);
      expect(variation!.stock).toBe(STOCK - soldSized);
      const [sold] = await db
        .execute(sql`select coalesce(sum(quantity), 0)::int as n from order_items`)
        .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
      expect(sold!.n).toBe(soldPlain + soldSized);
    } finally {
      await check.close();
    }
  });
});
