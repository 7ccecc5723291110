import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as lotsRoute from "~/routes/admin/lots/list";
import * as stockRoute from "~/routes/admin/products/stock";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createAdminSession } from "~/server/auth/session.server";
import { db } from "~/server/db.server";
import { stockLots } from "~/server/db-tables";
import { imageStorage } from "~/server/images/storage.server";
import { listProductLots } from "~/server/inventory/lots.server";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";
import { createProduct, productStock } from "./checkout-factories";

const ORIGIN = "http://store.test";
let cookie: string;

beforeAll(async () => {
  await resetDatabase();
  const owner = await createAdminUser({
    username: "lots-admin-owner",
    displayName: "Lots Owner",
    password: "owner-pass-1",
    role: "owner",
  });
  cookie = (await createAdminSession({ userId: owner.id })).split(";")[0]!;
});

type Reply = { data?: { errors?: Record<string, string> }; init?: { status?: number } };

/** Posts Adjust stock as the dialog does (multipart, a file when given). */
function post(productId: string, fields: Record<string, string | Blob>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields))
    if (typeof value === "string") body.set(key, value);
    else body.set(key, value, "certificate.pdf");
  const url = `${ORIGIN}/budzadmin/dashboard/products/${productId}/stock`;
  return callRoute(
    stockRoute,
    "action",
    new Request(url, { method: "POST", headers: { Cookie: cookie, Origin: ORIGIN }, body }),
    { productId },
  ).catch((e: unknown) => e);
}

/** What a loader answered (its data), or the status and message it threw. */
async function get(module: typeof stockRoute | typeof lotsRoute, url: string, productId?: string) {
  try {
    const result = await callRoute(
      module,
      "loader",
      new Request(`${ORIGIN}${url}`, { headers: { Cookie: cookie } }),
      productId ? { productId } : {},
    );
    if (result instanceof Response) return { status: result.status, result };
    const wrapped = result as { data?: unknown; init?: { status?: number } };
    return wrapped.init ? { status: wrapped.init.status ?? 200, result: wrapped.data } : { result };
  } catch (thrown) {
    const error = thrown as { data?: { message?: string }; init?: { status?: number } };
    return { status: error.init?.status, message: error.data?.message };
  }
}

async function oneSize(name = "Lot Test") {
  const product = await createProduct({
    name,
    variations: [{ size: "3.5", priceCents: 3000, stock: 0 }],
  });
  return { productId: product.product.id, variationId: product.variations[0]!.id };
}

const receive = (variationId: string, lot: Record<string, string | Blob>, quantity = "10") => ({
  variationId,
  mode: "add",
  quantity,
  reason: "received",
  returnTo: "/budzadmin/dashboard/products",
  ...lot,
});

const pdf = () =>
  new Blob(["%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"], {
    type: "application/pdf",
  });

