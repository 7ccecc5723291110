import Papa from "papaparse";
import { testActor } from "../setup/audit";
import sharp from "sharp";
import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { csvLine } from "~/lib/csv";
import {
  FIX_PRODUCT_ERRORS_FIRST,
  NOTHING_TO_IMPORT,
  PRODUCT_CSV_HEADER,
  PRODUCT_FILE_TOO_LARGE,
  type ProductImportReason,
} from "~/lib/product-import";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createAdminSession } from "~/server/auth/session.server";
import { exportProductsCsv } from "~/server/catalog/product-csv-export.server";
import {
  getProductImportPreview,
  previewProductImport,
  readProductUpload,
  runProductImport,
} from "~/server/catalog/product-csv-import.server";
import { createProduct, getAdminProduct } from "~/server/catalog/product-admin.server";
import { db } from "~/server/db.server";
import { storeImage } from "~/server/images/image-store.server";
import { stockDiscrepancies } from "~/server/inventory/stock-ledger.server";
import {
  imagesLibrary,
  productImports,
  productVariations,
  products,
  stockMovements,
} from "~/server/db-tables";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";
import { productFormInput } from "./product-form";

let image: string;
let second: string;
let adminId: string;
let cookie: string;

async function libraryImage(name: string, background: string) {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background } })
    .png()
    .toBuffer();
  return (await storeImage({ body: png, name })).imageUrl;
}

beforeAll(async () => {
  await resetDatabase();
});

beforeEach(async () => {
  await resetDatabase();
  image = await libraryImage("green.png", "#2a7");
  second = await libraryImage("brown.png", "#852");
  const admin = await createAdminUser({
    username: "catalogue",
    displayName: "Cat Owner",
    password: "catalogue-pass-1",
    role: "manager",
  });
  adminId = admin.id;
  cookie = (await createAdminSession({ userId: admin.id })).split(";")[0]!;
});

const encode = (text: string) => new TextEncoder().encode(text);

async function exported() {
  let out = "";
  for await (const chunk of exportProductsCsv()) out += chunk;
  return out;
}

/** The export as rows of cells by header (the byte-order mark dropped). */
function table(csv: string) {
  const rows = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
  const [header, ...data] = rows;
  return data.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ""])));
}

function file(rows: Record<string, string>[], header: readonly string[] = PRODUCT_CSV_HEADER) {
  return [[...header], ...rows.map((r) => header.map((h) => r[h] ?? ""))]
    .map((cells) => csvLine(cells))
    .join("\r\n");
}

/** THC and CBD, which an active product needs: on its sizes when it has some, else its own. */
const potencyCells = (overrides: Record<string, string>): Record<string, string> =>
  overrides.Size
    ? { "Size THC mg": "220", "Size CBD mg": "1" }
    : { "THC mg": "220", "CBD mg": "1" };

const row = (overrides: Record<string, string> = {}) => ({
  ...potencyCells(overrides),
  SKU: "NEW-1",
  Name: "Northern Lights",
  Category: "flowers",
  Description: "A classic indica.",
  "Selling Price": "45.00",
  "Cost Price": "27.00",
  "Stock Alert Level": "5",
  "Image URL": image,
  "Net Amount": "1",
  ...overrides,
});

async function preview(text: string, reason: ProductImportReason = "count_correction") {
  const result = await previewProductImport({
    fileName: "products.csv",
    bytes: encode(text),
    reason,
    createdBy: "Cat Owner",
    adminId,
  });
  if (!result.ok) throw new Error(result.message);
  return (await getProductImportPreview(result.id, { page: 1, show: "all" }))!;
}

async function importFile(text: string, reason: ProductImportReason = "count_correction") {
  const p = await preview(text, reason);
  if (p.errorCount > 0) throw new Error(p.errors.join("\n"));
  const result = await runProductImport({ importId: p.id, actor: testActor(adminId) });
  if (!result.ok) throw new Error(result.message);
  return result;
}

