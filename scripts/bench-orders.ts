// `npm run bench:orders [-- --orders 100000]`: the admin Orders list on a large order book (in-memory
// PGlite). Prints the time of page 1, a deep page reached by
// its keyset cursor, and an email search, each the median of 15 runs, with the SQL statements each
// page ran. Goal (issue 9): page 1 and the deep page within 1.5x of each other, at most 6 statements.
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { migrateDatabase, openPglite, setDatabase, db } from "~/server/db.server";
import { encodeListCursor } from "~/server/keyset.server";
import { listAdminOrders } from "~/server/orders/order-list.server";
import { OrderListQuerySchema } from "~/schemas/orders";
import { listTimer } from "./bench-list";

const { values } = parseArgs({ options: { orders: { type: "string", default: "100000" } } });
const count = Number(values.orders);
const handle = await openPglite({});
await migrateDatabase(handle);
setDatabase(handle);

console.log(`seeding ${count.toLocaleString("en-CA")} orders (${handle.driver})…`);
await db().execute(sql`
  insert into products (slug, name, category, selling_price_cents, stock)
  values ('bench-product', 'Bench Product', 'flowers', 2500, 1000000)`);
await db().execute(sql`
  insert into orders (email, shipping_name, shipping_street, shipping_city, shipping_province,
    shipping_postal_code, status, subtotal_cents, total_amount_cents, access_token, created_at)
  select 'buyer' || g || '@example.com', 'Buyer ' || g, '1 Main St', 'Vancouver', 'BC', 'V6B 1A1',
    (array['pending','paid','processing','shipped','delivered','completed','cancelled'])[1 + g % 7],
    2500 * (1 + g % 4), 2500 * (1 + g % 4) + 2000, 'bench-' || g,
    now() - (g || ' minutes')::interval
  from generate_series(1, ${count}) g`);
await db().execute(sql`
  insert into order_items (order_id, product_id, product_name, quantity, price_at_purchase_cents)
  select o.id, p.id, p.name, 1 + (o.subtotal_cents / 2500) % 3, 2500 from orders o, products p`);
await db().execute(sql`analyze`);

const timer = listTimer(handle, 28);
const time = (label: string, query: Record<string, string>) =>
  timer(label, () => listAdminOrders(OrderListQuerySchema.parse(query)));

const deepRow = (await db().execute(sql`
  select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as t
  from orders order by created_at desc, id desc offset ${count - 40} limit 1`)) as unknown as {
  rows: { id: string; t: string }[];
};
const deep = encodeListCursor({ cursorTime: deepRow.rows[0]!.t, id: deepRow.rows[0]!.id });
const first = await time("page 1", {});
const last = await time(`page ${Math.ceil(count / 20) - 1} (keyset)`, {
  after: deep,
  page: "4999",
});
await time("status filter (paid)", { status: "paid" });
await time("email search (prefix)", { q: "buyer4242" });
console.log(`deep page / page 1: ${(last / first).toFixed(2)}x (goal ≤ 1.5x)`);
await handle.close();
