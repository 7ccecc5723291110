import { describe, expect, it } from "vitest";
import { pageCacheDecision } from "~/server/storefront/page-cache-key.server";
import { PageLru } from "~/server/storefront/page-cache-store.server";

const adult = "age_verified=true";
const decide = (url: string, cookie?: string, method = "GET") =>
  pageCacheDecision({ method, url, cookie });

describe("page cache key", () => {
  it("caches the storefront pages the issue lists, page and data requests", () => {
    for (const url of [
      "/",
      "/_root.data",
      "/products",
      "/products?sort=price-asc&max=200&view=list",
      "/category/flowers",
      "/category/flowers.data?_routes=routes%2Fstore%2Fcategory",
      "/products/blue-dream",
      "/about",
      "/contact",
      "/privacy",
      "/faq",
      "/sitemap.xml",
      "/sitemaps/products-2.xml",
      "/?utm_source=newsletter",
      "/fr",
      "/fr.data",
      "/fr/products?sort=price-asc",
      "/fr/category/flowers.data?_routes=fr%2Froutes%2Fstore%2Fcategory",
      "/fr/products/blue-dream",
      "/fr/faq",
    ])
      expect(decide(url, adult), url).toMatchObject({ cacheable: true });
  });

  it("keys each language apart, with the dismissed announcements on the French Home too", () => {
    const key = (url: string, cookie?: string) => (decide(url, cookie) as { key: string }).key;
    expect(key("/fr", adult)).not.toBe(key("/", adult));
    expect(key("/fr/products/blue-dream", adult)).not.toBe(key("/products/blue-dream", adult));
    expect(key("/fr", `${adult}; announcement_dismissed=a-1`)).not.toBe(key("/fr", adult));
    for (const url of ["/fr/checkout", "/fr/account", "/fr/search?q=creme", "/fr/orders/abc"])
      expect(decide(url, adult), url).toMatchObject({ cacheable: false, reason: "path" });
  });

  it("never caches checkout, orders, accounts, the admin, search or resource routes", () => {
    for (const url of [
      "/checkout",
      "/cart/quote?items=[]",
      "/orders/abc",
      "/order-lookup",
      "/account",
      "/account/orders",
      "/budzadmin",
      "/budzadmin/dashboard/products",
      "/search?q=blue",
      "/age-verification",
      "/newsletter",
      "/unsubscribe/x",
      "/email/open/x",
      "/products/a/b",
      "/sitemap.xml.data",
      "/sitemaps/products-2.xml.data",
      "/sitemaps/a/b.xml",
    ])
      expect(decide(url, adult), url).toMatchObject({ cacheable: false, reason: "path" });
  });

  it("refuses other methods, unknown or repeated parameters", () => {
    expect(decide("/", adult, "POST")).toMatchObject({ cacheable: false, reason: "method" });
    expect(decide("/", adult, "HEAD")).toMatchObject({ cacheable: false });
    expect(decide("/?fbclid=123", adult)).toMatchObject({ cacheable: false, reason: "query" });
    expect(decide("/products/x?sort=name", adult)).toMatchObject({ reason: "query" });
    expect(decide("/products?sort=name&sort=rating", adult)).toMatchObject({ reason: "query" });
  });

  it("bypasses with any session or unknown cookie, and says the answer is private", () => {
    for (const cookie of [
      `${adult}; budz_shopper=s`,
      `${adult}; __Secure-budz_shopper=s`,
      `budz_admin=s`,
      `${adult}; budz_admin_flash=x`,
      `${adult}; something_new=1`,
      `${adult}; ${adult}`,
    ])
      expect(decide("/", cookie), cookie).toEqual({
        cacheable: false,
        reason: "cookie",
        privateAnswer: true,
      });
    expect(decide("/checkout", `${adult}; budz_shopper=s`)).toMatchObject({ privateAnswer: true });
    expect(decide("/checkout", adult)).toMatchObject({ privateAnswer: false });
  });

  it("keys by the age gate, the dismissed announcements on Home only, and sorted parameters", () => {
    const key = (url: string, cookie?: string) => (decide(url, cookie) as { key: string }).key;
    expect(key("/", adult)).not.toBe(key("/"));
    expect(key("/", "age_verified=yes")).toBe(key("/"));
    expect(key("/", `${adult}; announcement_dismissed=a-1`)).not.toBe(key("/", adult));
    expect(key("/", `${adult}; announcement_dismissed=b-2,a-1`)).toBe(
      key("/", `${adult}; announcement_dismissed=a-1%2Cb-2`),
    );
    expect(key("/about", `${adult}; announcement_dismissed=a-1`)).toBe(key("/about", adult));
    expect(key("/products?view=list&sort=name", adult)).toBe(
      key("/products?sort=name&view=list", adult),
    );
    expect(key("/products", adult)).not.toBe(key("/products.data", adult));
  });

  it("refuses visitors outside Canada", () => {
    expect(pageCacheDecision({ method: "GET", url: "/", restricted: true })).toMatchObject({
      cacheable: false,
      reason: "restricted",
    });
  });
});

describe("page cache memory bound", () => {
  const page = (bytes: number) => ({
    generation: 0,
    page: {
      etag: '"x"',
      headers: {},
      body: Buffer.alloc(bytes),
      gzip: Buffer.alloc(0),
      createdAt: 0,
      expiresAt: Number.MAX_SAFE_INTEGER,
    },
  });

  it("evicts the least recently used pages past its size", () => {
    const lru = new PageLru(1000);
    lru.set("a", page(100));
    lru.set("b", page(100));
    lru.get("a");
    for (let i = 0; i < 9; i++) lru.set(`c${i}`, page(100));
    expect(lru.get("a")).toBeDefined();
    expect(lru.get("b")).toBeUndefined();
    expect(lru.size).toBeLessThanOrEqual(10);
  });
});
