import sharp from "sharp";
import { testActor } from "../setup/audit";
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItemId } from "~/lib/cart";
import * as stockRoute from "~/routes/admin/products/stock";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createAdminSession } from "~/server/auth/session.server";
import {
  createProduct,
  getAdminProduct,
  updateProduct,
} from "~/server/catalog/product-admin.server";
import { db } from "~/server/db.server";
import { storeImage } from "~/server/images/image-store.server";
import {
  adjustStock,
  productMovements,
  stockDiscrepancies,
} from "~/server/inventory/stock-ledger.server";
import { decodeCursor } from "~/server/keyset.server";
import { changeOrderStatus } from "~/server/orders/order-status.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { auditLog, productVariations } from "~/server/db-tables";
import { exportProductsCsv } from "~/server/catalog/product-csv-export.server";
import { getProductPage } from "~/server/catalog/products.server";
import { lowStockLines } from "~/server/inventory/low-stock.server";
import { resolveCartLines } from "~/server/orders/cart-lines.server";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";
import { checkoutInput, productStock } from "./checkout-factories";
import { productFormInput } from "./product-form";

let imageUrl: string;
let adminId: string;

beforeAll(async () => {
  await resetDatabase();
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#2a7" } })
    .png()
    .toBuffer();
  imageUrl = (await storeImage({ body: png, name: "green.png" })).imageUrl;
  adminId = (
    await createAdminUser({
      username: "stock-owner",
      displayName: "Stock Owner",
      password: "owner-pass-1",
      role: "owner",
    })
  ).id;
});

const sized = (sku: string, stocks: number[]) =>
  productFormInput(imageUrl, {
    sku,
    name: `Ledger ${sku}`,
    variations: stocks.map((stock, i) => ({
      size: String(i + 1),
      unit: "g",
      price: "10",
      stock: String(stock),
    })),
  });

async function newProduct(sku: string, stocks: number[]) {
  const made = await createProduct(sized(sku, stocks), testActor(adminId), "owner");
  if (!made.ok) throw new Error(made.message);
  return (await getAdminProduct(made.id))!;
}

const cartId = cartItemId;