/** Sized "Blue Dream" (1g ×5, 3.5g ×7) and "Papers" without sizes (×12), made by the form. */
async function seedProducts() {
  const sized = await createProduct(
    productFormInput(image, {
      sku: "BD-1",
      name: "Blue Dream",
      thumbnails: [second],
      description: '=HYPERLINK("http://x") is not a formula here',
      variations: [
        { size: "1", unit: "g", price: "10", stock: "5" },
        { size: "3.5", unit: "g", price: "30", stock: "7" },
      ],
    }),
    testActor(adminId),
    "owner",
  );
  const whole = await createProduct(
    productFormInput(image, {
      sku: "PAP-1",
      name: "Papers",
      currentStock: "12",
      cannabisKind: "none",
    }),
    testActor(adminId),
    "owner",
  );
  if (!sized.ok || !whole.ok) throw new Error("seed failed");
  return { sizedId: sized.id, wholeId: whole.id };
}

/** Everything an import may change, to compare before and after a refusal. */
async function catalogue() {
  return {
    products: await db()
      .select({
        id: products.id,
        sku: products.sku,
        name: products.name,
        price: products.sellingPriceCents,
        stock: products.stock,
        listed: products.listedPriceCents,
        updatedAt: products.updatedAt,
      })
      .from(products)
      .orderBy(asc(products.sku)),
    sizes: await db()
      .select()
      .from(productVariations)
      .orderBy(asc(productVariations.productId), asc(productVariations.position)),
    movements: await db().select().from(stockMovements).orderBy(asc(stockMovements.id)),
  };
}

describe("product CSV export", () => {
  it("writes one row per size with the product's fields, formula cells neutralised", async () => {
    await seedProducts();
    const csv = await exported();
    expect(csv.startsWith(`\uFEFF${PRODUCT_CSV_HEADER.join(",")}\r\n`)).toBe(true);
    const rows = table(csv);
    expect(
      rows.map((r) => [r.SKU, r.Name, r.Size, r["Size Unit"], r["Size Price"], r.Stock]),
    ).toEqual([
      ["BD-1", "Blue Dream", "1", "g", "10.00", "5"],
      ["BD-1", "Blue Dream", "3.5", "g", "30.00", "7"],
      ["PAP-1", "Papers", "", "", "", "12"],
    ]);
    expect(rows[0]!.Description).toBe('\'=HYPERLINK("http://x") is not a formula here');
    expect(rows[0]!["Thumbnail URLs"]).toBe(second);
    expect(rows[0]!["Selling Price"]).toBe("40.00");
    expect(rows[2]!["Cannabis Kind"]).toBe("none");
  });

  it("is a download from the admin (text/csv, never cached)", async () => {
    await seedProducts();
    const route = await import("~/routes/admin/products/export");
    const response = (await callRoute(
      route,
      "loader",
      new Request("http://store.test/budzadmin/dashboard/products/export.csv", {
        headers: { Cookie: cookie },
      }),
    )) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(table(await response.text())).toHaveLength(3);
  });
});

