import { describe, expect, it } from "vitest";
import { csvLine } from "./csv";
import {
  checkProduct,
  findProductColumns,
  groupBySku,
  parseProductCsv,
  planProduct,
  productCsvRows,
  readCell,
  stockAfter,
  type CsvProduct,
} from "./product-csv";
import {
  MAX_PRODUCT_IMPORT_ROWS,
  PRODUCT_CSV_HEADER,
  PRODUCT_EMPTY_FILE,
  PRODUCT_TOO_MANY_ROWS,
  importedProductsMessage,
} from "./product-import";
import { NO_POTENCY } from "./potency";

const IMAGE = "/images/abc-1.webp";
const bytes = (text: string) => new TextEncoder().encode(text);

/** A file of the export's columns: each row's cells by header, the rest blank. */
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

const product = (overrides: Record<string, string> = {}) => ({
  ...potencyCells(overrides),
  SKU: "BD-1",
  Name: "Blue Dream",
  Category: "flowers",
  Description: "A sativa-leaning hybrid.",
  "Selling Price": "40.00",
  "Cost Price": "24.00",
  "Stock Alert Level": "10",
  "Image URL": IMAGE,
  "Net Amount": "1",
  ...overrides,
});

/** A file's product columns without THC, CBD, strain, rating, kind, net amount or thumbnails. */
const FEW_COLUMNS = [
  "SKU",
  "Name",
  "Category",
  "Description",
  "Selling Price",
  "Cost Price",
  "Stock Alert Level",
  "Image URL",
];

function parsed(text: string) {
  const result = parseProductCsv(bytes(text));
  if (!result.ok) throw new Error(result.message);
  return result;
}

/** Every product of a file checked (against `existing` by SKU): its checks and its rows' errors. */
function check(text: string, existing: CsvProduct[] = []) {
  const { columns, rows } = parsed(text);
  const products = groupBySku(rows).map((g) =>
    checkProduct(
      g,
      columns,
      existing.find((p) => p.sku!.toLowerCase() === g.key),
    ),
  );
  return { products, errors: rows.flatMap((r) => r.errors) };
}

/** THC 220 and CBD 1 mg/g, as the product on file has them. */
const GIVEN = { ...NO_POTENCY, thcTenths: 2200, cbdTenths: 10 };

const onFile = (overrides: Partial<CsvProduct> = {}): CsvProduct => ({
  id: "00000000-0000-4000-8000-000000000001",
  sku: "BD-1",
  name: "Blue Dream",
  nameFr: "",
  category: "flowers",
  status: "active",
  description: "A sativa-leaning hybrid.",
  descriptionFr: "",
  sellingPriceCents: 4000,
  costPriceCents: 2400,
  stockAlertLevel: 10,
  ...GIVEN,
  strain: null,
  rating: null,
  cannabisKind: null,
  netAmountMilli: null,
  packedGrams: null,
  imageUrl: IMAGE,
  thumbnailUrls: [],
  stock: 12,
  variations: [
    {
      id: "00000000-0000-4000-8000-00000000000a",
      size: "1",
      sizeUnit: "g",
      priceCents: 1000,
      netAmountMilli: null,
      packedGrams: null,
      ...GIVEN,
      stock: 5,
    },
    {
      id: "00000000-0000-4000-8000-00000000000b",
      size: "3.5",
      sizeUnit: "g",
      priceCents: 3000,
      netAmountMilli: null,
      packedGrams: null,
      ...GIVEN,
      stock: 7,
    },
  ],
  ...overrides,
});

