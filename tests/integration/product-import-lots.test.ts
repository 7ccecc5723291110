import sharp from "sharp";
import { and, asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { csvLine } from "~/lib/csv";
import { UNRECORDED_LOT } from "~/lib/lots";
import { PRODUCT_CSV_HEADER, type ProductImportReason } from "~/lib/product-import";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createProduct } from "~/server/catalog/product-admin.server";
import { exportProductsCsv } from "~/server/catalog/product-csv-export.server";
import {
  getProductImportPreview,
  previewProductImport,
  runProductImport,
} from "~/server/catalog/product-csv-import.server";
import { db } from "~/server/db.server";
import { productVariations, products, stockLots, stockMovements } from "~/server/db-tables";
import { storeImage } from "~/server/images/image-store.server";
import { stockDiscrepancies } from "~/server/inventory/stock-ledger.server";
import { testActor } from "../setup/audit";
import { resetDatabase } from "../setup/database";
import { productFormInput } from "./product-form";

let image: string;
let adminId: string;

beforeEach(async () => {
  await resetDatabase();
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#2a7" } })
    .png()
    .toBuffer();
  image = (await storeImage({ body: png, name: "green.png" })).imageUrl;
  adminId = (
    await createAdminUser({
      username: "catalogue",
      displayName: "Cat Owner",
      password: "catalogue-pass-1",
      role: "manager",
    })
  ).id;
});

/** Header before lots: every column up to Stock. */
const OLD_HEADER = PRODUCT_CSV_HEADER.slice(0, PRODUCT_CSV_HEADER.indexOf("Stock") + 1);

function file(rows: Record<string, string>[], header: readonly string[] = PRODUCT_CSV_HEADER) {
  return [[...header], ...rows.map((r) => header.map((h) => r[h] ?? ""))]
    .map((cells) => csvLine(cells))
    .join("\r\n");
}

const row = (overrides: Record<string, string> = {}) => ({
  SKU: "NL-1",
  Name: "Northern Lights",
  Category: "flowers",
  Description: "A classic indica.",
  "Selling Price": "45.00",
  "Cost Price": "27.00",
  "Stock Alert Level": "5",
  "Image URL": image,
  Size: "3.5",
  "Size Unit": "g",
  "Size Price": "30.00",
  "Size THC mg": "220",
  "Size CBD mg": "1",
  ...overrides,
});

async function preview(text: string, reason: ProductImportReason = "received") {
  const result = await previewProductImport({
    fileName: "delivery.csv",
    bytes: new TextEncoder().encode(text),
    reason,
    createdBy: "Cat Owner",
    adminId,
  });
  if (!result.ok) throw new Error(result.message);
  return (await getProductImportPreview(result.id, { page: 1, show: "all" }))!;
}

async function importFile(text: string, reason: ProductImportReason = "received") {
  const p = await preview(text, reason);
  if (p.errorCount > 0) throw new Error(p.errors.join("\n"));
  const result = await runProductImport({ importId: p.id, actor: testActor(adminId) });
  if (!result.ok) throw new Error(result.message);
  return p;
}

async function lotsOf(sku: string) {
  return db()
    .select({
      size: productVariations.size,
      lotNumber: stockLots.lotNumber,
      packagedOn: stockLots.packagedOn,
      expiresOn: stockLots.expiresOn,
      supplier: stockLots.supplier,
      coaUrl: stockLots.coaUrl,
      onHand: stockLots.onHand,
    })
    .from(stockLots)
    .innerJoin(products, eq(products.id, stockLots.productId))
    .leftJoin(productVariations, eq(productVariations.id, stockLots.variationId))
    .where(eq(products.sku, sku))
    .orderBy(asc(productVariations.position), asc(stockLots.lotNumber));
}

const LOT = {
  "Lot number": " NL  2406-A ",
  "Packaged on": "2026-01-15",
  Expiry: "2027-01-15",
  Supplier: "Northern Craft Co.",
  "COA link": "https://lab.example/coa/nl-2406-a.pdf",
};

