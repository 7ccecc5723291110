import fs from "node:fs";
import type { Page } from "@playwright/test";
import { addDays } from "~/lib/report-period";
import { dayOfInstant } from "~/lib/dates";
import "~/server/time-zones.server";
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
  // Two paid orders today ($45 and $90 of goods, $72.80 and $123.20 with shipping and BC's GST
  // and PST); the unpaid one is not a sale; $45 of goods (+ $5.40 tax) of the second refunded
  // today. Net sales: the goods, before tax and shipping.
  await expect(card(page, "Net Sales")).toContainText("$90.00");
  await expect(card(page, "Net Sales")).toContainText("New");
  await expect(card(page, "Orders")).toContainText("2");
  await expect(card(page, "Average Order Value")).toContainText("$67.50");
  await expect(card(page, "New Customers")).toContainText("3");
  await expect(
    page.getByText(
      /unpaid \(pending\) orders and orders cancelled without a refund are not counted/,
    ),
  ).toBeVisible();
  const top = page.getByRole("region", { name: "Top Products" });
  await expect(top.getByRole("row", { name: /Northern Lights 2 \$90\.00/ })).toBeVisible();
  const metrics = page.getByRole("region", { name: "Customer Metrics" });
  await expect(metrics.getByText("Buyers", { exact: true })).toBeVisible();
  const activity = page.getByRole("region", { name: "Recent Activity" });
  await expect(activity).toContainText("placed by Casey Unpaid");
  await expect(activity).toContainText(/Refund BBS-\d{8}-R1 of BBS-\d{8} by Owner \(\$50\.40\)/);

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
  await expect(card(page, "Net Sales")).toContainText("$90.00");

  // For the books: this calendar month, gross, refunds and net, and its tax net of refunds.
  await page.getByRole("button", { name: "Show month" }).click();
  await expect(page).toHaveURL(/period=month&month=\d{4}-\d{2}$/);
  await expect(page.getByText(/compared with \w+ \d{4}\./)).toBeVisible();
  const net = page.getByRole("region", { name: "Gross, Refunds and Net" });
  await expect(net.getByRole("row", { name: "Net sales $135.00 −$45.00 $90.00" })).toBeVisible();
  await expect(net.getByRole("row", { name: "Shipping $40.00 $0.00 $40.00" })).toBeVisible();
  await expect(net.getByRole("row", { name: "Sales tax $21.00 −$5.40 $15.60" })).toBeVisible();
  await expect(net.getByRole("row", { name: "Total $196.00 −$50.40 $145.60" })).toBeVisible();
  const taxes = page.getByRole("region", { name: "Sales Tax Collected" });
  await expect(
    taxes.getByRole("row", { name: "British Columbia GST 2 $8.75 −$2.25 $6.50" }),
  ).toBeVisible();
  await expect(
    taxes.getByRole("row", { name: "British Columbia PST 2 $12.25 −$3.15 $9.10" }),
  ).toBeVisible();

  // Export: the chosen period's figures, refunds and orders as CSV.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^sales-report-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = fs.readFileSync((await download.path())!, "utf8");
  // The same figures as the screen.
  expect(csv).toContain("Gross sales ($),135.00,0.00,New");
  expect(csv).toContain("Sales refunded ($),45.00,0.00,New");
  expect(csv).toContain("Net sales ($),90.00,0.00,New");
  expect(csv).toContain("Net shipping ($),40.00,0.00,New");
  expect(csv).toContain("Tax refunded ($),5.40,0.00,New");
  expect(csv).toContain("Total refunded ($),50.40,0.00,New");
  expect(csv).toContain("Net total ($),145.60,0.00,New");
  expect(csv).toContain("Orders,2,0,New");
  expect(csv.match(/^BBS-\d{8},/gm)).toHaveLength(3);
  expect(csv.match(/^BBS-\d{8}-R1,/gm)).toHaveLength(1);
  expect(csv).toMatch(/Casey Unpaid/);

  // A custom range, in the store's time zone: a reversed one is refused beside its box.
  const today = dayOfInstant(new Date(), "America/Vancouver");
  const range = page.getByRole("form", { name: "Custom range" });
  await range.getByLabel("From").fill(today);
  await range.getByLabel("To").fill(addDays(today, -1));
  await range.getByRole("button", { name: "Show range" }).click();
  await expect(range.getByText("The range ends before it begins")).toBeVisible();
  await expect(range.getByLabel("To")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);
  await range.getByLabel("To").fill(today);
  await range.getByRole("button", { name: "Show range" }).click();
  await expect(page).toHaveURL(new RegExp(`period=custom&from=${today}&to=${today}$`));
  await expect(net.getByRole("row", { name: "Total $196.00 −$50.40 $145.60" })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card(page, "Net Sales")).toContainText("$90.00");
  await expectAccessible(page);
  await shot(page, "reports-range");

  // A period other than the four: a clear notice (page) or 400 (export); a bad range: 400.
  await page.goto("/budzadmin/dashboard/reports?period=14");
  await expect(page.getByRole("alert")).toContainText('"14" is not a report period');
  for (const query of ["period=14", `period=custom&from=${today}&to=2000-01-01`]) {
    const refused = await page.request.get(`/budzadmin/dashboard/reports/export?${query}`);
    expect(refused.status()).toBe(400);
  }
});
