import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { databaseHandle, db } from "~/server/db.server";
import { products } from "~/server/schema";
import { resetDatabase, testDriver } from "../setup/database";

/** The options each statement reaches PGlite with, while fn runs. */
async function queryOptions(fn: () => Promise<unknown>): Promise<unknown[]> {
  const client = databaseHandle().pglite!;
  const original = client.query.bind(client);
  const seen: unknown[] = [];
  client.query = ((...args: Parameters<typeof original>) => {
    seen.push(args[2]);
    return original(...args);
  }) as typeof client.query;
  try {
    await fn();
  } finally {
    client.query = original;
  }
  return seen;
}

describe("drizzle on PGlite", () => {
  beforeEach(resetDatabase);

  it("sends no type parsers with each statement, and reads the same values", async (ctx) => {
    if (testDriver() !== "pglite") ctx.skip();
    const created = new Date("2026-03-04T05:06:07.890Z");
    const seen = await queryOptions(async () => {
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
    expect(seen.length).toBeGreaterThanOrEqual(2);
    for (const options of seen) expect((options as { parsers?: unknown })?.parsers).toBeUndefined();
  });
});
