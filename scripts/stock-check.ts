// `npm run stock:check`: checks the stock ledger's invariants. For every size, and every product
// without sizes, the sum of its movements and the sum of its lots' on-hand units must equal its
// stock; a product with sizes holds the sum of theirs; every lot's on-hand units are the sum of its
// movements and its quarantined units what its recall took. Prints each difference and exits 1. With the embedded database
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
    console.log(
      "Stock ledger OK: every stock figure equals the sum of its movements and of its lots.",
    );
    return;
  }
  for (const d of differences) {
    const what = `${d.size ? `${d.productName} (${d.size})` : d.productName}${d.lot ? `, lot ${d.lot}` : ""}`;
    const figure = d.check.startsWith("lot ") ? d.check : "stock";
    const against = d.check === "lots" ? "its lots say" : "the ledger says";
    console.log(
      `${what}: ${figure} ${d.stock}, ${against} ${d.expected}  [${d.variationId ?? d.productId}]`,
    );
  }
  console.log(`${differences.length} difference${differences.length === 1 ? "" : "s"} found.`);
  process.exitCode = 1;
});