describe("product CSV: the export's cells", () => {
  it("writes one row per size with the product's fields on each, prices with two decimals", () => {
    const rows = productCsvRows(
      onFile({
        thumbnailUrls: ["/images/a.webp", "/images/b.webp"],
        rating: 4.5,
        variations: [
          { ...onFile().variations[0]!, totalThcTenths: 2000, cbdTenths: 5 },
          onFile().variations[1]!,
        ],
      }),
    );
    expect(rows).toHaveLength(2);
    const cell = (row: string[], header: string) => row[PRODUCT_CSV_HEADER.indexOf(header)];
    expect(cell(rows[0]!, "Selling Price")).toBe("40.00");
    expect(cell(rows[0]!, "Thumbnail URLs")).toBe("/images/a.webp|/images/b.webp");
    expect(cell(rows[0]!, "Size Total THC mg")).toBe("200");
    expect(cell(rows[0]!, "Size CBD mg")).toBe("0.5");
    expect(cell(rows[0]!, "Total THC mg")).toBe("");
    expect(cell(rows[1]!, "Size Total THC mg")).toBe("");
    expect(cell(rows[1]!, "Rating")).toBe("4.5");
    expect([
      cell(rows[1]!, "Size"),
      cell(rows[1]!, "Size Unit"),
      cell(rows[1]!, "Size Price"),
    ]).toEqual(["3.5", "g", "30.00"]);
    expect(cell(rows[1]!, "Stock")).toBe("7");
  });

  it("writes a product without sizes as one row holding its own stock and net amount", () => {
    const [row, ...more] = productCsvRows(onFile({ variations: [], netAmountMilli: 3500 }));
    expect(more).toHaveLength(0);
    expect(row![PRODUCT_CSV_HEADER.indexOf("Net Amount")]).toBe("3.5");
    expect(row![PRODUCT_CSV_HEADER.indexOf("Size")]).toBe("");
    expect(row![PRODUCT_CSV_HEADER.indexOf("Stock")]).toBe("12");
  });

  it("writes each size's packed weight, or the product's own without sizes", () => {
    const sized = productCsvRows(
      onFile({
        packedGrams: 99,
        variations: [{ ...onFile().variations[0]!, packedGrams: 8 }, onFile().variations[1]!],
      }),
    );
    const cell = (row: string[], header: string) => row[PRODUCT_CSV_HEADER.indexOf(header)];
    expect(sized.map((row) => cell(row, "Size Packed Grams"))).toEqual(["8", ""]);
    expect(sized.map((row) => cell(row, "Packed Grams"))).toEqual(["", ""]);
    const [own] = productCsvRows(onFile({ variations: [], packedGrams: 45 }));
    expect([cell(own!, "Packed Grams"), cell(own!, "Size Packed Grams")]).toEqual(["45", ""]);
  });

  it("writes the French name and description on each row (empty when not translated)", () => {
    const cell = (row: string[], header: string) => row[PRODUCT_CSV_HEADER.indexOf(header)];
    const rows = productCsvRows(onFile({ nameFr: "Rêve bleu", descriptionFr: "Un hybride." }));
    expect(rows.map((row) => cell(row, "name_fr"))).toEqual(["Rêve bleu", "Rêve bleu"]);
    expect(rows.map((row) => cell(row, "description_fr"))).toEqual(["Un hybride.", "Un hybride."]);
    const [plain] = productCsvRows(onFile());
    expect([cell(plain!, "name_fr"), cell(plain!, "description_fr")]).toEqual(["", ""]);
  });

  it("reads back a cell the export neutralised against formulas", () => {
    expect(readCell("'=SUM(A1)")).toBe("=SUM(A1)");
    expect(readCell(" '-5% off ")).toBe("-5% off");
    expect(readCell("'quoted")).toBe("'quoted");
  });
});

describe("product CSV: columns", () => {
  it("accepts the export's headers in any order and case", () => {
    expect(
      findProductColumns([
        "sku",
        "NAME",
        " category ",
        "Description",
        "selling price",
        "Cost  Price",
        "Stock Alert Level",
        "Image URL",
      ]),
    ).toEqual({
      ok: true,
      columns: [
        "sku",
        "name",
        "category",
        "description",
        "price",
        "costPrice",
        "stockAlertLevel",
        "image",
      ],
    });
  });

  it("refuses unknown, repeated and missing columns, and size columns without Size", () => {
    expect(findProductColumns([...PRODUCT_CSV_HEADER, "Colour"])).toMatchObject({
      ok: false,
      message: expect.stringMatching(
        /^Unknown column: "Colour"\. Use the columns of the product export: SKU, Name/,
      ),
    });
    expect(findProductColumns([...PRODUCT_CSV_HEADER, "sku"])).toEqual({
      ok: false,
      message: "Columns given twice: SKU",
    });
    expect(findProductColumns(["SKU", "Name", "Image URL"])).toEqual({
      ok: false,
      message:
        "Missing required columns: Category, Description, Selling Price, Cost Price, Stock Alert Level",
    });
    const required = FEW_COLUMNS;
    expect(findProductColumns([...required, "Size"])).toEqual({
      ok: false,
      message: "Missing required columns: Size Unit, Size Price (needed with Size)",
    });
    expect(findProductColumns([...required, "Size Price"])).toEqual({
      ok: false,
      message: "Missing required columns: Size (needed with Size Price)",
    });
  });
});

