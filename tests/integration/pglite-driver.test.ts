import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { db, pgliteStartParams } from "~/server/db.server";
import { products } from "~/server/db-tables";
import { pgliteQueries, resetDatabase, testDriver } from "../setup/database";

describe("drizzle on PGlite", () => {
  beforeEach(resetDatabase);

  it("sends no type parsers with each statement, and reads the same values", async (ctx) => {
    if (testDriver() !== "pglite") ctx.skip();
    const created = new Date("2026-03-04T05:06:07.890Z");
    const calls = await pgliteQueries(async () => {
      await db().insert(products).values({
        slug: "driver-check",
        name: "Driver Check",
        category: "edibles",
        sellingPriceCents: 1000,
        createdAt: created,
      });
      const [row] = await db()
        .select({ createdAt: products.createdAt, price: products.sellingPriceCents })
        .from(products)
        .where(eq(products.slug, "driver-check"));
      // drizzle still receives timestamps as text and reads them into Dates itself.
      expect(row?.createdAt).toEqual(created);
      expect(row?.price).toBe(1000);
      await db().transaction(async (tx) => {
        const [inside] = await tx
          .select({ createdAt: products.createdAt })
          .from(products)
          .where(eq(products.slug, "driver-check"));
        expect(inside?.createdAt).toEqual(created);
      });
    });
    expect(calls.length).toBeGreaterThanOrEqual(2);
    for (const [, , options] of calls) expect(options?.parsers).toBeUndefined();
  });

  it("gives the embedded database the page cache it is configured with (EMBEDDED_DB_CACHE_MB)", async (ctx) => {
    if (testDriver() !== "pglite") ctx.skip();
    expect(pgliteStartParams()).toContain("shared_buffers=16MB"); // the setting's default
    const client = await PGlite.create({ startParams: pgliteStartParams(24) });
    try {
      const { rows } = await client.query<{ shared_buffers: string }>("show shared_buffers");
      expect(rows[0]?.shared_buffers).toBe("24MB");
    } finally {
      await client.close();
    }
  });
});
