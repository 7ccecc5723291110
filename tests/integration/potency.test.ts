import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as productEdit from "~/routes/admin/products/edit";
import { getAdminProduct } from "~/server/catalog/product-admin.server";
import { getProductPage } from "~/server/catalog/products.server";
import { db } from "~/server/db.server";
import { productVariations, products } from "~/server/db-tables";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";
import { productFormOwner } from "./product-form";

/** docs/product/catalogue-and-stock.md#potency */

beforeEach(resetDatabase);

describe("potency in the product form", () => {
  const LIST = "/budzadmin/dashboard/products";
  let image: string;
  let post: Awaited<ReturnType<typeof productFormOwner>>["post"];

  beforeEach(async () => {
    ({ image, post } = await productFormOwner("potency-owner"));
  });

  const fields = (overrides: Record<string, string | string[]> = {}) => ({
    name: "Mango Gummies",
    slug: "mango-gummies",
    sku: "GUM-1",
    price: "12",
    costPrice: "6",
    category: "edibles",
    cannabisKind: "edible",
    netAmount: "4",
    currentStock: "10",
    stockAlertLevel: "5",
    description: "Five pieces.",
    image,
    ...overrides,
  });
  const sized = (thc: [string, string]) => ({
    name: "Blue Dream",
    sku: "BD-1",
    category: "flowers",
    cannabisKind: "dried",
    variationId: ["", ""],
    variationSize: ["3.5", "7"],
    variationUnit: ["g", "g"],
    variationPrice: ["30", "55"],
    variationStock: ["5", "5"],
    variationNetAmount: ["", ""],
    variationPackedGrams: ["", ""],
    variationThc: ["", ""],
    variationTotalThc: thc,
    variationCbd: ["0.5", ""],
    variationTotalCbd: ["", ""],
  });
  type Reply = { data?: { errors?: Record<string, string> }; init?: { status?: number } };

  it("is refused unless a number of mg from 0 to 1,000 with one decimal (400, nothing stored)", async () => {
    for (const bad of ["18-24%", "1000.5", "0.25", "-1", "abc"]) {
      const reply = (await callRoute(
        productEdit,
        "action",
        post(`${LIST}/new`, fields({ thc: bad })),
      )) as Reply;
      expect(reply.init?.status).toBe(400);
      expect(reply.data?.errors).toEqual({
        thc: "THC must be a number of mg per unit from 0 to 1,000, like 220 or 0.5",
      });
    }
    const reply = (await callRoute(
      productEdit,
      "action",
      post(`${LIST}/new`, fields(sized(["220", "22%"]))),
    )) as Reply;
    expect(reply.init?.status).toBe(400);
    expect(reply.data?.errors).toEqual({
      "variations.1.totalThc":
        "Total THC must be a number of mg/g from 0 to 1,000, like 220 or 0.5",
    });
    expect(await db().select().from(products)).toEqual([]);
    expect(await db().select().from(productVariations)).toEqual([]);
  });

  it("is saved per size, or for a product without sizes, shown back and on the store's page", async () => {
    const own = (await callRoute(
      productEdit,
      "action",
      post(`${LIST}/new`, fields({ thc: " 10 ", cbd: "0", totalThc: "", totalCbd: "" })),
    )) as Response;
    expect(own.status).toBe(302);
    const withSizes = (await callRoute(
      productEdit,
      "action",
      post(`${LIST}/new`, fields(sized(["220", "240.5"]))),
    )) as Response;
    expect(withSizes.status).toBe(302);

    const [gummies] = await db().select().from(products).where(eq(products.sku, "GUM-1"));
    const [dream] = await db().select().from(products).where(eq(products.sku, "BD-1"));
    expect(await getAdminProduct(gummies!.id)).toMatchObject({
      thcTenths: 100,
      totalThcTenths: null,
      cbdTenths: 0,
      totalCbdTenths: null,
    });
    const shown = (await getAdminProduct(dream!.id))!;
    expect(shown.thcTenths).toBeNull();
    expect(
      shown.variations.map((v) => [v.size, v.thcTenths, v.totalThcTenths, v.cbdTenths]),
    ).toEqual([
      ["3.5", null, 2200, 5],
      ["7", null, 2405, null],
    ]);
    const page = await getProductPage(gummies!.slug);
    expect(page?.product).toMatchObject({ thcTenths: 100, cbdTenths: 0 });

    // Cleared on an edit: empty means not given.
    const edit = (await callRoute(
      productEdit,
      "action",
      post(
        `${LIST}/${dream!.id}/edit`,
        fields({ ...sized(["", "240.5"]), variationId: shown.variations.map((v) => v.id) }),
      ),
      { productId: dream!.id },
    )) as Response;
    expect(edit.status).toBe(302);
    const after = (await getAdminProduct(dream!.id))!;
    expect(after.variations.map((v) => v.totalThcTenths)).toEqual([null, 2405]);
  });

  it("keeps none for seeds and what is not cannabis", async () => {
    const reply = (await callRoute(
      productEdit,
      "action",
      post(`${LIST}/new`, fields({ cannabisKind: "none", netAmount: "", thc: "5" })),
    )) as Response;
    expect(reply.status).toBe(302);
    const [papers] = await db().select().from(products).where(eq(products.sku, "GUM-1"));
    expect(papers!.thcTenths).toBeNull();
  });
});