describe("product CSV: reading a file", () => {
  it("refuses an empty file, a header alone, binary data and more rows than the limit", () => {
    expect(parseProductCsv(bytes(""))).toEqual({ ok: false, message: PRODUCT_EMPTY_FILE });
    expect(parseProductCsv(bytes(csvLine([...PRODUCT_CSV_HEADER])))).toEqual({
      ok: false,
      message: PRODUCT_EMPTY_FILE,
    });
    expect(parseProductCsv(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0]))).toMatchObject({
      ok: false,
      message: expect.stringContaining("not a CSV file"),
    });
    const many = file(
      Array.from({ length: MAX_PRODUCT_IMPORT_ROWS + 1 }, (_, i) => product({ SKU: `S-${i}` })),
    );
    expect(parseProductCsv(bytes(many))).toEqual({ ok: false, message: PRODUCT_TOO_MANY_ROWS });
  });

  it("numbers rows as a spreadsheet does, skips blank lines and reads a byte-order mark", () => {
    const text = `\uFEFF${file([product(), product({ SKU: "X-2" })]).replace("\r\n", "\r\n\r\n")}`;
    const { rows } = parsed(text.replace(/\r\n(?=[^\r]*$)/, "\r\n,,,\r\n"));
    expect(rows.map((r) => [r.row, r.cells.sku])).toEqual([
      [3, "BD-1"],
      [5, "X-2"],
    ]);
  });

  it("marks a row whose cells do not line up with the header, and an unclosed quote", () => {
    const good = file([product()]);
    const { rows } = parsed(`${good}\r\nONE,two\r\n"BROKEN,x`);
    expect(rows[1]!.errors).toEqual([
      `Row 3: 2 cells where the header has ${PRODUCT_CSV_HEADER.length} (a value with a comma needs quotes)`,
    ]);
    expect(rows[2]!.errors).toEqual(["Row 4: Unclosed quote - check the quotes on this row"]);
  });
});

