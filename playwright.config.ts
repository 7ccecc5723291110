import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// E2E_PORT and E2E_DATA_DIR let several runs share one machine.
const PORT = Number(process.env.E2E_PORT ?? 3210);
// Stores take orders only once they have an e-Transfer address: the specs' own stores and the
// orders their seeds place in this process (placeTestOrder) have one; the Settings spec's store
// starts without it.
process.env.ETRANSFER_EMAIL ??= "payments@budzboutique.ca";
export const E2E_ADMIN = { username: "owner", password: "e2e-owner-password-1" };

const desktop = { ...devices["Desktop Chrome"], channel: undefined };

// Debian's headless shell (apt-get install chromium-headless-shell) is Chromium's engine without the
// full browser around it: about 30 % less CPU a page than `chromium` (measured on 21 page loads,
// 9.4-10.4 s against 12.9-16.2 s). The full browser is used when the shell is not installed.
const BROWSER =
  process.env.CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((file) => fs.existsSync(file));

/**
 * Specs that use the shared e2e server (its sample data, its admin sign-in throttle), run one at a
 * time in one worker; with them the two on the catalog store (store/catalog-store.ts), which
 * follow each other in that worker and so share one catalog store.
 */
const SHARED_STORE_SPECS = [
  "store/age-gate.spec.ts",
  "store/category.spec.ts",
  "store/content.spec.ts",
  "store/home.spec.ts",
  "store/page-cache.spec.ts",
  "store/product.spec.ts",
  "store/search.spec.ts",
  "admin/images.spec.ts",
  "admin/overview.spec.ts",
  "admin/products.spec.ts",
  "admin/sign-in.spec.ts",
].map((spec) => `**/${spec}`);

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: false,
  // Three workers: specs with stores of their own run two at a time beside the shared-store specs,
  // which run one at a time because they read and change the shared server's sample data. The
  // journeys wait on their servers and the browser about half the time, so a third worker keeps a
  // 2-core machine busy (measured: 54 % CPU with two).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  // A test is a whole user journey: on a loaded 2-core machine one can take a minute. Each step
  // still waits on what a person sees, within expect's timeout.
  timeout: 90_000,
  // What a person waits for (a page's data, a toast) can take several seconds on a busy CI machine
  // (a category page's data once took over 7 s): a passing step still moves on the moment it is
  // true, only a failure waits the whole 15 s.
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  outputDir: ".tmp/test-results",
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A failed test keeps its trace (actions, network, console); without DOM snapshots and the
    // screencast, which every test would pay for while only a failure keeps them. E2E_TRACE=off
    // (CI, where nobody opens them) records none.
    trace:
      process.env.E2E_TRACE === "off"
        ? "off"
        : { mode: "retain-on-failure", screenshots: false, snapshots: false },
    launchOptions: {
      executablePath: BROWSER,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-dev-shm-usage",
        // A test's page lives seconds: V8's optimising compilers (Maglev, TurboFan) would compile
        // code no test runs long enough to profit from (measured: 15 % of the renderers' CPU).
        "--js-flags=--no-opt --no-maglev",
      ],
    },
  },
  projects: [
    { name: "shared store", testMatch: SHARED_STORE_SPECS, workers: 1, use: desktop },
    { name: "own stores", testIgnore: SHARED_STORE_SPECS, use: desktop },
  ],
  webServer: {
    command: "node tests/e2e/start-server.js",
    url: `http://localhost:${PORT}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR: process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${PORT}`,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ETRANSFER_EMAIL: "payments@budzboutique.ca",
      LOG_LEVEL: "warn",
      // The storefront e2e tests send this header to see the Restricted screen.
      GEO_COUNTRY_HEADER: "X-Test-Country",
      ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
    },
  },
});
