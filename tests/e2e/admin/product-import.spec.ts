import fs from "node:fs";
import Papa from "papaparse";
import type { Page } from "@playwright/test";
import { expectAccessible } from "../axe";
import { expectCards, openScreen, rowsWith, screenshots, toast } from "./admin-screen";
import { expect, test } from "./product-import-store";

// The tests share one store and run in order: the second exports what the first imported.
test.describe.configure({ mode: "serial" });

const shot = screenshots("PRODUCT_IMPORT_SHOTS");

type Row = Record<string, string>;

/** Exports the catalogue with the list's Export CSV link: its header and rows. */
async function exportCatalogue(page: Page): Promise<{ header: string[]; rows: Row[] }> {
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const text = fs.readFileSync((await (await download).path())!, "utf8").replace(/^\uFEFF/, "");
  const [header, ...data] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
  return {
    header: header!,
    rows: data.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i] ?? ""]))),
  };
}

const csvFile = (name: string, header: string[], rows: Row[]) => ({
  name,
  mimeType: "text/csv",
  buffer: Buffer.from(Papa.unparse([header, ...rows.map((r) => header.map((h) => r[h] ?? ""))])),
});

/** Opens the import dialog from the list, uploads the file, and waits for its preview. */
async function upload(page: Page, file: ReturnType<typeof csvFile>) {
  const dialog = page.getByRole("dialog", { name: "Import products from CSV" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("CSV file").setInputFiles(file);
  await expect(dialog.getByLabel("Count correction")).toBeChecked();
  await dialog.getByRole("button", { name: "Upload and preview" }).click();
  await expect(page.getByRole("heading", { name: "Import preview", level: 1 })).toBeVisible();
}

const runs = [
  { width: 1280, height: 900, sku: "E2E-AI", name: "Aurora Indica", papers: "55" },
  { width: 390, height: 844, sku: "E2E-PK", name: "Polar Kush", papers: "60" },
];

for (const run of runs) {
  test(`import at ${run.width}px: a preview with an error, a corrected file, the products in the list`, async ({
    adminPage: page,
  }) => {
    await page.setViewportSize({ width: run.width, height: run.height });
    await openScreen(page, "/budzadmin/dashboard/products", "Product Management");
    const { header, rows } = await exportCatalogue(page);
    const papers = rows.find((r) => r.SKU === "E2E-HP")!;
    const kush = rows.find((r) => r.SKU === "E2E-GK")!;
    const newProduct = (size: string, price: string, stock: string): Row => ({
      ...kush,
      SKU: run.sku,
      Name: run.name,
      Description: `${run.name}, imported from a spreadsheet.`,
      Size: size,
      "Size Unit": "g",
      "Size Price": price,
      "Size Net Amount": "",
      // An active product needs THC and CBD on each size.
      "Size Total THC mg": "220",
      "Size CBD mg": "1",
      Stock: stock,
    });
    // The seeded papers (dried by their category's default) have none yet: given here.
    const counted = { ...papers, Stock: run.papers, "THC mg": "0", "CBD mg": "0" };
    // One error: a size priced at 0 (the file's row numbers count the header as row 1).
    const wrong = [counted, newProduct("3.5", "28.00", "6"), newProduct("7", "0", "4")];

    await page.getByRole("link", { name: "Import CSV" }).click();
    await expect(page.getByRole("dialog", { name: "Import products from CSV" })).toBeVisible();
    await shot(page, `dialog-${run.width}`);
    await expectAccessible(page);
    await upload(page, csvFile("products.csv", header, wrong));
    await expect(page.getByText("Please fix the errors before importing")).toBeVisible();
    const message = "Row 4: Size Price must be greater than $0.00";
    await expect(
      page.getByRole("region", { name: "Please fix the errors before importing" }),
    ).toContainText(message);
    await expect(rowsWith(page, message)).toContainText(run.sku);
    await expect(page.getByRole("button", { name: /^Import \d+ products?$/ })).toHaveCount(0);
    await shot(page, `preview-errors-${run.width}`);
    await expectAccessible(page);

    await page.getByRole("link", { name: "Upload a corrected file" }).click();
    const fixed = [counted, newProduct("3.5", "28.00", "6"), newProduct("7", "50.00", "4")];
    await upload(page, csvFile("products-fixed.csv", header, fixed));
    await expectCards(page, { "New products": "1", "Products to update": "1" });
    await expect(rowsWith(page, "E2E-HP")).toContainText(`Stock ${papers.Stock} → ${run.papers}`);
    await expect(rowsWith(page, run.sku).first()).toContainText("New product");
    await shot(page, `preview-${run.width}`);
    await expectAccessible(page);

    await page.getByRole("button", { name: "Import 2 products" }).click();
    await expect(toast(page, "Imported 2 products (1 new, 1 updated).")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Product Management", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: run.name, exact: true })).toBeVisible();
    await shot(page, `list-${run.width}`);
  });
}
