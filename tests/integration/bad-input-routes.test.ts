import { beforeEach, describe, expect, it } from "vitest";
import * as loginRoute from "~/routes/admin/login";
import * as ageRoute from "~/routes/resources/age-verification";
import * as quoteRoute from "~/routes/resources/cart-quote";
import * as newsletterRoute from "~/routes/resources/newsletter";
import * as categoryRoute from "~/routes/store/category";
import * as checkoutRoute from "~/routes/store/checkout";
import * as lookupRoute from "~/routes/store/order-lookup";
import * as productRoute from "~/routes/store/product";
import * as searchRoute from "~/routes/store/search";
import { parseInvoiceListQuery } from "~/schemas/invoices";
import { resetDatabase } from "../setup/database";
import { callRoute, type RouteModule } from "../setup/route-call";
import { createCoupon, createProduct } from "./checkout-factories";

// The hardening battery's black-box probe (npm run battery) found these answered with a 500. Each
// must be a 4xx (or a normal answer with the control characters gone), page and `.data` requests
// alike.

const ORIGIN = "http://store.test";

interface Call {
  request: Request;
  params: Record<string, string>;
}
/** A route's loader or action as the server calls it (callRoute: its middleware, a real context). */
const route =
  (module: RouteModule, kind: "loader" | "action") =>
  ({ request, params }: Call) =>
    callRoute(module, kind, request, params);
const checkoutAction = route(checkoutRoute, "action");
const newsletterAction = route(newsletterRoute, "action");
const lookupAction = route(lookupRoute, "action");
const ageAction = route(ageRoute, "action");
const loginAction = route(loginRoute, "action");
const productLoader = route(productRoute, "loader");
const searchLoader = route(searchRoute, "loader");
const categoryLoader = route(categoryRoute, "loader");
const quoteLoader = route(quoteRoute, "loader");

/** The status the server would answer: a returned or thrown response or data(), else 200. */
async function statusOf(run: () => Promise<unknown>): Promise<number> {
  const status = (value: unknown) =>
    value instanceof Response
      ? value.status
      : ((value as { init?: { status?: number } } | undefined)?.init?.status ?? 200);
  try {
    return status(await run());
  } catch (error) {
    if (error instanceof Response || (error as { init?: unknown })?.init) return status(error);
    throw error; // anything else would have been a 500
  }
}

const ACTIONS = {
  "/checkout": checkoutAction,
  "/newsletter": newsletterAction,
  "/order-lookup": lookupAction,
  "/age-verification": ageAction,
  "/budzadmin": loginAction,
} as Record<string, (call: Call) => Promise<unknown>>;

const BODIES: [string, string | undefined, BodyInit | undefined, number][] = [
  ["JSON", "application/json", '{"email":"a@b.ca"}', 415],
  ["broken JSON", "application/json", '{"email":', 415],
  ["text/plain", "text/plain", "email=a@b.ca", 415],
  ["no content type", undefined, new Uint8Array([1, 2, 3]), 415],
  ["multipart without a boundary", "multipart/form-data", "--x\r\n\r\n", 400],
  ["multipart, wrong boundary", "multipart/form-data; boundary=abc", "--xyz\r\n", 400],
  ["binary", "application/octet-stream", new Uint8Array([0, 255]), 415],
];

function post(path: string, type: string | undefined, body: BodyInit | undefined): Call {
  const headers: Record<string, string> = { Origin: ORIGIN };
  if (type) headers["Content-Type"] = type;
  return {
    request: new Request(`${ORIGIN}${path}`, { method: "POST", headers, body }),
    params: {},
  };
}

const form = (values: Record<string, string>) =>
  post("", "application/x-www-form-urlencoded", new URLSearchParams(values));

const get = (path: string, params: Record<string, string> = {}): Call => ({
  request: new Request(`${ORIGIN}${path}`),
  params,
});

beforeEach(async () => {
  await resetDatabase();
});

describe("bodies that are not a form", () => {
  for (const [path, action] of Object.entries(ACTIONS)) {
    it(`${path} and ${path}.data answer 415/400`, async () => {
      for (const [, type, body, expected] of BODIES) {
        for (const url of [path, `${path}.data`]) {
          expect(await statusOf(() => action(post(url, type, body)))).toBe(expected);
        }
      }
    });
  }
});

