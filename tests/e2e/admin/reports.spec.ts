import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expectAccessible } from "../axe";
import { openFromSidebar } from "./admin-screen";
import { expect, shot, test } from "./content-store";

test.describe.configure({ mode: "serial" });

const card = (page: Page, label: string) => page.getByRole("group", { name: label, exact: true });

test("Reports: figures from today's orders, period in the URL, chart selector, export", async ({
  adminPage: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openFromSidebar(page, "Reports", "Reports & Analytics");
  await expect(page.getByRole("link", { name: "Last 30 days" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  // Two paid orders today ($72.80 and $123.20 with BC's GST and PST); the unpaid one is not a sale.
  await expect(card(page, "Revenue")).toContainText("$196.00");
  await expect(card(page, "Revenue")).toContainText("New");
  await expect(card(page, "Orders")).toContainText("2");
  await expect(card(page, "Average Order Value")).toContainText("$98.00");
  await expect(card(page, "New Customers")).toContainText("3");
  await expect(
    page.getByText(/unpaid \(pending\) and cancelled orders are not counted/),
  ).toBeVisible();
  const top = page.getByRole("region", { name: "Top Products" });
  await expect(top.getByRole("row", { name: /Northern Lights 3 \$135\.00/ })).toBeVisible();
  const metrics = page.getByRole("region", { name: "Customer Metrics" });
  await expect(metrics.getByText("Buyers", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Recent Activity" })).toContainText(
    "placed by Casey Unpaid",
  );

  // The chart (recharts, loaded only here) and its series selector.
  await expect(page.locator(".recharts-surface").first()).toBeVisible();
  await page.getByRole("button", { name: "Orders", exact: true }).click();
  await expect(page.getByRole("button", { name: "Orders", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByText("Orders per day").first()).toBeVisible();
  await expectAccessible(page);
  await shot(page, "reports");

  await page.getByRole("link", { name: "Last 365 days" }).click();
  await expect(page).toHaveURL(/period=365/);
  await expect(page.getByText("Orders per month").first()).toBeVisible();
  await expect(card(page, "Revenue")).toContainText("$196.00");

  // Export: the period's figures and orders as CSV.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^sales-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = fs.readFileSync((await download.path())!, "utf8");
  expect(csv).toContain("Revenue ($),196.00,0.00,New");
  expect(csv).toContain("Orders,2,0,New");
  expect(csv.match(/^BBS-\d{8},/gm)).toHaveLength(3);
  expect(csv).toMatch(/Casey Unpaid/);

  // A period other than the four: a clear notice (page) or 400 (export).
  await page.goto("/budzadmin/dashboard/reports?period=14");
  await expect(page.getByRole("alert")).toContainText('"14" is not a report period');
  const refused = await page.request.get("/budzadmin/dashboard/reports/export?period=14");
  expect(refused.status()).toBe(400);
});