describe("Adjust stock with lots", () => {
  it("receives a lot with its details through the route and lists it for the dialog", async () => {
    const { productId, variationId } = await oneSize();
    const done = (await post(
      productId,
      receive(variationId, {
        lotNumber: "  BD-2211  ",
        packagedOn: "2026-09-01",
        expiresOn: "2027-09-01",
        supplier: "Northern Leaf",
        coaUrl: "https://lab.example/coa/BD-2211.pdf",
      }),
    )) as Response;
    expect(done.status).toBe(302);
    expect(await productStock(productId)).toBe(10);
    const [lot] = await db().select().from(stockLots).where(eq(stockLots.variationId, variationId));
    expect(lot).toMatchObject({
      lotNumber: "BD-2211",
      packagedOn: "2026-09-01",
      expiresOn: "2027-09-01",
      supplier: "Northern Leaf",
      coaUrl: "https://lab.example/coa/BD-2211.pdf",
      onHand: 10,
    });

    const listed = await get(
      stockRoute,
      `/budzadmin/dashboard/products/${productId}/stock?variationId=${variationId}`,
      productId,
    );
    expect(listed.result).toEqual({
      lots: [{ id: lot!.id, lotNumber: "BD-2211", onHand: 10, expiresOn: "2027-09-01" }],
    });
    // Without the query it is still the way back to the product's page.
    const page = await get(
      stockRoute,
      `/budzadmin/dashboard/products/${productId}/stock`,
      productId,
    );
    expect(page.status).toBe(302);
    const bad = await get(
      stockRoute,
      `/budzadmin/dashboard/products/${productId}/stock?variationId=nope`,
      productId,
    );
    expect(bad.status).toBe(400);
  });

  it("refuses a lot whose expiry is before its packaging, or without a number, with the message on the field", async () => {
    const { productId, variationId } = await oneSize();
    const dates = (await post(
      productId,
      receive(variationId, { lotNumber: "X-1", packagedOn: "2026-09-01", expiresOn: "2026-08-01" }),
    )) as Reply;
    expect(dates.init?.status).toBe(400);
    expect(dates.data?.errors).toEqual({
      expiresOn: "The expiry date cannot be before the packaged-on date.",
    });
    const noNumber = (await post(productId, receive(variationId, { lotNumber: " " }))) as Reply;
    expect(noNumber.data?.errors).toEqual({
      lotNumber: "Enter the lot number printed on the package.",
    });
    const badLink = (await post(
      productId,
      receive(variationId, { lotNumber: "X-1", coaUrl: "javascript:alert(1)" }),
    )) as Reply;
    expect(badLink.data?.errors).toEqual({
      coaUrl: "Enter the certificate's link starting with https://.",
    });
    // The same lot number again with other dates: a 409 on the lot number.
    expect(
      (
        (await post(
          productId,
          receive(variationId, { lotNumber: "X-1", expiresOn: "2027-01-31" }),
        )) as Response
      ).status,
    ).toBe(302);
    const conflict = (await post(
      productId,
      receive(variationId, { lotNumber: "X-1", expiresOn: "2027-02-28" }),
    )) as Reply;
    expect(conflict.init?.status).toBe(409);
    expect(conflict.data?.errors?.lotNumber).toMatch(/^Lot X-1 of this size is already recorded/);
    expect(await productStock(productId)).toBe(10);
  });

  it("stores an uploaded certificate PDF with the images and refuses a file that is not a PDF", async () => {
    const { productId, variationId } = await oneSize();
    const done = (await post(
      productId,
      receive(variationId, { lotNumber: "PDF-1", coaFile: pdf() }),
    )) as Response;
    expect(done.status).toBe(302);
    const [lot] = await db().select().from(stockLots).where(eq(stockLots.variationId, variationId));
    expect(lot!.coaUrl).toMatch(/^\/images\/coa\/[\w-]+\.pdf$/);
    const file = path.join(imageStorage().directory!, lot!.coaUrl!.slice("/images/".length));
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");

    const before = fs.readdirSync(path.join(imageStorage().directory!, "coa")).length;
    const notPdf = (await post(
      productId,
      receive(variationId, {
        lotNumber: "PDF-2",
        coaFile: new Blob(["<html>not a pdf</html>"], { type: "application/pdf" }),
      }),
    )) as Reply;
    expect(notPdf.init?.status).toBe(400);
    expect(notPdf.data?.errors).toEqual({
      coaFile: "The certificate of analysis must be a PDF file.",
    });
    const both = (await post(
      productId,
      receive(variationId, { lotNumber: "PDF-2", coaFile: pdf(), coaUrl: "https://lab.example/a" }),
    )) as Reply;
    expect(both.data?.errors).toEqual({
      coaFile: "Give the certificate as a link or a PDF, not both.",
    });
    const tooLarge = (await post(
      productId,
      receive(variationId, {
        lotNumber: "PDF-3",
        coaFile: new Blob([new Uint8Array(10 * 1024 * 1024 + 1)], { type: "application/pdf" }),
      }),
    )) as Reply;
    expect(tooLarge.data?.errors).toEqual({
      coaFile: "The certificate's PDF must be 10 MB or smaller.",
    });
    expect(fs.readdirSync(path.join(imageStorage().directory!, "coa"))).toHaveLength(before);
    expect(await productStock(productId)).toBe(10);
  });

  it("removes from a chosen lot, and makes a count name its lot when there are several", async () => {
    const { productId, variationId } = await oneSize();
    await post(productId, receive(variationId, { lotNumber: "A-1", expiresOn: "2027-03-31" }, "5"));
    await post(productId, receive(variationId, { lotNumber: "B-1", expiresOn: "2027-12-31" }, "4"));
    const lots = await listProductLots(productId);
    const late = lots.find((lot) => lot.lotNumber === "B-1")!;

    const tooMany = (await post(productId, {
      variationId,
      mode: "remove",
      quantity: "5",
      reason: "damaged",
      lotId: late.id,
    })) as Reply;
    expect(tooMany.init?.status).toBe(409);
    expect(tooMany.data?.errors).toEqual({
      quantity: "Stock cannot go below 0: only 4 are left in lot B-1.",
    });
    const removed = (await post(productId, {
      variationId,
      mode: "remove",
      quantity: "1",
      reason: "damaged",
      lotId: late.id,
    })) as Response;
    expect(removed.status).toBe(302);

    const unnamed = (await post(productId, {
      variationId,
      mode: "set",
      quantity: "2",
      reason: "count_correction",
    })) as Reply;
    expect(unnamed.init?.status).toBe(400);
    expect(unnamed.data?.errors).toEqual({ lotId: "Choose the lot you counted" });
    const counted = (await post(productId, {
      variationId,
      mode: "set",
      quantity: "2",
      reason: "count_correction",
      lotId: late.id,
    })) as Response;
    expect(counted.status).toBe(302);
    const after = await listProductLots(productId);
    expect(after.map((lot) => [lot.lotNumber, lot.onHand])).toEqual([
      ["A-1", 5],
      ["B-1", 2],
    ]);
    expect(await productStock(productId)).toBe(7);
  });
});

