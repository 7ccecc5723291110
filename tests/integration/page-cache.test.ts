import http from "node:http";
import { testActor } from "../setup/audit";
import type { AddressInfo } from "node:net";
import express from "express";
import sharp from "sharp";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as categoryRoute from "~/routes/store/category";
import * as productRoute from "~/routes/store/product";
import {
  createProduct,
  getAdminProduct,
  updateProduct,
} from "~/server/catalog/product-admin.server";
import { storeImage } from "~/server/images/image-store.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { pageCacheMiddleware } from "~/server/storefront/page-cache.server";
import {
  createPostgresStore,
  pageCacheStore,
  type PageCacheStore,
} from "~/server/storefront/page-cache-store.server";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";
import { checkoutInput, createProduct as createStockedProduct } from "./checkout-factories";
import { productFormInput } from "./product-form";

// The page cache in front of the real storefront loaders: a tiny renderer stands in for React
// Router (the e2e spec covers the real pages), so these tests see exactly what the cache serves.

let renders = 0;

/** An "instance": the cache middleware with its own store in front of a renderer. */
async function startInstance(store: () => PageCacheStore) {
  const app = express();
  app.use(pageCacheMiddleware({ store }));
  app.get("/{*splat}", async (req, res) => {
    renders++;
    const request = new Request(`http://store.test${req.originalUrl}`, {
      headers: { cookie: req.headers.cookie ?? "" },
    });
    const age = /age_verified=true/.test(req.headers.cookie ?? "") ? "adult" : "gate";
    if (req.path.startsWith("/category/")) {
      const page = (await callRoute(categoryRoute, "loader", request, {
        slug: req.path.split("/")[2]!,
      })) as Awaited<ReturnType<typeof categoryRoute.loader>>;
      const cards = page.products.map((p) => `${p.name}=${p.priceCents}`).join(",");
      res.type("html").send(`<main data-age="${age}">${cards}</main>`);
      return;
    }
    if (req.path.startsWith("/products/")) {
      const page = (await callRoute(productRoute, "loader", request, {
        slug: req.path.split("/")[2]!,
      })) as Awaited<ReturnType<typeof productRoute.loader>>;
      res
        .type("html")
        .send(`<main data-age="${age}">${page.product.name}=${page.product.priceCents}</main>`);
      return;
    }
    res.status(404).send("not found");
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    get: (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const ADULT = { cookie: "age_verified=true" };
let imageUrl: string;
let adminId: string;

function productForm(overrides: Record<string, unknown> = {}) {
  return productFormInput(imageUrl, { description: "Cached.", ...overrides });
}

let n = 0;
async function newProduct() {
  n++;
  const created = await createProduct(
    productForm({ name: `Cache Kush ${n}`, sku: `SKU-CACHE-${n}` }),
    testActor(adminId),
    "owner",
  );
  if (!created.ok) throw new Error("product not created");
  return created;
}

/** Waits until the instance has kept the page (it is stored after the response is sent). */
async function cached(instance: Awaited<ReturnType<typeof startInstance>>, path: string) {
  for (let i = 0; i < 100; i++) {
    const response = await instance.get(path, ADULT);
    if (response.headers.get("x-cache") === "HIT") return response;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${path} was never cached`);
}

beforeAll(async () => {
  await resetDatabase();
  const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#2a7" } })
    .png()
    .toBuffer();
  imageUrl = (await storeImage({ body: png, name: "green.png" })).imageUrl;
  adminId = (await createAdminUser({ username: "cache-staff", password: "staff-pass-1" })).id;
});

describe("shared page cache", () => {
  let instance: Awaited<ReturnType<typeof startInstance>>;
  beforeAll(async () => {
    instance = await startInstance(pageCacheStore);
  });
  afterAll(() => instance.close());
  beforeEach(() => pageCacheStore().invalidate());

  it("serves a page once rendered, with a strong ETag and a 304 for it", async () => {
    const { slug } = await newProduct();
    const first = await instance.get(`/products/${slug}`, ADULT);
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60");
    const hit = await cached(instance, `/products/${slug}`);
    expect(await hit.text()).toBe(await first.text());
    const etag = hit.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+(-gz)?"$/);
    expect(hit.headers.get("vary")).toContain("Cookie");
    const again = await instance.get(`/products/${slug}`, { ...ADULT, "if-none-match": etag });
    expect(again.status).toBe(304);
  });

  it("shows a product edit on the cached category and product page at once", async () => {
    const { id, slug } = await newProduct();
    await cached(instance, `/products/${slug}`);
    await cached(instance, "/category/flowers");
    const before = await getAdminProduct(id);
    const saved = await updateProduct(
      id,
      productForm({ name: before!.name, price: "55", sku: before!.sku }),
      testActor(adminId),
      "owner",
    );
    expect(saved?.ok).toBe(true);
    const product = await instance.get(`/products/${slug}`, ADULT);
    expect(product.headers.get("x-cache")).toBe("MISS");
    expect(await product.text()).toContain(`${before!.name}=5500`);
    const category = await instance.get("/category/flowers", ADULT);
    expect(category.headers.get("x-cache")).toBe("MISS");
    expect(await category.text()).toContain(`${before!.name}=5500`);
  });

  it("drops the cached pages when an order sells out a product or a size, not before", async () => {
    const single = await createStockedProduct({ stock: 2 });
    const sized = await createStockedProduct({
      variations: [
        { size: "1", priceCents: 1000, stock: 1 },
        { size: "3.5", priceCents: 3000, stock: 5 },
      ],
    });
    const buy = async (id: string) =>
      expect((await placeOrder(checkoutInput([{ id, quantity: 1 }]))).ok).toBe(true);
    const state = async (slug: string) =>
      (await instance.get(`/products/${slug}`, ADULT)).headers.get("x-cache");

    await cached(instance, `/products/${single.product.slug}`);
    await buy(single.id());
    expect(await state(single.product.slug)).toBe("HIT");
    await buy(single.id());
    expect(await state(single.product.slug)).toBe("MISS");

    await cached(instance, `/products/${sized.product.slug}`);
    await buy(sized.id(1));
    expect(await state(sized.product.slug)).toBe("HIT");
    await buy(sized.id(0));
    expect(await state(sized.product.slug)).toBe("MISS");
  });

  it("never gives a visitor who has not passed the age gate the page of one who has", async () => {
    const { slug } = await newProduct();
    await cached(instance, `/products/${slug}`);
    const gated = await instance.get(`/products/${slug}`);
    expect(await gated.text()).toContain('data-age="gate"');
    const other = await instance.get(`/products/${slug}`, { cookie: "age_verified=no" });
    expect(await other.text()).toContain('data-age="gate"');
  });

  it("lets a session cookie bypass the cache and keeps its answer private", async () => {
    const { slug } = await newProduct();
    await cached(instance, `/products/${slug}`);
    for (const cookie of ["budz_shopper=abc", "budz_admin=abc", "__Secure-budz_shopper=x"]) {
      const before = renders;
      const response = await instance.get(`/products/${slug}`, {
        cookie: `age_verified=true; ${cookie}`,
      });
      expect(response.headers.get("x-cache")).toBe("BYPASS");
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(renders).toBe(before + 1);
    }
  });
});

describe("two instances on one PostgreSQL", () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "agree after an edit (needs TEST_DATABASE_URL; PGlite allows one process, so one instance)",
    async () => {
      const a = await startInstance(memoize(createPostgresStore()));
      const b = await startInstance(memoize(createPostgresStore()));
      try {
        const { id, slug } = await newProduct();
        await cached(a, `/products/${slug}`);
        // B has never rendered it: the page A kept is shared.
        const fromB = await b.get(`/products/${slug}`, ADULT);
        expect(fromB.headers.get("x-cache")).toBe("HIT");
        await cached(b, `/products/${slug}`);
        const before = await getAdminProduct(id);
        await updateProduct(
          id,
          productForm({ name: before!.name, price: "61", sku: before!.sku }),
          testActor(adminId),
          "owner",
        );
        // Each instance had its own copy of the old page; neither serves it after the edit (the
        // second may be served the page the first has just rendered and shared).
        for (const instance of [b, a]) {
          const response = await instance.get(`/products/${slug}`, ADULT);
          expect(await response.text()).toContain(`${before!.name}=6100`);
        }
      } finally {
        await a.close();
        await b.close();
      }
    },
  );
});

function memoize(store: PageCacheStore) {
  return () => store;
}