describe("product CSV import: round trip, create and update", () => {
  it("reads its own export back as unchanged, and imports an edited export as updates", async () => {
    const { sizedId } = await seedProducts();
    const csv = await exported();
    const same = await preview(csv);
    expect(same).toMatchObject({
      errorCount: 0,
      createCount: 0,
      updateCount: 0,
      unchangedCount: 2,
    });
    expect(await runProductImport({ importId: same.id, actor: testActor(adminId) })).toEqual({
      ok: false,
      status: 400,
      message: NOTHING_TO_IMPORT,
    });

    const edited = csv.replace(",30.00,", ",32.50,").replaceAll("Blue Dream", "Blue Dream XL");
    const before = await db().select().from(stockMovements);
    const result = await importFile(edited);
    expect(result).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    const product = (await getAdminProduct(sizedId))!;
    expect(product.name).toBe("Blue Dream XL");
    expect(product.description).toBe('=HYPERLINK("http://x") is not a formula here');
    expect(product.variations.map((v) => [v.size, v.priceCents, v.stock])).toEqual([
      ["1", 1000, 5],
      ["3.5", 3250, 7],
    ]);
    // The stock figures were as on file: no movement.
    expect(await db().select().from(stockMovements)).toHaveLength(before.length);
    expect(await stockDiscrepancies()).toEqual([]);
  });

  it("exports the French name and description, reads them back, and keeps them for a file without them", async () => {
    const { sizedId, wholeId } = await seedProducts();
    // Translated in a spreadsheet: the French columns of the export, one product with a new one.
    const rows = table(await exported()).map((r) =>
      r.SKU === "BD-1"
        ? {
            ...r,
            name_fr: "Rêve bleu",
            description_fr: "Un hybride, à dominance sativa.",
          }
        : r,
    );
    const withNew = [
      ...rows,
      row({
        SKU: "NL-1",
        name_fr: "Aurores boréales",
        description_fr: "Une indica classique.",
      }),
    ];
    const p = await preview(file(withNew));
    expect(p).toMatchObject({ errorCount: 0, createCount: 1, updateCount: 1, unchangedCount: 1 });
    expect(p.rows.filter((r) => r.sku === "BD-1").map((r) => r.changes)).toEqual([
      ["name_fr — → Rêve bleu", "description_fr changed"],
      [],
    ]);
    await importFile(file(withNew));
    expect(await getAdminProduct(sizedId)).toMatchObject({
      name: "Blue Dream",
      nameFr: "Rêve bleu",
      descriptionFr: "Un hybride, à dominance sativa.",
    });
    const [created] = await db().select().from(products).where(eq(products.sku, "NL-1"));
    expect(created).toMatchObject({
      nameFr: "Aurores boréales",
      descriptionFr: "Une indica classique.",
    });
    expect((await getAdminProduct(wholeId))!.nameFr).toBe("");

    // Exported again (commas, accents and all) it reads back as unchanged.
    const back = table(await exported());
    expect(back.map((r) => [r.SKU, r["name_fr"], r["description_fr"]])).toEqual([
      ["BD-1", "Rêve bleu", "Un hybride, à dominance sativa."],
      ["BD-1", "Rêve bleu", "Un hybride, à dominance sativa."],
      ["NL-1", "Aurores boréales", "Une indica classique."],
      ["PAP-1", "", ""],
    ]);
    expect((await preview(file(back))).rows.every((r) => r.action === "unchanged")).toBe(true);

    // An older file without the French columns: its changes import, the French stays.
    const older = PRODUCT_CSV_HEADER.filter((h) => !h.endsWith("_fr"));
    const renamed = back.map((r) => (r.SKU === "BD-1" ? { ...r, Name: "Blue Dream XL" } : r));
    const changes = (await preview(file(renamed, older))).rows.flatMap((r) => r.changes ?? []);
    expect(changes).toEqual(["Name Blue Dream → Blue Dream XL"]);
    await importFile(file(renamed, older));
    expect(await getAdminProduct(sizedId)).toMatchObject({
      name: "Blue Dream XL",
      nameFr: "Rêve bleu",
      descriptionFr: "Un hybride, à dominance sativa.",
    });

    // A French cell emptied: not translated any more.
    const cleared = table(await exported()).map((r) =>
      r.SKU === "BD-1" ? { ...r, description_fr: "" } : r,
    );
    await importFile(file(cleared));
    expect((await getAdminProduct(sizedId))!.descriptionFr).toBe("");
  });

  it("writes packed weights: each size's, and a product's own without sizes", async () => {
    const { sizedId, wholeId } = await seedProducts();
    const rows = table(await exported()).map((r) =>
      r.SKU === "PAP-1"
        ? { ...r, "Packed Grams": "15" }
        : { ...r, "Size Packed Grams": r.Size === "1" ? "9" : "" },
    );
    const p = await preview(file(rows));
    expect(p.rows.flatMap((r) => r.changes ?? [])).toEqual([
      "Size Packed Grams — → 9",
      "Packed Grams — → 15",
    ]);
    await importFile(file(rows));
    expect((await getAdminProduct(sizedId))!.variations.map((v) => v.packedGrams)).toEqual([
      9,
      null,
    ]);
    expect((await getAdminProduct(wholeId))!.packedGrams).toBe(15);
    const back = table(await exported());
    expect(back.map((r) => [r.SKU, r["Packed Grams"], r["Size Packed Grams"]])).toEqual([
      ["BD-1", "", "9"],
      ["BD-1", "", ""],
      ["PAP-1", "15", ""],
    ]);
  });

  it("writes potency in mg: each size's, and a product's own without sizes; reads it back", async () => {
    const { sizedId } = await seedProducts();
    // A grow kit without sizes, dried cannabis, to hold the product's own values.
    const rows = [
      ...table(await exported()).map((r) =>
        r.SKU === "BD-1"
          ? { ...r, "Size Total THC mg": r.Size === "1" ? "220" : "", "Size CBD mg": "0.5" }
          : r,
      ),
      row({ SKU: "KIT-1", "THC mg": "1.5", "Total THC mg": "180", "Total CBD mg": "8" }),
    ];
    const p = await preview(file(rows));
    expect(p.rows.flatMap((r) => r.changes ?? [])).toEqual([
      "Size Total THC mg — → 220",
      "Size CBD mg 1 → 0.5",
      "Size CBD mg 1 → 0.5",
    ]);
    await importFile(file(rows));
    expect(
      (await getAdminProduct(sizedId))!.variations.map((v) => [v.totalThcTenths, v.cbdTenths]),
    ).toEqual([
      [2200, 5],
      [null, 5],
    ]);
    const back = table(await exported());
    expect(
      back.map((r) => [
        r.SKU,
        r["THC mg"],
        r["Total THC mg"],
        r["Size Total THC mg"],
        r["Size CBD mg"],
      ]),
    ).toEqual([
      ["BD-1", "", "", "220", "0.5"],
      ["BD-1", "", "", "", "0.5"],
      ["KIT-1", "1.5", "180", "", ""],
      ["PAP-1", "", "", "", ""],
    ]);
    // Its own export reads back as unchanged.
    expect((await preview(file(back))).rows.every((r) => r.action === "unchanged")).toBe(true);
  });

  it("imports an older file's THC and CBD text where it parses, and names a bad mg value", async () => {
    const header = [...PRODUCT_CSV_HEADER.filter((h) => !/ mg$/.test(h)), "THC", "CBD"];
    const rows = (status: string) => [
      row({ SKU: "OLD-1", THC: "22%", CBD: "0.5%" }),
      row({ SKU: "OLD-2", Name: "Range", THC: "18-24%", CBD: "220 mg/g", Status: status }),
    ];
    // A THC not read leaves an active product without one: refused on its row, as a draft it imports.
    const refused = await preview(file(rows(""), header));
    expect(refused.errors).toEqual([
      "Row 3: Enter THC mg or Total THC mg (mg/g) to import this product as active, or set its Status to draft.",
    ]);
    expect(refused.rows.map((r) => [r.row, r.errors.length])).toEqual([
      [2, 0],
      [3, 1],
    ]);
    await importFile(file(rows("draft"), header));
    const found = await db()
      .select({ sku: products.sku, thc: products.thcTenths, cbd: products.cbdTenths })
      .from(products)
      .orderBy(asc(products.sku));
    expect(found).toEqual([
      { sku: "OLD-1", thc: 2200, cbd: 50 },
      { sku: "OLD-2", thc: null, cbd: 2200 },
    ]);
    const bad = await preview(file([row({ SKU: "NEW-9", "CBD mg": "lots" })]));
    expect(bad.errors).toEqual([
      "Row 2: CBD mg must be a number of mg/g from 0 to 1,000, like 220 or 0.5",
    ]);
  });

  it("creates products whose SKU is new and updates those on file, matched in any case", async () => {
    const { wholeId } = await seedProducts();
    const text = file([
      row({
        SKU: "pap-1",
        Name: "Papers",
        Category: "Flowers",
        Description: "A sativa-leaning hybrid.",
        "Selling Price": "5.5",
        "Cost Price": "24",
        "Stock Alert Level": "10",
        "Cannabis Kind": "none",
        "Net Amount": "",
      }),
      row({ Size: "1", "Size Unit": "g", "Size Price": "12", Stock: "4" }),
      row({ SKU: "NEW-2", Name: "Blue Dream", Stock: "3" }),
      row({ Size: "7", "Size Unit": "g", "Size Price": "60", Stock: "" }),
    ]);
    const p = await preview(text);
    expect(p).toMatchObject({ errorCount: 0, createCount: 2, updateCount: 1, unchangedCount: 0 });
    expect(p.rows.map((r) => [r.row, r.action, r.changes])).toEqual([
      [2, "update", ["Selling Price $40.00 → $5.50"]],
      [3, "create", ["Stock 4"]],
      [4, "create", ["Stock 3"]],
      [5, "create", []],
    ]);
    expect(p.rows[0]!.productId).toBe(wholeId);
    const result = await runProductImport({ importId: p.id, actor: testActor(adminId) });
    expect(result).toMatchObject({
      ok: true,
      message: "Imported 3 products (2 new, 1 updated).",
      created: 2,
      updated: 1,
    });

    const papers = (await getAdminProduct(wholeId))!;
    expect([papers.sku, papers.sellingPriceCents, papers.stock]).toEqual(["PAP-1", 550, 12]);
    const [lights] = await db().select().from(products).where(eq(products.sku, "NEW-1"));
    expect(lights).toMatchObject({
      name: "Northern Lights",
      slug: "northern-lights",
      stock: 4,
      listedPriceCents: 1200,
      cannabisKind: "dried",
    });
    const sizes = await db()
      .select()
      .from(productVariations)
      .where(eq(productVariations.productId, lights!.id))
      .orderBy(productVariations.position);
    expect(sizes.map((s) => [s.size, s.sizeUnit, s.priceCents, s.stock])).toEqual([
      ["1", "g", 1200, 4],
      ["7", "g", 6000, 0],
    ]);
    // A name already taken gets the next free address.
    const [dream] = await db().select().from(products).where(eq(products.sku, "NEW-2"));
    expect(dream).toMatchObject({ slug: "blue-dream-2", stock: 3, listedPriceCents: 4500 });
    expect(await stockDiscrepancies()).toEqual([]);
    // Confirming twice imports nothing more.
    expect(await runProductImport({ importId: p.id, actor: testActor(adminId) })).toEqual({
      ok: false,
      status: 409,
      message: "This file was already imported.",
    });
  });
});

