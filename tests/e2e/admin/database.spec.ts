import { ownStoreFixtures, type OwnStoresWorker, startOwnStore } from "../own-store";
import { expect, test } from "./admin-fixtures";
import { expectAccessible } from "../axe";
import { confirmDialog, openFromSidebar, openScreen, screenshots } from "./admin-screen";

test("connection status, connection tests and a test product on the real driver", async ({
  adminPage: page,
}) => {
  await openFromSidebar(page, "Database", "Database Management");
  // The shared server runs on PostgreSQL when the run has one (tests/e2e/start-server.js).
  const driver = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";
  await expect(page.getByText(`Connected to ${driver}`)).toBeVisible();

  await page.getByRole("button", { name: "Run Connection Tests" }).click();
  const log = page.getByTestId("results-log");
  for (const table of ["Products", "Customers", "Orders", "Coupons", "Shipments"]) {
    await expect(
      log.getByText(new RegExp(`^${table} query succeeded: \\d+ rows? read`)),
    ).toBeVisible();
  }

  await page.getByRole("button", { name: "Insert Test Product" }).click();
  await expect(
    log.getByText(/^Test product inserted and read back: Test Product \d+/),
  ).toBeVisible();

  // The environment panel names the driver and never shows a secret.
  await expect(page.getByText("Local outbox (SMTP_URL not set)")).toBeVisible();
  const html = await page.content();
  expect(html).not.toContain("e2e-owner-password-1");

  // The shared e2e server runs in production without ALLOW_SAMPLE_DATA: generation is refused.
  await expect(
    page.getByText(
      "Sample data generation is turned off in production. Set ALLOW_SAMPLE_DATA=1 to allow it.",
    ),
  ).toBeVisible();
  await expect(
    page.getByRole("button", { name: "Generate Complete Sample Dataset" }),
  ).toBeDisabled();
});

const shots = screenshots("DATABASE_SHOTS", { widths: [390, 1280] });

test("Backups: Back up now lists a verified backup to download, at desktop and phone widths", async ({
  adminPage: page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openScreen(page, "/budzadmin/dashboard/database", "Database Management");
  const section = page.getByRole("region", { name: "Backups" });
  await expect(section).toContainText("Daily from 03:00");

  await page.getByRole("button", { name: "Back up now" }).click();
  await expect(
    page.getByTestId("results-log").getByText("Backup started: it appears in the list"),
  ).toBeVisible();
  // Written, then restored into a scratch database and compared: a loaded machine takes a while.
  const newest = page.getByRole("list", { name: "Backups kept" }).getByRole("listitem").first();
  await expect(newest.getByText("Verified", { exact: true })).toBeVisible({ timeout: 120_000 });
  await expect(newest).toContainText("Back up now");
  await expect(page.getByRole("button", { name: "Back up now" })).toBeEnabled();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    newest.getByRole("link", { name: /^Download the backup of / }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^budz-backup-\d{8}T\d{9}Z-manual\.tar\.gz$/);

  await expectAccessible(page);
  await shots(page, "database-backups");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(newest.getByRole("link", { name: /^Download the backup of / })).toBeVisible();
  await expectAccessible(page);
});

/**
 * A generator writes many rows in one request, after a backup: on a loaded machine that takes far
 * longer than the default expectation timeout. Each generator's rows are the integration tests'
 * (app/server/admin/admin-tools.test.ts); here, the screen's path through one of them.
 */
const GENERATION = { timeout: 60_000 };

/** A store of its own with the sample data and ALLOW_SAMPLE_DATA=1: the generators replace it. */
const sampleDataTest = test.extend<
  { store: { url: string; stop(): Promise<void> } },
  OwnStoresWorker
>({
  ...ownStoreFixtures(() =>
    startOwnStore({
      name: "database",
      env: { ALLOW_SAMPLE_DATA: "1", SEED_SAMPLE_DATA: "1" },
      // A generator backs the data up first: the embedded database is dumped without pg_dump.
      embedded: true,
    }),
  ),
});

sampleDataTest.describe("sample data generation (own server with ALLOW_SAMPLE_DATA=1)", () => {
  sampleDataTest.describe.configure({ timeout: 150_000 });

  sampleDataTest(
    "a generator asks first, backs the data up, clears, generates and refreshes the counts",
    async ({ adminPage: page }) => {
      await openScreen(page, "/budzadmin/dashboard/database", "Database Management");
      const log = page.getByTestId("results-log");
      const count = (label: string) => page.locator(`[aria-label^="${label}: "]`);

      // Cancelling the confirmation changes nothing.
      await page.getByRole("button", { name: "Generate Orders" }).click();
      await expect(confirmDialog(page)).toContainText(
        "This first deletes all orders, invoices and shipments",
      );
      await page.getByRole("button", { name: "Cancel" }).click();
      await expect(log).toHaveText("Run a tool to see its results here.");

      // Customers: the orders go with them, and the counts say so at once.
      await page.getByRole("button", { name: "Generate Customers" }).click();
      await page.getByRole("button", { name: "Clear and generate" }).click();
      await expect(log.getByText("Generated 25 customers")).toBeVisible(GENERATION);
      await expect(log).toContainText("Backed up first: budz-backup-");
      await expect(count("Customers")).toHaveAttribute("aria-label", "Customers: 25");
      await expect(count("Orders")).toHaveAttribute("aria-label", "Orders: 0");
    },
  );
});