describe("the stock ledger", () => {
  it("keeps units sold while the product form was open: saving it never writes stock", async () => {
    const product = await newProduct("OPEN-FORM", [5]);
    const size = product.variations[0]!;
    // Staff open the form (it shows 5)…
    const opened = sized("OPEN-FORM", [size.stock]);
    opened.variations[0]!.id = size.id;
    // …two units sell meanwhile…
    const order = await placeOrder(
      checkoutInput([{ id: cartId(product.id, size.id), quantity: 2 }]),
    );
    expect(order.ok).toBe(true);
    // …and the form is saved with the figure it was opened with.
    expect(
      (await updateProduct(product.id, { ...opened, name: "Renamed" }, testActor(adminId), "owner"))
        .ok,
    ).toBe(true);
    const after = (await getAdminProduct(product.id))!;
    expect(after.name).toBe("Renamed");
    expect(after.variations[0]!.stock).toBe(3);
    expect(await productStock(product.id)).toBe(3);
    expect(await stockDiscrepancies()).toEqual([]);
  });

  it("adds, removes and sets a counted figure, each a movement with who, why and the stock after", async () => {
    const product = await newProduct("ADJUST", [10, 4]);
    const [first, second] = product.variations;
    const adjust = (variationId: string, mode: "add" | "remove" | "set", quantity: number) =>
      adjustStock({
        productId: product.id,
        variationId,
        mode,
        quantity,
        reason: mode === "add" ? "received" : mode === "remove" ? "damaged" : "count_correction",
        note: mode === "remove" ? "Crushed in transit" : null,
        actor: testActor(adminId),
      });
    expect(await adjust(first!.id, "add", 6)).toEqual({ ok: true, quantity: 6, stockAfter: 16 });
    expect(await adjust(first!.id, "remove", 2)).toEqual({
      ok: true,
      quantity: -2,
      stockAfter: 14,
    });
    // A count of 9 when 4 are on the shelf records +5, from the stock at that moment.
    expect(await adjust(second!.id, "set", 9)).toEqual({ ok: true, quantity: 5, stockAfter: 9 });
    // The same count again changes nothing and records nothing.
    expect(await adjust(second!.id, "set", 9)).toEqual({ ok: true, quantity: 0, stockAfter: 9 });
    expect(await productStock(product.id)).toBe(23);

    const history = await productMovements(product.id);
    const rows = history.rows.map((m) => [
      m.reason,
      m.quantity,
      m.stockAfter,
      m.staff,
      m.note,
      m.size,
    ]);
    expect(rows.slice(0, 3)).toEqual([
      ["count_correction", 5, 9, "Stock Owner", null, "2"],
      ["damaged", -2, 14, "Stock Owner", "Crushed in transit", "1"],
      ["received", 6, 16, "Stock Owner", null, "1"],
    ]);
    // Both sizes opened in the same save.
    expect(rows.slice(3)).toEqual(
      expect.arrayContaining([
        ["received", 4, 4, "Stock Owner", "Opening stock", "2"],
        ["received", 10, 10, "Stock Owner", "Opening stock", "1"],
      ]),
    );
    expect(history.next).toBeNull();
    expect(await stockDiscrepancies()).toEqual([]);
  });

  it("refuses stock below 0 and a size of another product, changing nothing", async () => {
    const product = await newProduct("BELOW", [3]);
    const other = await newProduct("OTHER", [3]);
    const size = product.variations[0]!;
    const base = {
      productId: product.id,
      reason: "damaged" as const,
      note: null,
      actor: testActor(adminId),
    };
    expect(
      await adjustStock({ ...base, variationId: size.id, mode: "remove", quantity: 4 }),
    ).toEqual({ ok: false, status: 409, message: "Stock cannot go below 0: only 3 are left." });
    expect(
      await adjustStock({
        ...base,
        variationId: other.variations[0]!.id,
        mode: "add",
        quantity: 1,
      }),
    ).toMatchObject({ ok: false, status: 404 });
    // A product with sizes keeps its stock on them.
    expect(
      await adjustStock({ ...base, variationId: null, mode: "add", quantity: 1 }),
    ).toMatchObject({ ok: false, status: 400 });
    expect(await productStock(product.id)).toBe(3);
    expect((await productMovements(product.id)).rows).toHaveLength(1);
  });

  it("records a sale and a cancellation against their order", async () => {
    const product = await newProduct("SOLD", [8]);
    const size = product.variations[0]!;
    const order = await placeOrder(
      checkoutInput([{ id: cartId(product.id, size.id), quantity: 3 }]),
    );
    if (!order.ok) throw new Error(order.message);
    const cancelled = await changeOrderStatus({
      orderId: order.order.id,
      expectedStatus: "pending",
      change: { to: "cancelled", reason: "Changed mind" },
      actor: "test",
    });
    expect(cancelled.ok).toBe(true);
    const history = await productMovements(product.id);
    expect(
      history.rows
        .slice(0, 2)
        .map((m) => [m.reason, m.quantity, m.stockAfter, m.orderNumber, m.staff]),
    ).toEqual([
      ["cancelled", 3, 8, order.order.orderNumber, null],
      ["sold", -3, 5, order.order.orderNumber, null],
    ]);
    expect(await stockDiscrepancies()).toEqual([]);
  });

  it("opens new sizes with their typed stock and hands a sizeless product's stock over to sizes", async () => {
    const made = await createProduct(
      productFormInput(imageUrl, { sku: "SWITCH" }),
      testActor(adminId),
      "owner",
    );
    if (!made.ok) throw new Error(made.message);
    expect(await productStock(made.id)).toBe(12);
    // Sizes added: their own opening stock; the product's 12 leave with a count correction.
    await updateProduct(made.id, sized("SWITCH", [4, 2]), testActor(adminId), "owner");
    expect(await productStock(made.id)).toBe(6);
    expect(await stockDiscrepancies()).toEqual([]);
    // Sizes removed: the product's own count is what the form says.
    await updateProduct(
      made.id,
      productFormInput(imageUrl, { sku: "SWITCH", currentStock: "7" }),
      testActor(adminId),
      "owner",
    );
    expect(await productStock(made.id)).toBe(7);
    expect((await getAdminProduct(made.id))!.variations).toEqual([]);
    // The sizes are archived, emptied, with their history: never deleted with it.
    const archived = await db()
      .select()
      .from(productVariations)
      .where(eq(productVariations.productId, made.id));
    expect(archived.map((v) => [v.stock, v.archivedAt !== null])).toEqual([
      [0, true],
      [0, true],
    ]);
    const history = (await productMovements(made.id)).rows;
    expect(history.filter((m) => m.note === "Size removed").map((m) => m.quantity)).toEqual(
      expect.arrayContaining([-4, -2]),
    );
    expect(history.filter((m) => m.note === "Opening stock").map((m) => m.size)).toEqual(
      expect.arrayContaining(["1", "2"]),
    );
    expect(await stockDiscrepancies()).toEqual([]);
  });

  it("records stock typed in the product form as Adjust stock does: a movement and an activity entry each", async () => {
    const product = await newProduct("FORM-STOCK", [4, 2]);
    const [small, large] = product.variations;
    const stockEntries = async () =>
      (
        await db()
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.recordId, product.id), eq(auditLog.area, "stock")))
          .orderBy(asc(auditLog.createdAt), asc(auditLog.id))
      ).map((e) => e.changes);
    // The opening stock of each size, as an adjustment would write it.
    expect(await stockEntries()).toEqual(
      expect.arrayContaining([
        { size: "1g", stock: [0, 4], reason: "received", note: "Opening stock" },
        { size: "2g", stock: [0, 2], reason: "received", note: "Opening stock" },
      ]),
    );

    // The size "1g" removed and sent back as a new row with 5000; "2g" kept (its typed 99 ignored).
    const form = sized("FORM-STOCK", [5000, 99]);
    form.variations[1]!.id = large!.id;
    form.variations[1]!.size = "2";
    expect((await updateProduct(product.id, form, testActor(adminId), "owner")).ok).toBe(true);
    const after = (await getAdminProduct(product.id))!;
    expect(after.variations.map((v) => [v.size, v.stock])).toEqual([
      ["1", 5000],
      ["2", 2],
    ]);
    // Adding a size with a removed size's name makes a new size; the old one keeps its history.
    expect(after.variations[0]!.id).not.toBe(small!.id);
    const [old] = await db()
      .select()
      .from(productVariations)
      .where(eq(productVariations.id, small!.id));
    expect(old).toMatchObject({ stock: 0, archivedAt: expect.any(Date) });
    const history = (await productMovements(product.id)).rows.filter(
      (m) => m.variationId === small!.id,
    );
    expect(history.map((m) => [m.reason, m.quantity, m.stockAfter, m.note])).toEqual([
      ["count_correction", -4, 0, "Size removed"],
      ["received", 4, 4, "Opening stock"],
    ]);
    const entries = await stockEntries();
    expect(entries).toHaveLength(4);
    expect(entries).toEqual(
      expect.arrayContaining([
        { size: "1g", stock: [4, 0], reason: "count_correction", note: "Size removed" },
        { size: "1g", stock: [0, 5000], reason: "received", note: "Opening stock" },
      ]),
    );
    expect(await productStock(product.id)).toBe(5002);
    expect(await stockDiscrepancies()).toEqual([]);
  });

  it("never shows, sells or restocks a removed size", async () => {
    const product = await newProduct("ARCHIVED", [5, 1]);
    const [gone, kept] = product.variations;
    const order = await placeOrder(
      checkoutInput([{ id: cartId(product.id, gone!.id), quantity: 2 }]),
    );
    if (!order.ok) throw new Error(order.message);
    const form = sized("ARCHIVED", [1]);
    form.variations[0]!.id = kept!.id;
    form.variations[0]!.size = "2";
    expect((await updateProduct(product.id, form, testActor(adminId), "owner")).ok).toBe(true);

    const page = await getProductPage(product.slug);
    expect(page!.product.variations.map((v) => v.id)).toEqual([kept!.id]);
    expect(page!.product.stock).toBe(1);
    const [line] = await resolveCartLines([{ id: cartId(product.id, gone!.id), quantity: 1 }]);
    expect(line!.status).toBe("unavailable");
    const refused = await placeOrder(
      checkoutInput([{ id: cartId(product.id, gone!.id), quantity: 1 }]),
    );
    expect(refused.ok).toBe(false);
    let csv = "";
    for await (const chunk of exportProductsCsv()) csv += chunk;
    expect(csv.split("\n").filter((row) => row.includes("ARCHIVED"))).toHaveLength(1);
    expect((await lowStockLines()).filter((l) => l.productName === "Ledger ARCHIVED")).toEqual([
      expect.objectContaining({ size: "2g", stock: 1 }),
    ]);
    // The order of the removed size is cancelled: its units have nowhere to go back to.
    const cancelled = await changeOrderStatus({
      orderId: order.order.id,
      expectedStatus: "pending",
      change: { to: "cancelled", reason: "Changed mind" },
      actor: "test",
    });
    expect(cancelled.ok).toBe(true);
    const [old] = await db()
      .select()
      .from(productVariations)
      .where(eq(productVariations.id, gone!.id));
    expect(old!.stock).toBe(0);
    expect(await productStock(product.id)).toBe(1);
    expect(await stockDiscrepancies()).toEqual([]);
  });

  it("pages a long history by cursor and finds a figure changed behind the ledger's back", async () => {
    const product = await newProduct("PAGED", [1]);
    const size = product.variations[0]!;
    for (let i = 0; i < 24; i++)
      await adjustStock({
        productId: product.id,
        variationId: size.id,
        mode: "add",
        quantity: 1,
        reason: "received",
        note: null,
        actor: testActor(adminId),
      });
    const first = await productMovements(product.id);
    expect(first.rows).toHaveLength(20);
    const second = await productMovements(product.id, decodeCursor(first.next));
    expect(second.rows).toHaveLength(5);
    expect(second.next).toBeNull();
    expect(second.rows.at(-1)!.note).toBe("Opening stock");
    expect(decodeCursor("not-a-cursor")).toBeUndefined();

    await db()
      .update(productVariations)
      .set({ stock: 99 })
      .where(eq(productVariations.id, size.id));
    expect(await stockDiscrepancies()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ variationId: size.id, stock: 99, expected: 25 }),
        expect.objectContaining({
          productId: product.id,
          variationId: null,
          stock: 25,
          expected: 99,
        }),
      ]),
    );
  });

  describe("the Adjust stock route", () => {
    const ORIGIN = "http://store.test";
    let cookie: string;
    beforeAll(async () => {
      cookie = (await createAdminSession({ userId: adminId })).split(";")[0]!;
    });
    type Reply = { data?: { errors?: Record<string, string> }; init?: { status?: number } };
    const post = (productId: string, fields: Record<string, string>) => {
      const body = new FormData();
      for (const [key, value] of Object.entries(fields)) body.set(key, value);
      const url = `${ORIGIN}/budzadmin/dashboard/products/${productId}/stock`;
      return callRoute(
        stockRoute,
        "action",
        new Request(url, { method: "POST", headers: { Cookie: cookie, Origin: ORIGIN }, body }),
        { productId },
      ).catch((e: unknown) => e);
    };

    it("adjusts and returns to the page it came from with a toast; refuses bad input with a 4xx", async () => {
      const product = await newProduct("ROUTE-STOCK", [2]);
      const variationId = product.variations[0]!.id;
      const back = `/budzadmin/dashboard/products/${product.id}?page=2`;
      const done = (await post(product.id, {
        variationId,
        mode: "add",
        quantity: "5",
        reason: "received",
        lotNumber: "D-118",
        note: "Delivery 118",
        returnTo: back,
      })) as Response;
      expect(done.status).toBe(302);
      expect(done.headers.get("Location")).toBe(back);

      const belowZero = (await post(product.id, {
        variationId,
        mode: "remove",
        quantity: "8",
        reason: "damaged",
      })) as Reply;
      expect(belowZero.init?.status).toBe(409);
      expect(belowZero.data?.errors).toEqual({
        quantity: "Stock cannot go below 0: only 7 are left.",
      });
      const unknownReason = (await post(product.id, {
        variationId,
        mode: "add",
        quantity: "1",
        reason: "sold",
      })) as Reply;
      expect(unknownReason.init?.status).toBe(400);
      expect(unknownReason.data?.errors?.reason).toBe(
        "Choose a reason: Received, Returned, Count correction",
      );
      const noQuantity = (await post(product.id, {
        variationId,
        mode: "remove",
        quantity: "0",
        reason: "lost",
      })) as Reply;
      expect(noQuantity.data?.errors).toEqual({ quantity: "Quantity must be at least 1" });
      const missing = "00000000-0000-4000-8000-000000000000";
      const gone = (await post(missing, {
        variationId,
        mode: "add",
        quantity: "1",
        reason: "received",
        lotNumber: "D-119",
      })) as Reply;
      expect(gone.init?.status).toBe(404);
      expect(await productStock(product.id)).toBe(7);
    });
  });
});