describe("product CSV import: stock moves only as movements", () => {
  it("sets the count (count correction) or adds the quantity received, with the chosen reason", async () => {
    const { sizedId, wholeId } = await seedProducts();
    const rows = table(await exported());
    const withStock = (stocks: string[]) => file(rows.map((r, i) => ({ ...r, Stock: stocks[i]! })));

    await importFile(withStock(["3", "", "20"]), "count_correction");
    let sized = (await getAdminProduct(sizedId))!;
    expect(sized.variations.map((v) => v.stock)).toEqual([3, 7]);
    expect(sized.stock).toBe(10);
    expect((await getAdminProduct(wholeId))!.stock).toBe(20);

    await importFile(withStock(["2", "0", ""]), "received");
    sized = (await getAdminProduct(sizedId))!;
    expect(sized.variations.map((v) => v.stock)).toEqual([5, 7]);
    expect((await getAdminProduct(wholeId))!.stock).toBe(20);

    const movements = await db()
      .select()
      .from(stockMovements)
      .where(sql`${stockMovements.note} like 'CSV import:%'`)
      .orderBy(asc(stockMovements.createdAt), asc(stockMovements.quantity));
    expect(movements.map((m) => [m.quantity, m.stockAfter, m.reason, m.note, m.adminId])).toEqual([
      [-2, 3, "count_correction", "CSV import: products.csv", adminId],
      [8, 20, "count_correction", "CSV import: products.csv", adminId],
      [2, 5, "received", "CSV import: products.csv", adminId],
    ]);
    expect(await stockDiscrepancies()).toEqual([]);
  });

  it("moves a product's own stock to its sizes and back, the ledger whole", async () => {
    const { sizedId, wholeId } = await seedProducts();
    const text = file([
      row({
        SKU: "PAP-1",
        Name: "Papers",
        "Cannabis Kind": "none",
        Size: "10",
        "Size Unit": "pack",
        "Size Price": "4",
        Stock: "9",
      }),
      row({
        SKU: "PAP-1",
        Name: "Papers",
        "Cannabis Kind": "none",
        Size: "50",
        "Size Unit": "pack",
        "Size Price": "15",
        Stock: "",
      }),
      row({ SKU: "BD-1", Name: "Blue Dream", Stock: "6" }),
    ]);
    const p = await preview(text);
    expect(p.errors).toEqual([]);
    expect(p.rows[0]!.changes).toContain("Sold in sizes now: stock 12 → counted per size");
    expect(p.rows[2]!.changes).toContain("Sizes 1g, 3.5g removed");
    expect((await runProductImport({ importId: p.id, actor: testActor(adminId) })).ok).toBe(true);
    const papers = (await getAdminProduct(wholeId))!;
    expect(papers.variations.map((v) => [v.size, v.sizeUnit, v.stock])).toEqual([
      ["10", "pack", 9],
      ["50", "pack", 0],
    ]);
    expect(papers.stock).toBe(9);
    const dream = (await getAdminProduct(sizedId))!;
    expect([dream.variations.length, dream.stock]).toEqual([0, 6]);
    expect(await stockDiscrepancies()).toEqual([]);
  });
  it("removes the sizes a file leaves out, the product's total the sum of those left", async () => {
    const { sizedId } = await seedProducts();
    const [removed, kept] = table(await exported());
    await importFile(file([{ ...kept!, Stock: "" }]));
    const dream = (await getAdminProduct(sizedId))!;
    expect(dream.variations.map((v) => [v.size, v.stock])).toEqual([["3.5", 7]]);
    expect([dream.stock, dream.ownStock]).toEqual([7, 7]);
    // The size left out is archived, its stock taken out first: never deleted with its history.
    const sizes = await db()
      .select()
      .from(productVariations)
      .where(eq(productVariations.productId, sizedId));
    expect(sizes.map((v) => [v.size, v.stock, v.archivedAt !== null])).toEqual(
      expect.arrayContaining([
        ["1", 0, true],
        ["3.5", 7, false],
      ]),
    );
    const gone = sizes.find((v) => v.archivedAt)!;
    const history = await db()
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.variationId, gone.id))
      .orderBy(asc(stockMovements.createdAt), asc(stockMovements.quantity));
    expect(history.map((m) => [m.quantity, m.note])).toEqual([
      [Number(removed!.Stock), "Opening stock"],
      [-Number(removed!.Stock), "Size removed"],
    ]);
    expect(table(await exported()).filter((r) => r.SKU === kept!.SKU)).toHaveLength(1);
    expect(await stockDiscrepancies()).toEqual([]);
  });
});

