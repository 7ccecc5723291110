import { defineConfig, devices } from "@playwright/test";

// E2E_PORT and E2E_DATA_DIR let several runs share one machine.
const PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_ADMIN = { username: "owner", password: "e2e-owner-password-1" };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A test is a whole user journey: on a loaded 2-core machine one can take a minute. Each step
  // still waits on what a person sees, within expect's timeout.
  timeout: 90_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  outputDir: ".tmp/test-results",
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-dev-shm-usage",
      ],
    },
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } }],
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
