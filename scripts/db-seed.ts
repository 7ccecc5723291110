// `npm run db:seed [-- --products N --customers N --orders N]`: replaces the store's products,
// customers, coupons and orders with deterministic sample data (pages and announcement are kept),
// after a backup when the store has data.
import { parseArgs } from "node:util";
import { closeDatabase, openConfiguredDatabase } from "~/server/boot.server";
import { backupBeforeSampleData } from "~/server/backup/automatic.server";
import { DEFAULT_SAMPLE_COUNTS, generateSampleDataset } from "~/server/seed/sample-data.server";
import { runScript, UsageError } from "./script-runner";

await runScript(async () => {
  const { values } = parseArgs({
    options: {
      products: { type: "string" },
      customers: { type: "string" },
      orders: { type: "string" },
    },
  });
  const count = (name: keyof typeof values, fallback: number) => {
    const raw = values[name];
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0 || n > 1_000_000) {
      throw new UsageError(`--${name} must be a whole number between 0 and 1000000`);
    }
    return n;
  };
  const counts = {
    products: count("products", DEFAULT_SAMPLE_COUNTS.products),
    customers: count("customers", DEFAULT_SAMPLE_COUNTS.customers),
    orders: count("orders", DEFAULT_SAMPLE_COUNTS.orders),
  };
  const { release } = await openConfiguredDatabase();
  // A store with data is backed up first (BACKUP_DIR); without that backup nothing is replaced.
  const backedUp = await backupBeforeSampleData();
  if (!backedUp.ok) {
    await closeDatabase(release);
    throw new UsageError(backedUp.message);
  }
  if (backedUp.backup) console.log(`Backed up first: ${backedUp.backup}`);
  const started = Date.now();
  const result = await generateSampleDataset(counts);
  console.log(
    `Sample data: ${result.products} products, ${result.customers} customers, ${result.coupons} coupons, ${result.orders} orders (${((Date.now() - started) / 1000).toFixed(1)}s)`,
  );
  await closeDatabase(release);
});
