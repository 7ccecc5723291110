import os from "node:os";
import { defineConfig } from "vitest/config";

/**
 * The integration files run again on PostgreSQL (npm run test:pg, and npm test when
 * TEST_DATABASE_URL is set): those whose outcome can differ from the embedded database's, which is
 * the same PostgreSQL in one process with one connection. Concurrency and row locks (checkouts,
 * refunds, order edits, coupon limits, staff and stock changes at once), claims across connections
 * (the outbox worker, daily jobs), the page cache shared by instances, dumps and restores
 * (pg_dump), the migrations, and the figures summed in SQL that the two drivers parse (reports).
 * Every other file runs once, on PGlite.
 */
export const POSTGRES_PASS = [
  "app/server/admin/admin-tools.test.ts",
  "app/server/auth/auth.test.ts",
  "app/server/catalog/product-admin-list.test.ts",
  "tests/integration/audit-log.test.ts",
  "tests/integration/backups.test.ts",
  "tests/integration/checkout-concurrency.test.ts",
  "tests/integration/checkout-coupons.test.ts",
  "tests/integration/coupons-admin.test.ts",
  "tests/integration/customer-import.test.ts",
  "tests/integration/email-campaigns.test.ts",
  "tests/integration/email-outbox.test.ts",
  "tests/integration/email-worker.test.ts",
  "tests/integration/fulfilment.test.ts",
  "tests/integration/handover.test.ts",
  "tests/integration/low-stock-email.test.ts",
  "tests/integration/order-edit.test.ts",
  "tests/integration/order-status.test.ts",
  "tests/integration/page-cache.test.ts",
  "tests/integration/parcel-labels.test.ts",
  "tests/integration/payment-mailbox-job.test.ts",
  "tests/integration/parcel-tracking.test.ts",
  "tests/integration/refunds.test.ts",
  "tests/integration/reports-refunds.test.ts",
  "tests/integration/reports.test.ts",
  "tests/integration/schema.test.ts",
  "tests/integration/search-languages.test.ts",
  "tests/integration/staff-alerts.test.ts",
  "tests/integration/staff.test.ts",
  "tests/integration/stock-ledger.test.ts",
  "tests/integration/stock-lots.test.ts",
  "tests/integration/store-settings.test.ts",
  "tests/integration/storefront-catalog.test.ts",
  "tests/integration/two-factor.test.ts",
  "tests/integration/unpaid-orders.test.ts",
];

const integration = {
  // One file per core: each file has its own database, so files run side by side.
  // (Vitest's default leaves a core idle for its main process.)
  maxWorkers: os.availableParallelism(),
  // The files of a worker share its loaded modules (and PGlite's compiled WebAssembly): each file
  // still opens its own database and DATA_DIR (tests/setup/integration-database.ts). Loading the
  // app's modules once per worker rather than once per file halves the suite's time.
  isolate: false,
  include: ["app/server/**/*.test.ts", "tests/integration/**/*.test.ts"],
  globalSetup: ["tests/setup/integration-global.ts"],
  setupFiles: ["tests/setup/fail-on-console-error.ts", "tests/setup/integration-database.ts"],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  env: {
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    ETRANSFER_EMAIL: "payments@budzboutique.ca",
  },
};

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "tests/unit/**/*.test.{ts,tsx}"],
          // Pure rules: the files of a worker share their loaded modules.
          isolate: false,
          exclude: ["app/server/**"],
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
        },
      },
      { extends: true, test: { name: "integration", ...integration } },
      {
        extends: true,
        test: { name: "postgres", ...integration, include: POSTGRES_PASS },
      },
      {
        extends: true,
        test: {
          // Runs the production build as a real process (npm test builds first).
          name: "process",
          include: ["tests/process/**/*.test.ts"],
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