describe("the Lots screen", () => {
  it("searches by the lot number's beginning, filters, and refuses bad query values with a 400", async () => {
    const { productId, variationId } = await oneSize("Screen Product");
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await post(productId, receive(variationId, { lotNumber: "SCR-SOON", expiresOn: soon }, "3"));
    await post(
      productId,
      receive(variationId, { lotNumber: "scr-late", expiresOn: "2030-01-31" }, "2"),
    );
    await post(productId, receive(variationId, { lotNumber: "OTHER-1" }, "1"));

    type Screen = { list: { rows: { lotNumber: string; productName: string }[]; total: number } };
    const numbers = async (query: string) => {
      const answer = await get(lotsRoute, `/budzadmin/dashboard/lots${query}`);
      return (answer.result as Screen).list.rows.map((row) => row.lotNumber);
    };
    expect(await numbers("?q=SCR")).toEqual(["SCR-SOON", "scr-late"]);
    expect(await numbers("?q=scr-l")).toEqual(["scr-late"]);
    expect(await numbers("?q=CR")).toEqual([]);
    expect(await numbers("?q=scr&filter=expiring")).toEqual(["SCR-SOON"]);
    expect(await numbers("?q=scr&filter=expired")).toEqual([]);
    expect(await numbers("?q=scr&filter=recalled")).toEqual([]);
    expect(await numbers("?q=%25")).toEqual([]);
    const all = await get(lotsRoute, "/budzadmin/dashboard/lots?q=OTHER&filter=all");
    expect((all.result as Screen).list).toMatchObject({
      total: 1,
      rows: [{ lotNumber: "OTHER-1", productName: "Screen Product" }],
    });

    expect(await get(lotsRoute, "/budzadmin/dashboard/lots?filter=soon")).toEqual({
      status: 400,
      message: "filter must be one of: stock, expiring, expired, recalled, all.",
    });
    expect(await get(lotsRoute, "/budzadmin/dashboard/lots?page=0")).toEqual({
      status: 400,
      message: "page must be a page number from 1 to 99999.",
    });
  });
});