describe("product import with lot columns", () => {
  it("receives a new product's sizes into the row's lot, and says so in the preview", async () => {
    const text = file([
      row({ Stock: "12", ...LOT }),
      row({ Size: "7", "Size Price": "55.00", Stock: "4" }),
    ]);
    const p = await importFile(text);
    expect(p.rows.map((r) => r.changes)).toEqual([
      ["Stock 12", "Received into lot NL 2406-A"],
      ["Stock 4"],
    ]);
    expect(await lotsOf("NL-1")).toEqual([
      {
        size: "3.5",
        lotNumber: "NL 2406-A",
        packagedOn: "2026-01-15",
        expiresOn: "2027-01-15",
        supplier: "Northern Craft Co.",
        coaUrl: "https://lab.example/coa/nl-2406-a.pdf",
        onHand: 12,
      },
      {
        size: "7",
        lotNumber: UNRECORDED_LOT,
        packagedOn: null,
        expiresOn: null,
        supplier: null,
        coaUrl: null,
        onHand: 4,
      },
    ]);
    expect(await stockDiscrepancies()).toEqual([]);
  });

  it("receives units added to a size on file into the lot, again into the same lot, and a count that goes down takes no lot", async () => {
    await importFile(file([row({ Stock: "5" })]));
    // A delivery of 6 with a lot number.
    const p = await importFile(file([row({ Stock: "6", ...LOT })]));
    expect(p.rows[0]!.changes).toEqual([
      "Stock 5 + 6 received → 11",
      "Received into lot NL 2406-A",
    ]);
    // The same lot again (a second delivery of it, its dates the same).
    await importFile(file([row({ Stock: "2", ...LOT })]));
    expect((await lotsOf("NL-1")).map((l) => [l.lotNumber, l.onHand])).toEqual([
      ["NL 2406-A", 8],
      [UNRECORDED_LOT, 5],
    ]);
    // A count lower than the stock: the lot columns do nothing.
    const counted = await importFile(file([row({ Stock: "10", ...LOT })]), "count_correction");
    expect(counted.rows[0]!.changes).toEqual(["Stock 13 → 10"]);
    expect(await stockDiscrepancies()).toEqual([]);
    const [size] = await db()
      .select({ stock: productVariations.stock })
      .from(productVariations)
      .innerJoin(products, eq(products.id, productVariations.productId))
      .where(and(eq(products.sku, "NL-1"), eq(productVariations.size, "3.5")));
    expect(size!.stock).toBe(10);
  });

  it("receives a product without sizes into the lot", async () => {
    const whole = {
      Size: "",
      "Size Unit": "",
      "Size Price": "",
      "Size THC mg": "",
      "Size CBD mg": "",
      "THC mg": "220",
      "CBD mg": "1",
      "Net Amount": "1",
    };
    await importFile(file([row({ ...whole, Stock: "9", ...LOT })]), "count_correction");
    expect((await lotsOf("NL-1")).map((l) => [l.size, l.lotNumber, l.onHand])).toEqual([
      [null, "NL 2406-A", 9],
    ]);
  });

  it("refuses bad lot cells row by row in the preview", async () => {
    const p = await preview(
      file([
        row({ Stock: "3", "Lot number": "A-1", Expiry: "2027-02-30" }),
        row({
          Size: "7",
          Stock: "3",
          "Lot number": "A-1",
          "Packaged on": "2026-03-01",
          Expiry: "2026-02-01",
        }),
        row({ Size: "14", Stock: "3", Expiry: "2027-01-01", Supplier: "Acme" }),
        row({ Size: "28", Stock: "3", "Lot number": "unrecorded", "COA link": "ftp://lab/coa" }),
      ]),
    );
    expect(p.errors).toEqual([
      'Row 2: Expiry "2027-02-30": Enter the expiry date as YYYY-MM-DD.',
      'Row 3: Expiry "2026-02-01": The expiry date cannot be before the packaged-on date.',
      "Row 4: Lot number is required with Expiry, Supplier",
      'Row 5: Lot number "unrecorded": "unrecorded" names the stock from before lots; enter the package\'s lot number.',
      'Row 5: COA link "ftp://lab/coa": Enter the certificate\'s link starting with https://.',
    ]);
    expect(await db().select().from(products)).toEqual([]);
  });

  it("refuses a lot number on file with other dates, before anything is written", async () => {
    await importFile(file([row({ Stock: "5", ...LOT })]));
    const p = await preview(file([row({ Stock: "5", ...LOT, Expiry: "2027-03-01" })]));
    expect(p.errors).toEqual([
      "Row 2: Lot NL 2406-A of this size is already recorded packaged Jan 15, 2026, expiring Jan 15, 2027. Check the lot number and the dates on the package.",
    ]);
  });

  it("refuses a recalled lot number in the preview", async () => {
    await importFile(file([row({ Stock: "5", ...LOT })]));
    await db()
      .update(stockLots)
      .set({ onHand: 0, quarantined: 5, recalledAt: new Date("2026-05-04T18:00:00Z") })
      .where(eq(stockLots.lotNumber, "NL 2406-A"));
    const p = await preview(file([row({ Stock: "5", ...LOT })]));
    expect(p.errors).toEqual([
      "Row 2: Lot NL 2406-A was recalled on May 4, 2026: it cannot take new stock.",
    ]);
  });

  it("imports a file without the lot columns into the unrecorded lot, as before", async () => {
    const seeded = await createProduct(
      productFormInput(image, {
        sku: "BD-1",
        name: "Blue Dream",
        variations: [{ size: "1", unit: "g", price: "10", stock: "5" }],
      }),
      testActor(adminId),
      "owner",
    );
    if (!seeded.ok) throw new Error(seeded.message);
    const old = file(
      [
        row({ Stock: "7" }),
        row({ SKU: "BD-1", Name: "Blue Dream", Size: "1", "Size Price": "10.00", Stock: "5" }),
      ],
      OLD_HEADER,
    );
    const p = await importFile(old, "count_correction");
    expect(p.errorCount).toBe(0);
    expect(await lotsOf("NL-1")).toEqual([
      expect.objectContaining({ lotNumber: UNRECORDED_LOT, onHand: 7 }),
    ]);
    expect(await stockDiscrepancies()).toEqual([]);
  });

  it("exports the lot columns empty, and the export imports back unchanged", async () => {
    await importFile(file([row({ Stock: "5", ...LOT })]));
    let csv = "";
    for await (const chunk of exportProductsCsv()) csv += chunk;
    const [header, line] = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(header!.endsWith("Stock,Lot number,Packaged on,Expiry,Supplier,COA link")).toBe(true);
    expect(line!.endsWith("5,,,,,")).toBe(true);
    const before = await db().select().from(stockMovements);
    const again = await preview(csv, "count_correction");
    expect(again.errors).toEqual([]);
    expect(again.counts).toMatchObject({ unchanged: 1 });
    expect(await db().select().from(stockMovements)).toHaveLength(before.length);
  });
});
