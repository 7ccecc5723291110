// `npm run bench:customers [-- --customers 100000 --rows 10000]`: the admin Customers list on a large
// customer book (in-memory PGlite, one order per customer) and a CSV import preview. Prints the time
// of page 1, a deep page reached by its keyset cursor, a status filter and a name search (each the
// median of 15 runs after a warm-up, with the statements each page ran), then the time to preview a --rows-row CSV
// file (parse, check, look up existing emails, store the preview; median of 3).
// Goals (issue 11): deep page within 1.5x of page 1; a 10,000-row preview under 5 s.
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { CustomerListQuerySchema } from "~/schemas/customers";
import { previewCustomerImport } from "~/server/customers/customer-import.server";
import { listCustomers } from "~/server/customers/customer-list.server";
import { db, migrateDatabase, openPglite, setDatabase } from "~/server/db.server";
import { encodeListCursor } from "~/server/keyset.server";
import { listTimer } from "./bench-list";

const { values } = parseArgs({
  options: {
    customers: { type: "string", default: "100000" },
    rows: { type: "string", default: "10000" },
  },
});
const count = Number(values.customers);
const rows = Number(values.rows);
const handle = await openPglite({});
await migrateDatabase(handle);
setDatabase(handle);

console.log(`seeding ${count.toLocaleString("en-CA")} customers and orders (${handle.driver})…`);
await db().execute(sql`
  insert into customers (name, email, phone, status, created_at)
  select 'Buyer' || g || ' Surname' || (g % 977), 'buyer' || g || '@example.com', '604-555-0100',
    case when g % 7 = 0 then 'inactive' else 'active' end, now() - (g || ' minutes')::interval
  from generate_series(1, ${count}) g`);
await db().execute(sql`
  insert into orders (customer_id, email, shipping_name, shipping_street, shipping_city,
    shipping_province, shipping_postal_code, status, subtotal_cents, total_amount_cents, access_token)
  select id, email, name, '1 Main St', 'Vancouver', 'BC', 'V6B 1A1',
    (array['pending','paid','processing','shipped','delivered','completed','cancelled'])[1 + customer_number % 7],
    2500, 4500, 'bench-' || customer_number
  from customers`);
// What autovacuum does on a live PostgreSQL: statistics, and a visibility map for index-only counts.
await db().execute(sql`vacuum analyze`);

const timer = listTimer(handle);
const time = (label: string, query: Record<string, string>) =>
  timer(label, () => listCustomers(CustomerListQuerySchema.parse(query)));

const deepRow = (await db().execute(sql`
  select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as t
  from customers order by created_at desc, id desc offset ${count - 40} limit 1`)) as unknown as {
  rows: { id: string; t: string }[];
};
const deep = encodeListCursor({ cursorTime: deepRow.rows[0]!.t, id: deepRow.rows[0]!.id });
const deepPage = Math.ceil(count / 20) - 1;
const first = await time("page 1", {});
const last = await time(`page ${deepPage} (keyset)`, { after: deep, page: String(deepPage) });
await time("status filter (inactive)", { status: "inactive" });
await time("name search (surname prefix)", { q: "surname42" });
console.log(`deep page / page 1: ${(last / first).toFixed(2)}x (goal ≤ 1.5x)`);

// A CSV whose every 10th row is already a customer (so the preview looks them up too).
const lines = ["Name,Email,Phone,Address,Consent"];
for (let i = 1; i <= rows; i++) {
  const email = i % 10 === 0 ? `buyer${i}@example.com` : `new.person${i}@example.org`;
  lines.push(
    `"person ${i}, jr",${email},(604) 555-${String(i % 10000).padStart(4, "0")},"${i} Main St, Unit 2",${i % 3 === 0 ? "yes" : "no"}`,
  );
}
const bytes = new TextEncoder().encode(lines.join("\r\n"));
const previews: number[] = [];
for (let i = 0; i < 3; i++) {
  const started = performance.now();
  const result = await previewCustomerImport({ fileName: "bench.csv", bytes, createdBy: "bench" });
  previews.push(performance.now() - started);
  if (!result.ok) throw new Error(result.message);
}
previews.sort((a, b) => a - b);
console.log(
  `import preview, ${rows.toLocaleString("en-CA")} rows (${(bytes.length / 1024 / 1024).toFixed(1)} MB): ${(previews[1]! / 1000).toFixed(2)} s (goal < 5 s)`,
);
await handle.close();