describe("product CSV: checking a product", () => {
  it("reads a product with sizes as the product form would", () => {
    const { products, errors } = check(
      file([
        product({ Size: "1", "Size Unit": "g", "Size Price": "10", Stock: "5" }),
        product({ Size: "3.5", "Size Unit": "G", "Size Price": "$30.00", Stock: "" }),
      ]),
    );
    expect(errors).toEqual([]);
    expect(products[0]!.input).toMatchObject({
      sku: "BD-1",
      price: 4000,
      category: "flowers",
      cannabisKind: "dried",
      variations: [
        { size: "1", unit: "g", price: 1000 },
        { size: "3.5", unit: "g", price: 3000 },
      ],
    });
    // A blank Stock cell leaves that stock as it is.
    expect(products[0]!.stock).toEqual([5, null]);
    expect(products[0]!.sizeRows).toEqual([2, 3]);
  });

  it("groups the rows of one SKU wherever they are, in any case", () => {
    const { products, errors } = check(
      file([
        product({ Size: "1", "Size Unit": "g", "Size Price": "10" }),
        product({ SKU: "OTHER", Size: "1", "Size Unit": "g", "Size Price": "10" }),
        product({ SKU: "bd-1", Size: "7", "Size Unit": "g", "Size Price": "50" }),
      ]),
    );
    expect(errors).toEqual([]);
    expect(products.map((p) => [p.sku, p.rows.map((r) => r.row)])).toEqual([
      ["BD-1", [2, 4]],
      ["OTHER", [3]],
    ]);
  });

  it("refuses product fields that differ among the rows of one SKU (blanks agree, 40 = 40.00)", () => {
    const { products, errors } = check(
      file([
        product({ Size: "1", "Size Unit": "g", "Size Price": "10" }),
        product({
          Size: "2",
          "Size Unit": "g",
          "Size Price": "18",
          "Selling Price": "40",
          Name: "",
        }),
        product({
          Size: "3",
          "Size Unit": "g",
          "Size Price": "25",
          Name: "Blue Dreams",
          Description: "Other",
        }),
      ]),
    );
    expect(errors).toEqual([
      'Row 4: Name differs from row 2 for SKU BD-1 ("Blue Dreams" here, "Blue Dream" there)',
      "Row 4: Description differs from row 2 for SKU BD-1 (the rows of one product must agree)",
    ]);
    expect(products[0]!.input).toBeUndefined();
  });

  it("refuses a size twice, rows without a size beside sized ones, and a sizeless product on two rows", () => {
    expect(
      check(
        file([
          product({ Size: "3.5", "Size Unit": "g", "Size Price": "30" }),
          product({ Size: "3.5", "Size Unit": "g", "Size Price": "31" }),
          product({ Size: "", "Size Unit": "", "Size Price": "" }),
        ]),
      ).errors,
    ).toEqual([
      "Row 3: Size 3.5g for SKU BD-1 is also on row 2",
      "Row 4: Size is required: other rows for SKU BD-1 have sizes",
    ]);
    expect(check(file([product(), product()])).errors).toEqual([
      "Row 3: SKU BD-1 is also on row 2: a product without sizes takes one row (give each row a Size)",
    ]);
    expect(check(file([product({ "Size Price": "12" })])).errors).toEqual([
      "Row 2: Size Price is filled in but Size is empty",
    ]);
  });

  it("refuses prices that are not positive, with the form's messages in the file's words", () => {
    expect(
      check(
        file([
          product({ "Selling Price": "0", Size: "1", "Size Unit": "g", "Size Price": "-5" }),
          product({ "Selling Price": "", Size: "2", "Size Unit": "g", "Size Price": "" }),
          product({ "Selling Price": "", Size: "3", "Size Unit": "g", "Size Price": "abc" }),
        ]),
      ).errors,
    ).toEqual([
      'Row 2: Size Price must be an amount such as 18.00, not "-5"',
      "Row 2: Selling Price must be greater than $0.00",
      "Row 2: Size Price must be greater than $0.00",
      "Row 3: Size Price must be greater than $0.00",
      'Row 4: Size Price must be an amount such as 18.00, not "abc"',
      "Row 4: Size Price must be greater than $0.00",
    ]);
    expect(check(file([product({ "Cost Price": "lots" })])).errors).toContain(
      'Row 2: Cost Price must be an amount such as 40.00, not "lots"',
    );
  });

  it("refuses unknown categories, statuses, kinds and units; takes a category's name too", () => {
    expect(check(file([product({ Category: "Bulk Buy" })])).products[0]!.input?.category).toBe(
      "bulk-buy",
    );
    const { errors } = check(
      file([
        product({ Category: "Candy", Status: "gone", "Cannabis Kind": "liquid gold" }),
        product({ SKU: "U-1", Size: "1", "Size Unit": "kg", "Size Price": "9" }),
      ]),
    );
    expect(errors).toEqual([
      'Row 2: Unknown category "Candy": use one of flowers, concentrates, edibles, vapes, hash, mushrooms, bulk-buy',
      'Row 2: Status must be active, draft or archived, not "gone"',
      "Row 2: Cannabis Kind must be one of dried, fresh, edible, liquid, concentrate, seeds, none",
      "Row 3: Size Unit must be g, oz, ml, pieces or pack",
    ]);
  });

  it("applies the form's other rules: SKU characters, image addresses, net amounts, stock", () => {
    const { errors } = check(
      file([
        product({ SKU: "BAD SKU", "Image URL": "https://example.com/x.png" }),
        product({ SKU: "E-1", Size: "1", "Size Unit": "g", "Size Price": "20", Stock: "-3" }),
        product({
          SKU: "E-2",
          Category: "edibles",
          Size: "10",
          "Size Unit": "pieces",
          "Size Price": "20",
        }),
        product({ SKU: "E-3", "Net Amount": "" }),
      ]),
    );
    expect(errors).toEqual([
      "Row 2: SKU may only contain letters, digits, dots, dashes and underscores",
      "Row 2: Image URL must be the address of an image in the Image Library, such as /images/….webp",
      "Row 3: Stock must be a whole number of 0 or more",
      "Row 4: Size Net Amount is required: enter how many grams one 10 pieces holds",
      "Row 5: Net Amount is required: enter how many grams one unit holds",
    ]);
  });

  it("reads packed weights, and refuses one that is not whole grams from 1 to 5000", () => {
    const { products, errors } = check(
      file([
        product({ Size: "1", "Size Unit": "g", "Size Price": "10", "Size Packed Grams": "8" }),
        product({ Size: "3.5", "Size Unit": "g", "Size Price": "30" }),
        product({ SKU: "P-1", "Packed Grams": "45" }),
        product({ SKU: "P-2", "Packed Grams": "2.5" }),
        product({
          SKU: "P-3",
          Size: "1",
          "Size Unit": "g",
          "Size Price": "10",
          "Size Packed Grams": "5001",
        }),
        product({ SKU: "P-4", "Size Packed Grams": "8" }),
      ]),
    );
    expect(products[0]!.input).toMatchObject({
      packedGrams: null,
      variations: [{ packedGrams: 8 }, { packedGrams: null }],
    });
    expect(products[1]!.input).toMatchObject({ packedGrams: 45, variations: [] });
    expect(errors).toEqual([
      "Row 5: Packed Grams must be a whole number of grams from 1 to 5000",
      "Row 6: Size Packed Grams must be a whole number of grams from 1 to 5000",
      "Row 7: Size Packed Grams is filled in but Size is empty",
    ]);
  });

  it("reads potency in mg, and names a value that is not one per row", () => {
    const { products, errors } = check(
      file([
        product({ "THC mg": "1.5", "Total THC mg": "220", "CBD mg": "0.5" }),
        product({
          SKU: "P-1",
          Size: "3.5",
          "Size Unit": "g",
          "Size Price": "30",
          "Size THC mg": "",
          "Size Total THC mg": "240",
        }),
        product({ SKU: "P-2", "Total THC mg": "22%" }),
        product({
          SKU: "P-3",
          Size: "3.5",
          "Size Unit": "g",
          "Size Price": "30",
          "Size CBD mg": "1001",
        }),
        product({ SKU: "P-4", "Size THC mg": "8" }),
      ]),
    );
    expect(products[0]!.input).toMatchObject({
      thcTenths: 15,
      totalThcTenths: 2200,
      cbdTenths: 5,
      totalCbdTenths: null,
    });
    expect(products[1]!.input).toMatchObject({
      totalThcTenths: null,
      variations: [{ totalThcTenths: 2400, thcTenths: null }],
    });
    expect(errors).toEqual([
      "Row 4: Total THC mg must be a number of mg/g from 0 to 1,000, like 220 or 0.5",
      "Row 5: Size CBD mg must be a number of mg/g from 0 to 1,000, like 220 or 0.5",
      "Row 6: Size THC mg is filled in but Size is empty",
    ]);
  });

  it("asks an active product (or one without a status) for THC and CBD; a draft may leave them out", () => {
    const { products, errors } = check(
      file([
        product({ "THC mg": "", "CBD mg": "" }),
        product({ SKU: "P-1", Status: "Active", "THC mg": "", "Total THC mg": "220" }),
        product({ SKU: "P-2", Status: "draft", "THC mg": "", "CBD mg": "" }),
        product({ SKU: "P-3", Size: "1", "Size Unit": "g", "Size Price": "9" }),
        product({ SKU: "P-3", Size: "2", "Size Unit": "g", "Size Price": "17", "Size CBD mg": "" }),
        product({ SKU: "P-4", Category: "mushrooms", "THC mg": "", "CBD mg": "" }),
      ]),
    );
    expect(errors).toEqual([
      "Row 2: Enter THC mg or Total THC mg (mg/g) to import this product as active, or set its Status to draft.",
      "Row 2: Enter CBD mg or Total CBD mg (mg/g) to import this product as active, or set its Status to draft.",
      "Row 6: Enter Size CBD mg or Size Total CBD mg (mg/g) to import this product as active, or set its Status to draft.",
    ]);
    expect(products.map((p) => p.input?.status ?? null)).toEqual([
      null,
      "active",
      "draft",
      null,
      "active",
    ]);
  });

  it("reads an older file's THC and CBD text where it is a plain percent or mg/g", () => {
    const header = [
      ...FEW_COLUMNS,
      "Status",
      "Net Amount",
      "THC",
      "CBD",
      "Size",
      "Size Unit",
      "Size Price",
    ];
    const { products, errors } = check(
      file(
        [
          // A CBD not read leaves the product without one: a draft until it is entered.
          product({ THC: "22%", CBD: "18-24%", Status: "draft" }),
          product({
            SKU: "L-2",
            THC: "THC: 72.5 %",
            CBD: "1%",
            Size: "1",
            "Size Unit": "g",
            "Size Price": "9",
          }),
          product({
            SKU: "L-2",
            THC: "THC: 72.5 %",
            CBD: "1%",
            Size: "2",
            "Size Unit": "g",
            "Size Price": "17",
          }),
        ],
        header,
      ),
    );
    expect(errors).toEqual([]);
    expect(products[0]!.input).toMatchObject({ thcTenths: 2200, cbdTenths: null });
    expect(products[1]!.input).toMatchObject({
      variations: [{ thcTenths: 7250 }, { thcTenths: 7250 }],
    });
  });

  it("keeps what the product on file has for a column the file leaves out", () => {
    const header = [...FEW_COLUMNS, "Size", "Size Unit", "Size Price"];
    const existing = onFile({
      rating: 4,
      variations: [
        { ...onFile().variations[0]!, netAmountMilli: 900, packedGrams: 8, thcTenths: 2200 },
      ],
    });
    const { products, errors } = check(
      file([product({ Size: "1", "Size Unit": "g", "Size Price": "10" })], header),
      [existing],
    );
    expect(errors).toEqual([]);
    expect(products[0]!.input).toMatchObject({
      rating: 4,
      variations: [{ netAmount: 900, packedGrams: 8, thcTenths: 2200 }],
    });
    expect(products[0]!.stock).toEqual([null]);
  });

  it("refuses a file without size columns for a product sold in sizes", () => {
    const header = [...FEW_COLUMNS, "Stock"];
    expect(check(file([product({ Stock: "4" })], header), [onFile()]).errors).toEqual([
      "Row 2: BD-1 is sold in sizes: add the Size, Size Unit and Size Price columns to import it",
    ]);
  });
});

