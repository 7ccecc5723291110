import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as productEdit from "~/routes/admin/products/edit";
import { getAdminProduct } from "~/server/catalog/product-admin.server";
import { getProductPage } from "~/server/catalog/products.server";
import { listAdminProducts } from "~/server/catalog/product-admin-list.server";
import { addProduct } from "./product-factories";
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
    variationCbd: ["0.5", "0"],
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
      ["7", null, 2405, 0],
    ]);
    const page = await getProductPage(gummies!.slug);
    expect(page?.product).toMatchObject({ thcTenths: 100, cbdTenths: 0 });

    // Cleared on an edit: empty means not given (a draft may miss what an active product needs).
    const edit = (await callRoute(
      productEdit,
      "action",
      post(
        `${LIST}/${dream!.id}/edit`,
        fields({
          ...sized(["", "240.5"]),
          variationId: shown.variations.map((v) => v.id),
          status: "draft",
        }),
      ),
      { productId: dream!.id },
    )) as Response;
    expect(edit.status).toBe(302);
    const after = (await getAdminProduct(dream!.id))!;
    expect(after.variations.map((v) => v.totalThcTenths)).toEqual([null, 2405]);
  });

  it("is required to be active: THC or total THC and CBD or total CBD, else 400 naming the fields", async () => {
    const reply = (await callRoute(
      productEdit,
      "action",
      post(`${LIST}/new`, fields({ cbd: "2" })),
    )) as Reply;
    expect(reply.init?.status).toBe(400);
    expect(reply.data?.errors).toEqual({
      thc: "Enter THC or Total THC (mg per unit) to make this product active, or save it as a draft.",
    });
    const sizes = (await callRoute(
      productEdit,
      "action",
      post(`${LIST}/new`, fields({ ...sized(["", "240"]), variationCbd: ["", "1"] })),
    )) as Reply;
    expect(sizes.init?.status).toBe(400);
    expect(sizes.data?.errors).toEqual({
      "variations.0.thc":
        "Enter THC or Total THC (mg/g) to make this product active, or save it as a draft.",
      "variations.0.cbd":
        "Enter CBD or Total CBD (mg/g) to make this product active, or save it as a draft.",
    });
    expect(await db().select().from(products)).toEqual([]);

    // A draft is saved without them, and is not on the store.
    const draft = (await callRoute(
      productEdit,
      "action",
      post(`${LIST}/new`, fields({ status: "draft" })),
    )) as Response;
    expect(draft.status).toBe(302);
    const [saved] = await db().select().from(products);
    expect(saved).toMatchObject({ status: "draft", thcTenths: null, cbdTenths: null });
    expect(await getProductPage(saved!.slug)).toBeUndefined();

    // Made active once they are given (a total stands for the value).
    const active = (await callRoute(
      productEdit,
      "action",
      post(
        `${LIST}/${saved!.id}/edit`,
        fields({ status: "active", totalThc: "10", totalCbd: "0" }),
      ),
      { productId: saved!.id },
    )) as Response;
    expect(active.status).toBe(302);
    expect((await getProductPage(saved!.slug))?.product.name).toBe("Mango Gummies");
  });

  it("lists cannabis products missing it on the Products screen's Potency missing filter", async () => {
    const whole = await addProduct({ name: "Whole missing", potency: false });
    await addProduct({ name: "Whole given" });
    await addProduct({ name: "Draft missing", status: "draft", potency: false });
    await addProduct({ name: "Mushrooms", category: "mushrooms", potency: false });
    const sized = await addProduct({
      name: "One size missing",
      sizes: [
        { size: "1", priceCents: 1000, stock: 3 },
        { size: "3.5", priceCents: 3000, stock: 3 },
      ],
    });
    await db()
      .update(productVariations)
      .set({ cbdTenths: null })
      .where(eq(productVariations.size, "3.5"));
    // An archived size and the product's own values are not read when it has live sizes.
    const removed = await addProduct({
      name: "Archived size missing",
      potency: false,
      sizes: [{ size: "7", priceCents: 5000, stock: 3 }],
    });
    await db()
      .update(productVariations)
      .set({ thcTenths: 2200, cbdTenths: 10 })
      .where(eq(productVariations.productId, removed.id));
    await db().insert(productVariations).values({
      productId: removed.id,
      size: "14",
      sizeUnit: "g",
      priceCents: 9000,
      stock: 0,
      position: 1,
      archivedAt: new Date(),
    });
    await db()
      .update(products)
      .set({ cannabisKind: "seeds" })
      .where(eq(products.name, "Mushrooms"));
    const names = async (query: Parameters<typeof listAdminProducts>[0]) =>
      (await listAdminProducts(query)).rows.map((row) => row.name).sort();
    expect(await names({ status: "active", potency: "missing" })).toEqual([
      "One size missing",
      "Whole missing",
    ]);
    expect(await names({ status: "all", potency: "missing" })).toEqual([
      "Draft missing",
      "One size missing",
      "Whole missing",
    ]);
    expect((await listAdminProducts({ status: "active" })).total).toBe(5);
    expect(whole.status).toBe("active");
    expect(sized.status).toBe("active");
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