describe("product CSV import: refusals leave the catalogue as it was", () => {
  const refusals: [string, string, string][] = [
    [
      "a row that does not line up with the header",
      `${file([row()])}\r\nBROKEN,row`,
      `Row 3: 2 cells where the header has ${PRODUCT_CSV_HEADER.length} (a value with a comma needs quotes)`,
    ],
    [
      "the same size twice",
      file([
        row({ Size: "1", "Size Unit": "g", "Size Price": "10" }),
        row({ Size: "1", "Size Unit": "g", "Size Price": "11" }),
      ]),
      "Row 3: Size 1g for SKU NEW-1 is also on row 2",
    ],
    [
      "product fields that differ between rows of one SKU",
      file([
        row({ Size: "1", "Size Unit": "g", "Size Price": "10" }),
        row({ Size: "2", "Size Unit": "g", "Size Price": "18", "Selling Price": "46" }),
      ]),
      'Row 3: Selling Price differs from row 2 for SKU NEW-1 ("46" here, "45.00" there)',
    ],
    [
      "a price that is not positive",
      file([row({ "Selling Price": "0" })]),
      "Row 2: Selling Price must be greater than $0.00",
    ],
    [
      "an image not in the library",
      file([row({ "Image URL": "/images/not-uploaded.webp" })]),
      "Row 2: Image URL /images/not-uploaded.webp is not in the Image Library",
    ],
    [
      "an unknown category",
      file([row({ Category: "Candy" })]),
      'Row 2: Unknown category "Candy": use one of flowers, concentrates, edibles, vapes, hash, mushrooms, bulk-buy',
    ],
  ];

  it.each(refusals)(
    "refuses %s, listing the error and writing nothing",
    async (_, text, message) => {
      await seedProducts();
      const before = await catalogue();
      // A good product in the same file is not imported either.
      const p = await preview(
        `${text}\r\n${csvLine(PRODUCT_CSV_HEADER.map((h) => row({ SKU: "OK-1" })[h as "SKU"] ?? ""))}`,
      );
      expect(p.errors).toContain(message);
      expect(p.errorCount).toBeGreaterThan(0);
      expect(await runProductImport({ importId: p.id, actor: testActor(adminId) })).toEqual({
        ok: false,
        status: 400,
        message: FIX_PRODUCT_ERRORS_FIRST,
      });
      expect(await catalogue()).toEqual(before);
    },
  );

  it("refuses files it cannot read: unknown or missing columns, binary data", async () => {
    const attempt = (text: string | Uint8Array) =>
      previewProductImport({
        fileName: "x.csv",
        bytes: typeof text === "string" ? encode(text) : text,
        reason: "count_correction",
        createdBy: "Cat Owner",
      });
    expect(
      await attempt(`${PRODUCT_CSV_HEADER.join(",")},Colour\r\n${"x,".repeat(21)}x`),
    ).toMatchObject({
      ok: false,
      status: 400,
      message: expect.stringMatching(/^Unknown column: "Colour"/),
    });
    expect(await attempt("SKU,Name\r\nA,B")).toEqual({
      ok: false,
      status: 400,
      message:
        "Missing required columns: Category, Description, Selling Price, Cost Price, Stock Alert Level, Image URL",
    });
    expect(await attempt(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0]))).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await db().select().from(productImports)).toHaveLength(0);
  });

  it("refuses a preview the catalogue has outgrown: an image removed since, nothing written", async () => {
    await seedProducts();
    const p = await preview(file([row({ "Image URL": second, Stock: "5" })]));
    expect(p.errorCount).toBe(0);
    await db().delete(imagesLibrary).where(eq(imagesLibrary.imageUrl, second));
    const before = await catalogue();
    const result = await runProductImport({ importId: p.id, actor: testActor(adminId) });
    expect(result).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringContaining("The catalogue changed since this preview"),
    });
    expect(await catalogue()).toEqual(before);
    const [saved] = await db().select().from(productImports).where(eq(productImports.id, p.id));
    expect(saved!.status).toBe("previewed");
  });

  it("is one transaction: a failure on the last write rolls every product back", async () => {
    await seedProducts();
    const rows = Array.from({ length: 1200 }, (_, i) =>
      row({ SKU: `BULK-${i}`, Name: `Bulk ${i}`, Stock: String(i + 1) }),
    );
    const p = await preview(
      file([...rows, row({ SKU: "PAP-1", Name: "Papers", "Cannabis Kind": "none", Stock: "99" })]),
    );
    expect(p).toMatchObject({ errorCount: 0, createCount: 1200, updateCount: 1 });
    const before = await catalogue();
    // The database refuses the last stock movement (after every product and size was written).
    await db().execute(sql`
      create function refuse_99() returns trigger language plpgsql as $$
      begin if new.stock_after = 99 then raise exception 'refused by the test'; end if; return new; end $$`);
    await db().execute(sql`
      create trigger refuse_99 before insert on stock_movements for each row execute function refuse_99()`);
    try {
      await expect(
        runProductImport({ importId: p.id, actor: testActor(adminId) }),
      ).rejects.toThrow();
    } finally {
      await db().execute(sql`drop trigger refuse_99 on stock_movements`);
      await db().execute(sql`drop function refuse_99()`);
    }
    expect(await catalogue()).toEqual(before);
    const [saved] = await db().select().from(productImports).where(eq(productImports.id, p.id));
    expect(saved!.status).toBe("previewed");
    // Once the database accepts it, the same preview imports.
    expect(await runProductImport({ importId: p.id, actor: testActor(adminId) })).toMatchObject({
      ok: true,
      created: 1200,
      updated: 1,
    });
    expect(await stockDiscrepancies()).toEqual([]);
  });
});

