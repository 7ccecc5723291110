// The battery's checkout races, through the production server as shoppers reach it: 200 shoppers
// for 10 in stock, 50 orders for a coupon with 5 uses left, one idempotency key sent 40 times, and
// rounds of kill -9 in the middle of 50 checkouts.
import crypto from "node:crypto";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrateDatabase, openPglite, openPostgres, type DatabaseHandle } from "~/server/db.server";
import { coupons, products } from "~/server/db-tables";
import { checkoutForm, submit } from "../../tests/process/checkout-client";
import { freshDataDir, startServer, type RunningServer } from "../../tests/process/server-harness";

export interface Store {
  dataDir: string;
  databaseUrl?: string;
  env: Record<string, string | undefined>;
}

async function open(store: Store): Promise<DatabaseHandle> {
  const handle = store.databaseUrl
    ? openPostgres(store.databaseUrl, 2)
    : await openPglite({ dataDir: path.join(store.dataDir, "pglite") });
  await migrateDatabase(handle, store.databaseUrl);
  return handle;
}

/** A store with the race's products and coupon, before its server starts. */
export async function prepareStore(databaseUrl?: string) {
  const dataDir = freshDataDir();
  const store: Store = {
    dataDir,
    databaseUrl,
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SEED_SAMPLE_DATA: "0" },
  };
  const handle = await open(store);
  const [scarce, plenty] = await handle.db
    .insert(products)
    .values([
      {
        slug: "last-ten",
        name: "Last Ten",
        category: "edibles",
        sellingPriceCents: 1500,
        stock: 10,
      },
      {
        slug: "plenty",
        name: "Plenty",
        category: "edibles",
        sellingPriceCents: 1500,
        stock: 100_000,
      },
    ])
    .returning({ id: products.id });
  await handle.db
    .insert(coupons)
    .values({ code: "FIVELEFT", type: "percentage", value: 10, maxUses: 20, usedCount: 15 });
  await handle.close();
  return { store, scarce: scarce!.id, plenty: plenty!.id };
}

async function figures(store: Store) {
  const handle = await open(store);
  try {
    const result = await handle.db.execute(sql`
      select
        (select count(*)::int from orders) as orders,
        (select coalesce(sum(quantity), 0)::int from order_items oi join products p on p.id = oi.product_id where p.slug = 'last-ten') as "soldScarce",
        (select stock from products where slug = 'last-ten') as "stockScarce",
        (select count(*)::int from orders where coupon_code is not null) as "withCoupon",
        (select used_count from coupons where code = 'FIVELEFT') as "couponUsed",
        (select count(*)::int from orders o where not exists (select 1 from order_items i where i.order_id = o.id)
           or not exists (select 1 from invoices v where v.order_id = o.id)
           or not exists (select 1 from order_status_history h where h.order_id = o.id)) as partial,
        (select coalesce(sum(quantity), 0)::int from order_items oi join products p on p.id = oi.product_id where p.slug = 'plenty') as "soldPlenty",
        (select stock from products where slug = 'plenty') as "stockPlenty"`);
    const rows = (result as unknown as { rows: Record<string, number>[] }).rows;
    return rows[0]!;
  } finally {
    await handle.close();
  }
}

const key = () => crypto.randomBytes(18).toString("base64url");

/** 200 concurrent checkouts for a product with 10 in stock; coupon and idempotency races after. */
export async function raceCheckouts(databaseUrl?: string) {
  const { store, scarce, plenty } = await prepareStore(databaseUrl);
  const server = await startServer(store.env);
  try {
    const stock = await Promise.all(
      Array.from({ length: 200 }, () =>
        submit(server, checkoutForm(key(), [{ id: scarce, quantity: 1 }])),
      ),
    );
    const coupon = await Promise.all(
      Array.from({ length: 50 }, () =>
        submit(
          server,
          checkoutForm(key(), [{ id: plenty, quantity: 1 }], { couponCode: "FIVELEFT" }),
        ),
      ),
    );
    const same = key();
    const repeated = await Promise.all(
      Array.from({ length: 40 }, () =>
        submit(server, checkoutForm(same, [{ id: plenty, quantity: 2 }])),
      ),
    );
    await stop(server);
    const f = await figures(store);
    return {
      stockAcknowledged: stock.filter(Boolean).length,
      soldScarce: f.soldScarce!,
      stockLeft: f.stockScarce!,
      couponAcknowledged: coupon.filter(Boolean).length,
      withCoupon: f.withCoupon!,
      couponUsed: f.couponUsed! - 15,
      idempotentTokens: new Set(repeated.filter(Boolean)).size,
      idempotentAcknowledged: repeated.filter(Boolean).length,
      orders: f.orders!,
    };
  } finally {
    server.child.kill("SIGKILL");
  }
}

async function stop(server: RunningServer) {
  server.child.kill("SIGTERM");
  await server.exited;
}

/** Rounds of kill -9 while 50 checkouts are in flight; then every acknowledged order must be whole. */
export async function killRounds(rounds: number, databaseUrl?: string) {
  const { store, plenty } = await prepareStore(databaseUrl);
  const acknowledged = new Map<string, string>();
  let submitted = 0;
  for (let round = 0; round < rounds; round++) {
    const server = await startServer(store.env);
    let killed = false;
    let roundAcks = 0;
    await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const k = key();
        const token = await submit(
          server,
          checkoutForm(k, [{ id: plenty, quantity: 1 + (i % 3) }]),
        );
        submitted++;
        if (token && !killed) {
          acknowledged.set(k, token);
          roundAcks++;
        }
        // Kill mid-stream: after a few acknowledgements, with most checkouts still in flight.
        if (!killed && roundAcks >= 5) {
          killed = true;
          server.child.kill("SIGKILL");
        }
      }),
    );
    if (!killed) server.child.kill("SIGKILL");
    await server.exited;
  }
  // Restart once more: every acknowledged order's page answers.
  const server = await startServer(store.env);
  let missing = 0;
  for (const token of acknowledged.values()) {
    const response = await fetch(`${server.url}/orders/${token}`);
    if (response.status !== 200) missing++;
  }
  await stop(server);
  const f = await figures(store);
  return {
    rounds,
    submitted,
    acknowledged: acknowledged.size,
    missing,
    partial: f.partial!,
    stockConsistent: f.soldPlenty! + f.stockPlenty! === 100_000,
  };
}
