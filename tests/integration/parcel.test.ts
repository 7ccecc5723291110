import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as productEdit from "~/routes/admin/products/edit";
import { getAdminProduct } from "~/server/catalog/product-admin.server";
import { db } from "~/server/db.server";
import { orders, productVariations, products, shipments } from "~/server/db-tables";
import { parcelOfOrder, recordParcel } from "~/server/orders/parcel.server";
import { listPackingSlips } from "~/server/shipping/packing-slips.server";
import { getShipment, listShipments } from "~/server/shipping/shipments.server";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";
import { productFormOwner } from "./product-form";
import { createProduct } from "./checkout-factories";
import { shipmentAt } from "./shipping-factories";

/** docs/product/fulfilment.md#parcels-proof-of-age-and-weight */

beforeEach(resetDatabase);

describe("a product's packed weight in the product form", () => {
  const LIST = "/budzadmin/dashboard/products";
  let image: string;
  let post: Awaited<ReturnType<typeof productFormOwner>>["post"];

  beforeEach(async () => {
    ({ image, post } = await productFormOwner("parcel-owner"));
  });

  const fields = (overrides: Record<string, string | string[]> = {}) => ({
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
  const sized = (packed: [string, string]) => ({
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
    variationPackedGrams: packed,
    variationThc: ["220", "220"],
    variationCbd: ["1", "1"],
  });
  type Reply = { data?: { errors?: Record<string, string> }; init?: { status?: number } };
  const MESSAGE = "Packed weight must be a whole number of grams from 1 to 5000";

  it("is refused unless whole grams from 1 to 5000 (400, nothing stored)", async () => {
    for (const bad of ["0", "5001", "2.5", "abc", "-3"]) {
      const reply = (await callRoute(
        productEdit,
        "action",
        post(`${LIST}/new`, fields({ packedGrams: bad })),
      )) as Reply;
      expect(reply.init?.status).toBe(400);
      expect(reply.data?.errors).toEqual({ packedGrams: MESSAGE });
    }
    const reply = (await callRoute(
      productEdit,
      "action",
      post(`${LIST}/new`, fields(sized(["12", "7.5"]))),
    )) as Reply;
    expect(reply.init?.status).toBe(400);
    expect(reply.data?.errors).toEqual({ "variations.1.packedGrams": MESSAGE });
    expect(await db().select().from(products)).toEqual([]);
    expect(await db().select().from(productVariations)).toEqual([]);
  });

  it("is saved per size, or for a product without sizes, and shown back; empty means not weighed", async () => {
    const own = (await callRoute(
      productEdit,
      "action",
      post(`${LIST}/new`, fields({ packedGrams: " 15 " })),
    )) as Response;
    expect(own.status).toBe(302);
    const withSizes = (await callRoute(
      productEdit,
      "action",
      post(`${LIST}/new`, fields(sized(["12", ""]))),
    )) as Response;
    expect(withSizes.status).toBe(302);

    const [papers] = await db().select().from(products).where(eq(products.sku, "PAPERS-1"));
    const [dream] = await db().select().from(products).where(eq(products.sku, "BD-1"));
    expect((await getAdminProduct(papers!.id))?.packedGrams).toBe(15);
    const shown = (await getAdminProduct(dream!.id))!;
    // With sizes, the product's own packed weight is not kept: each size has its own.
    expect(shown.packedGrams).toBeNull();
    expect(shown.variations.map((v) => [v.size, v.packedGrams])).toEqual([
      ["3.5", 12],
      ["7", null],
    ]);

    const edit = (await callRoute(
      productEdit,
      "action",
      post(
        `${LIST}/${dream!.id}/edit`,
        fields({
          ...sized(["", "5000"]),
          variationId: shown.variations.map((v) => v.id),
          variationStock: ["5", "5"],
        }),
      ),
      { productId: dream!.id },
    )) as Response;
    expect(edit.status).toBe(302);
    const after = (await getAdminProduct(dream!.id))!;
    expect(after.variations.map((v) => v.packedGrams)).toEqual([null, 5000]);
  });
});

describe("a parcel's weight and Proof of Age", () => {
  /** "Blue Dream" 3.5g and 7g, and "Papers" without sizes, with these packed weights. */
  async function catalogue(packed: { small: number | null; large: number | null }) {
    const dream = await createProduct({
      name: "Blue Dream",
      variations: [
        { size: "3.5", priceCents: 3000, stock: 50 },
        { size: "7", priceCents: 5500, stock: 50 },
      ],
    });
    await db()
      .update(productVariations)
      .set({ packedGrams: packed.small })
      .where(eq(productVariations.id, dream.variations[0]!.id));
    await db()
      .update(productVariations)
      .set({ packedGrams: packed.large })
      .where(eq(productVariations.id, dream.variations[1]!.id));
    return dream;
  }

  const slipOf = async (orderNumber: string) => {
    const result = await listPackingSlips({ orderNumber });
    if (!result.ok) throw new Error(result.message);
    return result.slips[0]!;
  };

  it("adds the sizes' packed weights on the packing slip, with the order's Proof of Age", async () => {
    const product = await catalogue({ small: 20, large: 40 });
    const order = await shipmentAt("preparing", { product, lines: [2, 1] });
    expect((await slipOf(order.orderNumber)).parcel).toEqual({
      proofOfAge: "PA19",
      grams: 80,
      packedGrams: 80,
      raised: false,
      missing: [],
    });
  });

  it("raises a parcel under 50 g to the minimum, and names the sizes nobody weighed", async () => {
    const light = await catalogue({ small: 9, large: 20 });
    const raised = await shipmentAt("preparing", { product: light, lines: [2, 1] });
    expect((await slipOf(raised.orderNumber)).parcel).toMatchObject({
      grams: 50,
      packedGrams: 38,
      raised: true,
      missing: [],
    });

    const unweighed = await catalogue({ small: 30, large: null });
    const missing = await shipmentAt("preparing", { product: unweighed, lines: [2, 1] });
    expect((await slipOf(missing.orderNumber)).parcel).toMatchObject({
      grams: 60,
      raised: false,
      missing: ["Blue Dream 7g"],
    });
  });

  it("is not given for local delivery or pickup", async () => {
    const product = await catalogue({ small: 20, large: 40 });
    const order = await shipmentAt("preparing", { product });
    await db()
      .update(orders)
      .set({ fulfilmentMethod: "delivery", proofOfAge: null })
      .where(eq(orders.id, order.orderId));
    // As if it had been a delivery from the start (moving to processing recorded the parcel).
    await db()
      .update(shipments)
      .set({ proofOfAge: null, weightGrams: null })
      .where(eq(shipments.id, order.shipmentId));
    expect((await slipOf(order.orderNumber)).parcel).toBeNull();
    expect(await parcelOfOrder(db(), order.orderId)).toBeNull();
    expect(await recordParcel(db(), order.orderId)).toBeNull();
    const [shipment] = await db()
      .select()
      .from(shipments)
      .where(eq(shipments.id, order.shipmentId));
    expect(shipment).toMatchObject({ proofOfAge: null, weightGrams: null });
    expect((await getShipment(order.shipmentId))?.parcel).toBeNull();
  });

  it("is recorded on the shipment (the weight only once every size is weighed), and the Shipping screen prefers the record", async () => {
    const product = await catalogue({ small: 30, large: null });
    const order = await shipmentAt("preparing", { product, lines: [2, 1] });
    const stored = async () =>
      (await db().select().from(shipments).where(eq(shipments.id, order.shipmentId)))[0]!;

    // Starting to process the parcel recorded it already (order-status.server.ts).
    expect(await stored()).toMatchObject({ proofOfAge: "PA19", weightGrams: null });
    // Not every size weighed: the code is recorded, the weight is left for staff to weigh.
    await db().transaction((tx) => recordParcel(tx, order.orderId));
    expect(await stored()).toMatchObject({ proofOfAge: "PA19", weightGrams: null });
    expect((await getShipment(order.shipmentId))?.parcel).toMatchObject({
      proofOfAge: "PA19",
      grams: 60,
      missing: ["Blue Dream 7g"],
    });

    await db()
      .update(productVariations)
      .set({ packedGrams: 45 })
      .where(eq(productVariations.id, product.variations[1]!.id));
    await db().transaction((tx) => recordParcel(tx, order.orderId));
    expect(await stored()).toMatchObject({ proofOfAge: "PA19", weightGrams: 105 });

    // A packed weight changed after the record: the shipment keeps what it recorded.
    await db()
      .update(productVariations)
      .set({ packedGrams: 100 })
      .where(eq(productVariations.id, product.variations[1]!.id));
    const listed = await listShipments({});
    expect(listed.rows.find((r) => r.id === order.shipmentId)?.parcel).toMatchObject({
      proofOfAge: "PA19",
      grams: 105,
      missing: [],
    });
    expect((await slipOf(order.orderNumber)).parcel).toMatchObject({ grams: 160 });
  });
});
