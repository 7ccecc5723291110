import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import { E2E_ADMIN } from "../../../playwright.config";
import { expect, test } from "../fixtures";

// SPEC §4 announcement rules need the row changed between page views; the shared server's
// database is locked by it, so these run on an own server restarted around each change.
const port = Number(process.env.E2E_PORT ?? 3210) + 60;
const url = `http://localhost:${port}`;
const env = {
  ...process.env,
  NODE_ENV: "production",
  PORT: String(port),
  DATA_DIR: `.tmp/e2e-data-${port}`,
  ADMIN_USERNAME: E2E_ADMIN.username,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  LOG_LEVEL: "warn",
};
const DAY = 86_400_000;

async function withServer(check: () => Promise<void>, extraEnv: Record<string, string> = {}) {
  const child = spawn(process.execPath, ["server.js"], {
    env: { ...env, ...extraEnv },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`the server on ${port} exited`);
      const up = await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (i > 360) throw new Error(`the server on ${port} did not start`);
      await new Promise((r) => setTimeout(r, 250));
    }
    await check();
  } finally {
    await new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  }
}

function setAnnouncement(values: Record<string, unknown>) {
  execFileSync("npx", ["tsx", "tests/e2e/store/set-announcement.ts", JSON.stringify(values)], {
    env,
    stdio: "ignore",
  });
}

test.describe.configure({ timeout: 240_000 });

test("announcement bar follows the active flag, its dates, colour names and coupon code", async ({
  browser,
}) => {
  fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
  const context = await browser.newContext();
  await context.addCookies([{ name: "age_verified", value: "true", url }]);
  const page = await context.newPage();
  const bar = page.getByRole("region", { name: "Announcement" });
  const now = Date.now();

  await withServer(async () => {
    await page.goto(`${url}/`);
    await expect(bar).toContainText("- Use code: WELCOME20"); // seeded: active, today → +30 days
  });

  setAnnouncement({ isActive: false });
  await withServer(async () => {
    await page.goto(`${url}/`);
    await expect(page.getByRole("heading", { name: "Featured Products" })).toBeVisible();
    await expect(bar).toHaveCount(0);
  });

  setAnnouncement({ isActive: true, startDate: new Date(now + DAY).toISOString() });
  await withServer(async () => {
    await page.goto(`${url}/`);
    await expect(page.getByRole("heading", { name: "Featured Products" })).toBeVisible();
    await expect(bar).toHaveCount(0); // not started yet
  });

  setAnnouncement({
    startDate: new Date(now - 2 * DAY).toISOString(),
    endDate: new Date(now - DAY).toISOString(),
  });
  await withServer(async () => {
    await page.goto(`${url}/`);
    await expect(page.getByRole("heading", { name: "Featured Products" })).toBeVisible();
    await expect(bar).toHaveCount(0); // ended
  });

  setAnnouncement({
    endDate: new Date(now + DAY).toISOString(),
    message: "Weekend deal: use code save15 at checkout",
    couponCode: "SAVE15",
    backgroundColor: "purple",
  });
  await withServer(async () => {
    await page.goto(`${url}/`);
    // The message already names the code (case-insensitive): nothing is appended.
    await expect(bar).toHaveText("Weekend deal: use code save15 at checkout");
    await expect(bar).toHaveCSS("background-color", "rgb(126, 34, 206)");
  });

  setAnnouncement({
    message: "Fresh drops every Friday",
    couponCode: null,
    backgroundColor: "teal",
  });
  await withServer(async () => {
    await page.goto(`${url}/`);
    await expect(bar).toHaveText("Fresh drops every Friday");
    await expect(bar).toHaveCSS("background-color", "rgb(194, 65, 12)"); // unknown → orange
  });
  await context.close();
});

test("an empty catalogue shows the SPEC empty texts", async ({ browser }) => {
  fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
  const context = await browser.newContext();
  await context.addCookies([{ name: "age_verified", value: "true", url }]);
  const page = await context.newPage();
  await withServer(
    async () => {
      await page.goto(`${url}/`);
      await expect(page.getByText("No products available at the moment.")).toBeVisible();
      await page.goto(`${url}/category/vapes`);
      await expect(page.getByText("No products found in this category.")).toBeVisible();
      await expect(page.getByTestId("product-count")).toHaveText("0 products");
    },
    { SEED_SAMPLE_DATA: "0" },
  );
  await context.close();
});