describe("NUL and other control characters in text", () => {
  it("checkout: in the name, street, city and coupon code the order is placed without them", async () => {
    const product = await createProduct({ stock: 5 });
    await createCoupon({ code: "SAVE10", type: "percentage", value: 10 });
    const status = await statusOf(() =>
      checkoutAction(
        form({
          email: "jane\u0000@example.com",
          phone: "604-555-0100",
          name: "Jane\u0000 Doe",
          street: "1 Main\u0000 St",
          city: "Van\u0000couver",
          province: "BC",
          postalCode: "V6B\u0000 1A1",
          ageConfirmed: "on",
          couponCode: "SAVE\u000010",
          idempotencyKey: "nul-test-key-0123456789",
          items: JSON.stringify([{ id: product.id(), quantity: 1 }]),
        }),
      ),
    );
    expect(status).toBe(302);
  });

  it("newsletter, look-up and sign-in answer with a 4xx or normally", async () => {
    expect(
      await statusOf(() => newsletterAction(form({ email: "a\u0000b@example.com" }))),
    ).toBeLessThan(500);
    expect(
      await statusOf(() =>
        lookupAction(form({ orderNumber: "BBS-0000\u00001", email: "a\u0000@b.ca" })),
      ),
    ).toBe(404);
    expect(
      await statusOf(() => loginAction(form({ username: "ad\u0000min", password: "x\u0000" }))),
    ).toBe(401);
  });

  it("age gate: a return path with characters a Location header cannot carry is encoded", async () => {
    for (const returnTo of ["/products\ufffd", "/products💥", "/a b?x=é#ü"]) {
      const response = (await ageAction(form({ answer: "adult", returnTo }))) as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toMatch(/^\/[\x21-\x7e]*$/);
    }
  });

  it("invoice search: NUL in ?q= is dropped", () => {
    expect(
      parseInvoiceListQuery(`${ORIGIN}/budzadmin/dashboard/invoices?q=BBS%00-1`, "UTC").q,
    ).toBe("BBS-1");
  });

  it("a product slug with NUL is a 404; a search for NUL finds nothing", async () => {
    expect(await statusOf(() => productLoader(get("/products/a%00b", { slug: "a\u0000b" })))).toBe(
      404,
    );
    expect(await statusOf(() => searchLoader(get("/search?q=a%00b")))).toBe(200);
  });
});

describe("crafted listing cursors and cart items", () => {
  const id = "00000000-0000-4000-8000-000000000000";
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

  it("/category/* and /products answer 400 to a cursor no listing wrote", async () => {
    for (const [cursor, sort] of [
      [b64([1e300, id]), "price-asc"],
      [b64(["cheap", id]), "price-desc"],
      [b64([42, id]), "name"],
      [b64([1, "x"]), "rating"],
    ] as const) {
      for (const key of ["after", "before"]) {
        const query = `?sort=${sort}&${key}=${cursor}`;
        expect(
          await statusOf(() =>
            categoryLoader(get(`/category/flowers${query}`, { slug: "flowers" })),
          ),
        ).toBe(400);
        expect(await statusOf(() => categoryLoader(get(`/products.data${query}`)))).toBe(400);
      }
    }
  });

  it("/category/* and /products answer 400 to a bad strain or potency filter", async () => {
    for (const query of [
      "?strain=kush",
      "?strain=indica&strain=sativa",
      "?thcMin=abc",
      "?thcMax=-1",
      "?cbdMin=1e3",
      "?cbdMax=1001",
      "?thcMin=1.25",
      "?thcMin=300&thcMax=100",
      "?cbdMin=%00",
    ]) {
      expect(
        await statusOf(() => categoryLoader(get(`/category/flowers${query}`, { slug: "flowers" }))),
      ).toBe(400);
      expect(await statusOf(() => categoryLoader(get(`/products${query}`)))).toBe(400);
    }
    expect(
      await statusOf(() => categoryLoader(get("/products?strain=indica&thcMin=100&cbdMax=5.5"))),
    ).toBe(200);
  });

  it("a cursor with NUL in a name is used without it", async () => {
    const cursor = b64(["a\u0000b", id]);
    expect(await statusOf(() => categoryLoader(get(`/products?after=${cursor}`)))).toBe(200);
  });

  it("/cart/quote answers 400 to items no cart holds", async () => {
    for (const items of [
      '[{"id":"a\\u0000b","quantity":1}]',
      `[{"id":"${id}","quantity":1e300}]`,
      '[{"id":{"$ne":1},"quantity":1}]',
      "[" + "[".repeat(3000) + "]".repeat(3000) + "]",
    ]) {
      const url = `/cart/quote?items=${encodeURIComponent(items)}&code=%00`;
      expect(await statusOf(() => quoteLoader(get(url)))).toBe(400);
    }
    const fine = `/cart/quote?items=${encodeURIComponent(`[{"id":"${id}","quantity":1}]`)}&code=A%00B`;
    expect(await statusOf(() => quoteLoader(get(fine)))).toBe(200);
  });
});