describe("product CSV upload", () => {
  const multipart = (content: Uint8Array, reason?: string) => {
    const form = new FormData();
    form.set("file", new File([content as BlobPart], "p.csv", { type: "text/csv" }));
    if (reason) form.set("reason", reason);
    return form;
  };
  const post = (body: FormData) =>
    new Request("http://store.test/budzadmin/dashboard/products/import", {
      method: "POST",
      body,
      headers: { Cookie: cookie, Origin: "http://store.test" },
    });
  const statusOf = (result: unknown) =>
    (result as { init?: { status?: number } }).init?.status ??
    (result instanceof Response ? result.status : 200);

  it("reads the file and the reason; refuses a file over 10 MB with a 413 and a clear message", async () => {
    expect(await readProductUpload(post(multipart(encode("x"), "received")))).toMatchObject({
      ok: true,
      fileName: "p.csv",
      reason: "received",
    });
    expect(await readProductUpload(post(multipart(encode("x"))))).toMatchObject({
      ok: false,
      status: 400,
      errors: { reason: expect.any(String) },
    });
    const big = new Uint8Array(11 * 1024 * 1024).fill(0x61);
    expect(await readProductUpload(post(multipart(big, "received")))).toEqual({
      ok: false,
      status: 413,
      message: PRODUCT_FILE_TOO_LARGE,
    });
  });

  it("the import screen answers 413, 400, or a redirect to the preview", async () => {
    const route = await import("~/routes/admin/products/import");
    const action = (request: Request) => callRoute(route, "action", request);
    const big = new Uint8Array(11 * 1024 * 1024).fill(0x61);
    const tooBig = await action(post(multipart(big, "count_correction")));
    expect(statusOf(tooBig)).toBe(413);
    expect((tooBig as { data: { errors: { form: string } } }).data.errors.form).toBe(
      PRODUCT_FILE_TOO_LARGE,
    );
    expect(statusOf(await action(post(multipart(encode("SKU\r\nA"), "count_correction"))))).toBe(
      400,
    );
    const good = await action(post(multipart(encode(file([row()])), "count_correction")));
    expect((good as Response).headers.get("Location")).toMatch(
      /^\/budzadmin\/dashboard\/products\/import\/[0-9a-f-]{36}$/,
    );
  });
});
