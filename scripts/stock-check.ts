// `npm run stock:check`: checks the stock ledger's invariant. For every size, and every product
// without sizes, the sum of its movements must equal its stock; a product with sizes holds the sum
// of theirs. Prints each difference and exits 1 when there is one. With the embedded database
// (PGlite) it runs while the server is stopped.
import { closeDatabase, openConfiguredDatabase } from "~/server/boot.server";
import { stockDiscrepancies } from "~/server/inventory/stock-ledger.server";
import { runScript } from "./script-runner";

await runScript(async () => {
  const { release } = await openConfiguredDatabase();
  let differences;
  try {
    differences = await stockDiscrepancies();
  } finally {
    await closeDatabase(release);
  }
  if (differences.length === 0) {
    console.log("Stock ledger OK: every stock figure equals the sum of its movements.");
    return;
  }
  for (const d of differences) {
    const what = d.size ? `${d.productName} (${d.size})` : d.productName;
    console.log(
      `${what}: stock ${d.stock}, ledger says ${d.expected}  [${d.variationId ?? d.productId}]`,
    );
  }
  console.log(`${differences.length} difference${differences.length === 1 ? "" : "s"} found.`);
  process.exitCode = 1;
});
