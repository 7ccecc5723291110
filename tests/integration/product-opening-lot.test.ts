import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { UNRECORDED_LOT } from "~/lib/lots";
import * as productEdit from "~/routes/admin/products/edit";
import { getAdminProduct } from "~/server/catalog/product-admin.server";
import { db } from "~/server/db.server";
import { productVariations, products, stockLots, stockMovements } from "~/server/db-tables";
import { stockDiscrepancies } from "~/server/inventory/stock-ledger.server";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";
import { productFormOwner } from "./product-form";

const LIST = "/budzadmin/dashboard/products";

beforeEach(resetDatabase);

describe("the lot of the opening stock in the product form", () => {
  let image: string;
  let post: Awaited<ReturnType<typeof productFormOwner>>["post"];

  beforeEach(async () => {
    ({ image, post } = await productFormOwner("lot-owner"));
  });

  /** A product without sizes, 10 in stock. */
  const whole = (overrides: Record<string, string | string[]> = {}) => ({
    name: "Rolling Papers",
    sku: "PAPERS-1",
    price: "4",
    costPrice: "2",
    category: "flowers",
    cannabisKind: "none",
    currentStock: "10",
    stockAlertLevel: "5",
    description: "King size.",
    image,
    ...overrides,
  });
  /** "Blue Dream" in 3.5g (5) and 7g (3). */
  const sized = (overrides: Record<string, string | string[]> = {}) => ({
    ...whole(),
    name: "Blue Dream",
    sku: "BD-1",
    cannabisKind: "dried",
    currentStock: "",
    variationId: ["", ""],
    variationSize: ["3.5", "7"],
    variationUnit: ["g", "g"],
    variationPrice: ["30", "55"],
    variationStock: ["5", "3"],
    variationNetAmount: ["", ""],
    variationPackedGrams: ["", ""],
    variationThc: ["220", "220"],
    variationCbd: ["1", "1"],
    ...overrides,
  });
  const LOT = {
    openingLotNumber: " BD  0412 ",
    openingPackagedOn: "2026-01-10",
    openingExpiresOn: "2027-01-10",
    openingSupplier: "Coast Craft Growers",
  };
  type Reply = { data?: { errors?: Record<string, string> }; init?: { status?: number } };

  async function lots(sku: string) {
    return db()
      .select({
        size: productVariations.size,
        lotNumber: stockLots.lotNumber,
        packagedOn: stockLots.packagedOn,
        expiresOn: stockLots.expiresOn,
        supplier: stockLots.supplier,
        onHand: stockLots.onHand,
      })
      .from(stockLots)
      .innerJoin(products, eq(products.id, stockLots.productId))
      .leftJoin(productVariations, eq(productVariations.id, stockLots.variationId))
      .where(eq(products.sku, sku))
      .orderBy(asc(productVariations.position), asc(stockLots.lotNumber));
  }

  it("receives each new size's opening stock into its own lot under that number", async () => {
    const created = (await callRoute(
      productEdit,
      "action",
      post(`${LIST}/new`, sized(LOT)),
    )) as Response;
    expect(created.status).toBe(302);
    const dates = {
      packagedOn: "2026-01-10",
      expiresOn: "2027-01-10",
      supplier: "Coast Craft Growers",
    };
    expect(await lots("BD-1")).toEqual([
      { size: "3.5", lotNumber: "BD 0412", ...dates, onHand: 5 },
      { size: "7", lotNumber: "BD 0412", ...dates, onHand: 3 },
    ]);
    const moves = await db().select().from(stockMovements);
    expect(moves.map((m) => [m.reason, m.note, m.quantity]).sort()).toEqual([
      ["received", "Opening stock", 3],
      ["received", "Opening stock", 5],
    ]);

    // A size added later with another lot: only the new size takes it.
    const [dream] = await db().select().from(products).where(eq(products.sku, "BD-1"));
    const shown = (await getAdminProduct(dream!.id))!;
    const edited = (await callRoute(
      productEdit,
      "action",
      post(
        `${LIST}/${dream!.id}/edit`,
        sized({
          variationId: [...shown.variations.map((v) => v.id), ""],
          variationSize: ["3.5", "7", "14"],
          variationUnit: ["g", "g", "g"],
          variationPrice: ["30", "55", "100"],
          variationStock: ["5", "3", "2"],
          variationNetAmount: ["", "", ""],
          variationPackedGrams: ["", "", ""],
          variationThc: ["220", "220", "220"],
          variationCbd: ["1", "1", "1"],
          openingLotNumber: "BD-0501",
          openingExpiresOn: "2027-05-01",
        }),
      ),
      { productId: dream!.id },
    )) as Response;
    expect(edited.status).toBe(302);
    expect((await lots("BD-1")).map((l) => [l.size, l.lotNumber, l.expiresOn, l.onHand])).toEqual([
      ["3.5", "BD 0412", "2027-01-10", 5],
      ["7", "BD 0412", "2027-01-10", 3],
      ["14", "BD-0501", "2027-05-01", 2],
    ]);
    expect(await stockDiscrepancies()).toEqual([]);
  });

  it("receives a new product's own opening stock into the lot", async () => {
    const created = (await callRoute(
      productEdit,
      "action",
      post(`${LIST}/new`, whole({ openingLotNumber: "RP-77" })),
    )) as Response;
    expect(created.status).toBe(302);
    expect(await lots("PAPERS-1")).toEqual([
      {
        size: null,
        lotNumber: "RP-77",
        packagedOn: null,
        expiresOn: null,
        supplier: null,
        onHand: 10,
      },
    ]);
  });

  it("without a lot number, opens the unrecorded lot as before", async () => {
    const created = (await callRoute(
      productEdit,
      "action",
      post(`${LIST}/new`, sized()),
    )) as Response;
    expect(created.status).toBe(302);
    expect((await lots("BD-1")).map((l) => [l.size, l.lotNumber, l.onHand])).toEqual([
      ["3.5", UNRECORDED_LOT, 5],
      ["7", UNRECORDED_LOT, 3],
    ]);
  });

  it.each([
    [
      { openingExpiresOn: "2027-01-01" },
      { openingLotNumber: "Enter the lot number printed on the package." },
    ],
    [
      { openingLotNumber: "unrecorded" },
      {
        openingLotNumber:
          '"unrecorded" names the stock from before lots; enter the package\'s lot number.',
      },
    ],
    [
      { openingLotNumber: "X".repeat(61) },
      { openingLotNumber: "A lot number has at most 60 characters." },
    ],
    [
      { openingLotNumber: "A-1", openingExpiresOn: "2027-02-30" },
      { openingExpiresOn: "Enter the expiry date as YYYY-MM-DD." },
    ],
    [
      { openingLotNumber: "A-1", openingPackagedOn: "2026-03-01", openingExpiresOn: "2026-02-01" },
      { openingExpiresOn: "The expiry date cannot be before the packaged-on date." },
    ],
    [
      { openingLotNumber: "A-1", openingPackagedOn: "2099-01-01" },
      { openingPackagedOn: "The packaged-on date cannot be in the future." },
    ],
    [
      { openingLotNumber: "A-1", openingSupplier: "S".repeat(121) },
      { openingSupplier: "Supplier must be at most 120 characters" },
    ],
  ])("refuses %j with a 400 and a message on its field, nothing stored", async (fields, errors) => {
    const reply = (await callRoute(
      productEdit,
      "action",
      post(`${LIST}/new`, sized(fields)),
    )) as Reply;
    expect(reply.init?.status).toBe(400);
    expect(reply.data?.errors).toEqual(errors);
    expect(await db().select().from(products)).toEqual([]);
    expect(await db().select().from(stockLots)).toEqual([]);
  });
});