describe("product CSV: what an import does", () => {
  const sizes = (stock: [string, string]) => [
    product({ Size: "1", "Size Unit": "g", "Size Price": "10.00", Stock: stock[0] }),
    product({ Size: "3.5", "Size Unit": "g", "Size Price": "30", Stock: stock[1] }),
  ];

  it("creates a product not on file", () => {
    const checked = check(file(sizes(["5", ""]))).products[0]!;
    const plan = planProduct(checked, "count_correction");
    expect(plan.action).toBe("create");
    expect(plan.sizes).toEqual([{ stock: 5 }, { stock: null }]);
    expect(plan.changes.get(2)).toEqual(["Stock 5"]);
  });

  it("leaves a product as on file alone (the same count, or nothing received)", () => {
    const checked = check(file(sizes(["5", "7"])), [onFile()]).products[0]!;
    expect(planProduct(checked, "count_correction")).toMatchObject({
      action: "unchanged",
      removedSizeIds: [],
    });
    const received = check(file(sizes(["0", ""])), [onFile()]).products[0]!;
    expect(planProduct(received, "received").action).toBe("unchanged");
  });

  it("says what changes of packed weights", () => {
    const existing = onFile({ variations: [{ ...onFile().variations[0]!, packedGrams: 8 }] });
    const sized = check(
      file([
        product({
          Size: "1",
          "Size Unit": "g",
          "Size Price": "10",
          "Size Packed Grams": "9",
          Stock: "5",
        }),
      ]),
      [existing],
    ).products[0]!;
    expect(planProduct(sized, "count_correction").changes.get(2)).toEqual([
      "Size Packed Grams 8 → 9",
    ]);
    const own = check(file([product({ "Packed Grams": "45", Stock: "12" })]), [
      onFile({ variations: [], netAmountMilli: 1000 }),
    ]).products[0]!;
    expect(planProduct(own, "count_correction").changes.get(2)).toEqual(["Packed Grams — → 45"]);
  });

  it("says what changes: fields, sizes added and removed, stock counted or received", () => {
    const checked = check(
      file([
        product({
          "Selling Price": "42",
          Size: "3.5",
          "Size Unit": "g",
          "Size Price": "32",
          Stock: "9",
        }),
        product({
          "Selling Price": "42",
          Size: "7",
          "Size Unit": "g",
          "Size Price": "55",
          Stock: "4",
        }),
      ]),
      [onFile()],
    ).products[0]!;
    const counted = planProduct(checked, "count_correction");
    expect(counted.action).toBe("update");
    expect(Object.fromEntries(counted.changes)).toEqual({
      2: [
        "Selling Price $40.00 → $42.00",
        "Size Price $30.00 → $32.00",
        "Stock 7 → 9",
        "Size 1g removed",
      ],
      3: ["New size 7g", "Stock 4"],
    });
    expect(counted.sizes).toEqual([
      { existingId: "00000000-0000-4000-8000-00000000000b", stock: 9 },
      { stock: 4 },
    ]);
    expect(counted.removedSizeIds).toEqual(["00000000-0000-4000-8000-00000000000a"]);
    expect(planProduct(checked, "received").changes.get(2)).toContain("Stock 7 + 9 received → 16");
  });

  it("counts a product's stock as it goes to sizes or back", () => {
    const toSizes = check(file(sizes(["1", "2"])), [
      onFile({ variations: [], stock: 3, netAmountMilli: 1000 }),
    ]).products[0]!;
    expect(planProduct(toSizes, "count_correction").changes.get(2)).toContain(
      "Sold in sizes now: stock 3 → counted per size",
    );
    const header = PRODUCT_CSV_HEADER;
    const back = check(file([product({ "Net Amount": "1", Stock: "6" })], header), [onFile()])
      .products[0]!;
    expect(planProduct(back, "count_correction").changes.get(2)).toEqual([
      "THC mg — → 220",
      "CBD mg — → 1",
      "Net Amount — → 1",
      "Sizes 1g, 3.5g removed",
      "Stock 0 → 6",
    ]);
  });

  it("says what changes in French, and keeps the French on file when the file has no French columns", () => {
    const existing = onFile({ nameFr: "Rêve bleu", descriptionFr: "Un hybride." });
    const changed = check(
      file(
        sizes(["5", "7"]).map((row) => ({
          ...row,
          name_fr: "Rêve bleu réserve",
          description_fr: "Un hybride à dominance sativa.",
        })),
      ),
      [existing],
    ).products[0]!;
    expect(changed.input).toMatchObject({
      nameFr: "Rêve bleu réserve",
      descriptionFr: "Un hybride à dominance sativa.",
    });
    expect(planProduct(changed, "count_correction").changes.get(2)).toEqual([
      "name_fr Rêve bleu → Rêve bleu réserve",
      "description_fr changed",
    ]);
    // An older file: the French on file stays.
    const header = PRODUCT_CSV_HEADER.filter((h) => !h.endsWith("_fr"));
    const older = check(file(sizes(["5", "7"]), header), [existing]).products[0]!;
    expect(older.input).toMatchObject({ nameFr: "Rêve bleu", descriptionFr: "Un hybride." });
    expect(planProduct(older, "count_correction").action).toBe("unchanged");
    // A French name too long, in the file's words.
    const long = check(file([product({ name_fr: "x".repeat(121) })])).errors;
    expect(long).toContain("Row 2: name_fr must be at most 120 characters");
    // The form's words for the columns read too.
    const named = [...FEW_COLUMNS, "THC mg", "CBD mg", "Net Amount", "Name (French)"];
    const aliased = check(file([product({ "Name (French)": "Rêve bleu" })], named)).products[0]!;
    expect(aliased.input?.nameFr).toBe("Rêve bleu");
  });

  it("words the stock a cell leaves", () => {
    expect(stockAfter(5, null, "count_correction")).toEqual({ after: 5 });
    expect(stockAfter(5, 5, "count_correction")).toEqual({ after: 5 });
    expect(stockAfter(5, 2, "count_correction")).toEqual({ after: 2, text: "Stock 5 → 2" });
    expect(stockAfter(5, 2, "received")).toEqual({ after: 7, text: "Stock 5 + 2 received → 7" });
    expect(importedProductsMessage(2, 1)).toBe("Imported 3 products (2 new, 1 updated).");
    expect(importedProductsMessage(0, 1)).toBe("Imported 1 product (1 updated).");
  });
});
