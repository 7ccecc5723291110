// `npm run bench:import [-- --rows 10000 --sizes 4]`: the product CSV import on a catalogue whose
// half the file updates (in-memory PGlite). Seeds (rows / sizes / 2) products with their sizes and
// opening stock movements, writes a --rows-row CSV (one row per size: the seeded products with a new
// price and a stock count for every size, and as many new products), then times the preview
// (parse, check with the product form's rules, look up SKUs and images, store; median of 3) and the
// import of one of those previews (checked again, every product written in one transaction, stock as
// movements), and checks the stock ledger afterwards.
// Goals (issue 25): a 10,000-row file previews in under 5 s and imports in under 15 s.
import os from "node:os";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { SHELL_ACTOR } from "~/server/audit/audit-log.server";
import { csvLine } from "~/lib/csv";
import { PRODUCT_CSV_HEADER } from "~/lib/product-import";
import { previewProductImport, runProductImport } from "~/server/catalog/product-csv-import.server";
import { db, migrateDatabase, openPglite, setDatabase } from "~/server/db.server";
import { stockDiscrepancies } from "~/server/inventory/stock-ledger.server";

const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "10000" },
    sizes: { type: "string", default: "4" },
  },
});
const rows = Number(values.rows);
const sizesEach = Number(values.sizes);
const productCount = Math.ceil(rows / sizesEach);
const onFile = Math.floor(productCount / 2);

const handle = await openPglite({});
await migrateDatabase(handle);
setDatabase(handle);

console.log(
  `seeding ${onFile.toLocaleString("en-CA")} products with ${sizesEach} sizes each (${handle.driver}); load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
await db().execute(sql`
  insert into images_library (image_name, image_size, image_width, image_height, image_url,
    mime_type, file_extension, storage_key)
  select 'bench-' || g || '.webp', 1000, 800, 800, '/images/bench-' || g || '.webp', 'image/webp',
    'webp', 'bench-' || g
  from generate_series(1, 20) g`);
await db().execute(sql`
  insert into products (slug, name, category, description, image_url, selling_price_cents,
    cost_price_cents, stock, sku, net_amount_milli)
  select 'bench-product-' || g, 'Bench Product ' || g, 'flowers', 'A product of the bench.',
    '/images/bench-' || (g % 20 + 1) || '.webp', 4000, 2400, ${sizesEach * 10},
    'BENCH-' || lpad(g::text, 6, '0'), null
  from generate_series(1, ${onFile}) g`);
await db().execute(sql`
  insert into product_variations (product_id, size, size_unit, price_cents, stock, position)
  select p.id, s::text, 'g', 1000 * s, 10, s - 1
  from products p, generate_series(1, ${sizesEach}) s`);
await db().execute(sql`
  insert into stock_lots (product_id, variation_id, lot_number, on_hand)
  select product_id, id, 'unrecorded', stock from product_variations`);
await db().execute(sql`
  insert into stock_movements (product_id, variation_id, lot_id, quantity, stock_after, reason, note)
  select v.product_id, v.id, l.id, v.stock, v.stock, 'received', 'Opening stock'
  from product_variations v join stock_lots l on l.variation_id = v.id`);
await db().execute(sql`vacuum analyze`);

// The file: every seeded product with new prices and counts, then as many new products.
const description =
  "Hand-trimmed, slow-cured buds from a small-batch Canadian grower; earthy, sweet and calm, with a long finish.";
const lines = [csvLine([...PRODUCT_CSV_HEADER])];
let written = 0;
for (let g = 1; written < rows; g++) {
  const known = g <= onFile;
  const sku = known ? `BENCH-${String(g).padStart(6, "0")}` : `NEW-${String(g).padStart(6, "0")}`;
  for (let s = 1; s <= sizesEach && written < rows; s++, written++) {
    const cells: Record<string, string> = {
      SKU: sku,
      Name: known ? `Bench Product ${g}` : `New Product ${g}`,
      Category: "flowers",
      Status: "active",
      Description: known ? "A product of the bench." : description,
      "Selling Price": known ? "42.00" : "45.00",
      "Cost Price": known ? "24.00" : "27.00",
      "Stock Alert Level": "10",
      THC: "20-24%",
      Strain: "Hybrid",
      "Image URL": `/images/bench-${(g % 20) + 1}.webp`,
      "Thumbnail URLs": `/images/bench-${((g + 1) % 20) + 1}.webp|/images/bench-${((g + 2) % 20) + 1}.webp`,
      Size: String(s),
      "Size Unit": "g",
      "Size Price": `${10 * s + (known ? 1 : 0)}.00`,
      Stock: String((g + s) % 25),
    };
    lines.push(csvLine(PRODUCT_CSV_HEADER.map((h) => cells[h] ?? "")));
  }
}
const bytes = new TextEncoder().encode(lines.join("\r\n"));
const size = `${(bytes.length / 1024 / 1024).toFixed(1)} MB`;

const cpu = () => process.cpuUsage();
const previews: number[] = [];
let importId = "";
for (let i = 0; i < 3; i++) {
  const started = performance.now();
  const result = await previewProductImport({
    fileName: "bench.csv",
    bytes,
    reason: "count_correction",
    createdBy: "bench",
  });
  previews.push(performance.now() - started);
  if (!result.ok) throw new Error(result.message);
  importId = result.id;
}
previews.sort((a, b) => a - b);
const counts = (
  (await db().execute(
    sql`select row_count, error_count, create_count, update_count, unchanged_count from product_imports where id = ${importId}`,
  )) as unknown as { rows: Record<string, number>[] }
).rows[0]!;
console.log(
  `preview, ${rows.toLocaleString("en-CA")} rows (${size}; ${counts.create_count} new, ${counts.update_count} updated, ${counts.unchanged_count} unchanged, ${counts.error_count} rows with errors): median ${(previews[1]! / 1000).toFixed(2)} s (fastest ${(previews[0]! / 1000).toFixed(2)}, slowest ${(previews[2]! / 1000).toFixed(2)}; goal < 5 s)`,
);

const cpuBefore = cpu();
const started = performance.now();
const result = await runProductImport({ importId, actor: SHELL_ACTOR });
const elapsed = performance.now() - started;
const used = process.cpuUsage(cpuBefore);
if (!result.ok) throw new Error(result.message);
const movements = (
  (await db().execute(
    sql`select count(*)::int as n from stock_movements where note = 'CSV import: bench.csv'`,
  )) as unknown as { rows: { n: number }[] }
).rows[0]!.n;
console.log(
  `import: ${result.created} created, ${result.updated} updated, ${movements.toLocaleString("en-CA")} stock movements in ${(elapsed / 1000).toFixed(2)} s (${((used.user + used.system) / 1e6).toFixed(2)} s of CPU; goal < 15 s)`,
);
const discrepancies = await stockDiscrepancies();
console.log(`stock ledger after the import: ${discrepancies.length} discrepancies (goal 0)`);
await handle.close();
if (discrepancies.length > 0) process.exit(1);
