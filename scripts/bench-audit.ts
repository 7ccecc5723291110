// `npm run bench:audit [-- --entries 1000000]`: the audit log's two costs, on an in-memory PGlite,
// or on the PostgreSQL of BENCH_DATABASE_URL (an empty scratch database: the bench migrates it).
// 1. What writing the entry adds to an admin save: the median of 201 saves of a product (its row
//    updated in a transaction) with and without its audit entry (recordAudit in that transaction),
//    alternating. Goal (issue 27): under 1 ms.
// 2. The Activity screen on 1,000,000 entries (4 staff, 16 areas, entries 30 s apart over the last
//    year, one generate_series insert): each filter's first page against its deepest (the page
//    40 rows from its end, by its cursor), the median of 21 loads of each, alternating.
//    Goal: within 1.5x of each other.
import os from "node:os";
import { parseArgs } from "node:util";
import { count, desc, eq, sql } from "drizzle-orm";
import { AUDIT_AREAS } from "~/lib/audit";
import { AuditListQuerySchema } from "~/schemas/audit";
import { listActivity } from "~/server/audit/activity.server";
import { recordAudit } from "~/server/audit/audit-log.server";
import { db, migrateDatabase, openPglite, openPostgres, setDatabase } from "~/server/db.server";
import { encodeCursor } from "~/server/keyset.server";
import { adminUsers, auditLog, products } from "~/server/db-tables";

const { values } = parseArgs({ options: { entries: { type: "string", default: "1000000" } } });
const total = Number(values.entries);
const url = process.env.BENCH_DATABASE_URL;
const handle = url ? openPostgres(url) : await openPglite({});
await migrateDatabase(handle, url);
setDatabase(handle);
const median = (runs: number[]) => [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
const load = () => (process.platform === "linux" ? os.loadavg()[0]!.toFixed(1) : "?");

const started = performance.now();
console.log(`seeding ${total.toLocaleString("en-CA")} audit entries (${handle.driver})…`);
await db().execute(sql`
  insert into admin_users (username, display_name, password_hash, role)
  select 'staff' || g, 'Staff ' || g, 'x', 'staff' from generate_series(1, 4) g`);
const areas = sql.raw(`array[${AUDIT_AREAS.map((a) => `'${a}'`).join(",")}]`);
await db().execute(sql`
  with staff as (select array_agg(id order by username) as ids, array_agg(display_name order by username) as names from admin_users)
  insert into audit_log (created_at, admin_id, admin_name, ip_address, area, action, record_type, record_id, record_label, changes)
  select now() - (g * 30 || ' seconds')::interval, staff.ids[1 + g % 4], staff.names[1 + g % 4], '203.0.113.' || (g % 200),
    (${areas})[1 + g % 16], (array['create','update','update','update','delete','export','status'])[1 + g % 7],
    'product', 'R-' || (g % 50000), 'Record ' || (g % 50000),
    jsonb_build_object('price', jsonb_build_array('$' || (g % 90) || '.00', '$' || (g % 90 + 1) || '.00'))
  from generate_series(1, ${total}) g cross join staff`);
await db().execute(sql`vacuum analyze`);
console.log(
  `seeded in ${((performance.now() - started) / 1000).toFixed(1)} s; load average ${load()}`,
);

// 1. The save, with and without its entry.
const [product] = await db()
  .insert(products)
  .values({ slug: "bench", name: "Bench", category: "flowers", sellingPriceCents: 2500 })
  .returning({ id: products.id });
const [admin] = await db().select().from(adminUsers).limit(1);
const actor = { adminId: admin!.id, name: admin!.displayName, ip: "203.0.113.7" };
let price = 2500;
async function save(audited: boolean) {
  await db().transaction(async (tx) => {
    const before = price;
    price = price === 2500 ? 2600 : 2500;
    await tx
      .update(products)
      .set({ sellingPriceCents: price, updatedAt: new Date() })
      .where(eq(products.id, product!.id));
    if (audited)
      await recordAudit(tx, {
        actor,
        area: "products",
        action: "update",
        record: { type: "product", id: product!.id, label: "Bench" },
        changes: { price: [`$${before / 100}`, `$${price / 100}`] },
      });
  });
}
for (let i = 0; i < 20; i++) await save(i % 2 === 0);
const saves: [number[], number[]] = [[], []];
for (let i = 0; i < 201; i++)
  for (const audited of [false, true]) {
    const t = performance.now();
    await save(audited);
    saves[audited ? 1 : 0].push(performance.now() - t);
  }
const [plain, audited] = [median(saves[0]), median(saves[1])];
console.log(
  `product save: ${plain.toFixed(2)} ms without its entry, ${audited.toFixed(2)} ms with it: +${(audited - plain).toFixed(2)} ms (median of 201)`,
);

// 2. The Activity screen: first page against deepest, per filter.
const page = (params: Record<string, string>) => listActivity(AuditListQuerySchema.parse(params));
async function deepCursor(params: Record<string, string>) {
  const q = AuditListQuerySchema.parse(params);
  const where = sql.join(
    [
      sql`true`,
      ...(q.area !== "all" ? [sql`${auditLog.area} = ${q.area}`] : []),
      ...(q.action !== "all" ? [sql`${auditLog.action} = ${q.action}`] : []),
      ...(q.staff !== "all" ? [sql`${auditLog.adminId} = ${q.staff}`] : []),
    ],
    sql` and `,
  );
  const [{ n } = { n: 0 }] = await db().select({ n: count() }).from(auditLog).where(where);
  const [row] = await db()
    .select({ id: auditLog.id, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .offset(Math.max(0, n - 40))
    .limit(1);
  return { after: encodeCursor(row!), rows: n };
}
const ratios: number[] = [];
async function compare(label: string, params: Record<string, string>) {
  const { after, rows } = await deepCursor(params);
  const deep = { ...params, after };
  for (let i = 0; i < 3; i++) await Promise.all([page(params), page(deep)]);
  const runs: [number[], number[]] = [[], []];
  for (let i = 0; i < 21; i++)
    for (const [k, p] of [params, deep].entries()) {
      const t = performance.now();
      const loaded = await page(p);
      runs[k]!.push(performance.now() - t);
      if (loaded.rows.length === 0) throw new Error(`${label}: no rows`);
    }
  const [a, b] = [median(runs[0]), median(runs[1])];
  ratios.push(b / a);
  console.log(
    `${`${label} (${rows.toLocaleString("en-CA")})`.padEnd(34)} page 1 ${a.toFixed(1).padStart(5)} ms  deepest ${b.toFixed(1).padStart(5)} ms  ${(b / a).toFixed(2)}x`,
  );
}
await compare("everything", {});
await compare("area: orders", { area: "orders" });
await compare("action: delete", { action: "delete" });
await compare("staff member", { staff: admin!.id });
await compare("area + staff", { area: "products", staff: admin!.id });
const worst = Math.max(...ratios);
console.log(
  `worst deep/first ratio ${worst.toFixed(2)}x (goal ≤ 1.5x); save +${(audited - plain).toFixed(2)} ms (goal < 1 ms); load average ${load()}`,
);
process.exit(worst <= 1.5 && audited - plain < 1 ? 0 : 1);
