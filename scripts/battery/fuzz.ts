// The battery's fuzz pass: at least 300 malformed requests to every public and admin endpoint that
// takes input, page and `.data` URLs alike; counts the answers of 500 or more.
import { BAD_BODIES, BAD_CURSORS, BAD_ITEMS, BAD_STRINGS } from "./fuzz-inputs";

export interface FuzzRequest {
  method: "GET" | "POST";
  path: string;
  type?: string;
  body?: string | Uint8Array;
  admin?: boolean;
}

export interface FuzzTarget {
  baseUrl: string;
  adminCookie: string;
  productSlug: string;
  orderNumber: string;
}

const PER_ENDPOINT = 320;

/** Evenly spaced picks, so every kind of input stays represented. */
function sample<T>(items: T[], count = PER_ENDPOINT): T[] {
  if (items.length <= count) return items;
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)]!);
}

/** encodeURIComponent, but lone surrogates go out as the (invalid) UTF-8 bytes a client could send. */
function enc(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((c) => {
        const cp = c.codePointAt(0)!;
        if (cp < 0xd800 || cp > 0xdfff) return encodeURIComponent(c);
        return [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)]
          .map((b) => `%${b.toString(16).toUpperCase()}`)
          .join("");
      })
      .join("");
  }
}
const form = (values: Record<string, string>) => new URLSearchParams(values).toString();

/** POST endpoints: every field spoiled in three places, odd names, and bodies that are no form. */
function formRequests(
  paths: string[],
  valid: Record<string, string>,
  admin = false,
): FuzzRequest[] {
  const out: FuzzRequest[] = [];
  const type = "application/x-www-form-urlencoded";
  for (const path of paths) {
    for (const field of Object.keys(valid)) {
      for (const bad of BAD_STRINGS) {
        for (const value of [bad, `${valid[field]}${bad}`, `${bad}${valid[field]}`]) {
          out.push({ method: "POST", path, type, body: form({ ...valid, [field]: value }), admin });
        }
      }
    }
    for (const bad of BAD_STRINGS) {
      out.push({ method: "POST", path, type, body: form({ ...valid, [bad]: "x" }), admin });
      out.push({ method: "POST", path, type, body: `${form(valid)}&extra=${enc(bad)}`, admin });
    }
  }
  const spoiled = sample(out, PER_ENDPOINT - BAD_BODIES.length * paths.length);
  const raw = paths.flatMap((path) =>
    BAD_BODIES.map((b) => ({ method: "POST" as const, path, type: b.type, body: b.body, admin })),
  );
  return [...raw, ...spoiled];
}

/** GET endpoints: every parameter spoiled (cursors with crafted JSON too), on both URLs. */
function queryRequests(
  paths: string[],
  params: Record<string, readonly string[]>,
  admin = false,
): FuzzRequest[] {
  const out: FuzzRequest[] = [];
  for (const path of paths) {
    const join = path.includes("?") ? "&" : "?";
    for (const [name, values] of Object.entries(params)) {
      for (const value of values) {
        out.push({ method: "GET", path: `${path}${join}${name}=${enc(value)}`, admin });
        out.push({
          method: "GET",
          path: `${path}${join}sort=price-asc&${name}=${enc(value)}`,
          admin,
        });
        out.push({ method: "GET", path: `${path}${join}sort=rating&${name}=${value}`, admin });
      }
    }
  }
  return sample(out);
}

/** Path segments: bad text where a slug, token or order number goes. */
function segmentRequests(make: (segment: string) => string[], admin = false): FuzzRequest[] {
  const segments = [
    ...BAD_STRINGS.map(enc),
    "a%00b",
    "%ff",
    "%",
    "..%2f..%2fetc",
    "%c0%ae",
    "%ed%a0%80",
    "a%0ab",
    "x".repeat(3000),
  ];
  const out: FuzzRequest[] = [];
  for (const segment of segments) {
    for (const path of make(segment)) {
      for (const suffix of ["", "?after=%00", "?x=%ff", "?before=" + BAD_CURSORS[0]]) {
        out.push({ method: "GET", path: path + suffix, admin });
      }
    }
  }
  return sample(out);
}

const TEXT = [...BAD_STRINGS];
const CURSORS = [...BAD_CURSORS, ...BAD_STRINGS];

export function fuzzEndpoints(t: FuzzTarget): Record<string, FuzzRequest[]> {
  const checkout = {
    email: "fuzz@example.com",
    phone: "604-555-0100",
    name: "Fuzz Tester",
    street: "1 Main St",
    city: "Vancouver",
    province: "BC",
    postalCode: "V6B 1A1",
    ageConfirmed: "on",
    couponCode: "WELCOME10",
    idempotencyKey: "fuzz-key-0123456789abcdef",
    items: '[{"id":"00000000-0000-4000-8000-000000000000","quantity":1}]',
  };
  return {
    "POST /checkout": formRequests(["/checkout", "/checkout.data"], checkout),
    "POST /newsletter": formRequests(["/newsletter", "/newsletter.data"], { email: "a@b.ca" }),
    "POST /order-lookup": formRequests(["/order-lookup", "/order-lookup.data"], {
      orderNumber: t.orderNumber,
      email: "nobody@example.com",
    }),
    "POST /age-verification": formRequests(["/age-verification", "/age-verification.data"], {
      answer: "adult",
      returnTo: "/products",
    }),
    "POST /budzadmin (sign-in)": formRequests(["/budzadmin?index", "/budzadmin.data?index"], {
      username: "fuzz-nobody",
      password: "not the password",
    }),
    "POST /account (sign-in, sign-up, links)": formRequests(
      [
        "/account/sign-in",
        "/account/sign-up.data",
        "/account/forgot-password",
        "/account/reset-password.data",
        "/account/verify",
        "/account/link.data",
      ],
      {
        intent: "password",
        email: "fuzz-shopper@example.com",
        password: "not the password 1",
        token: "fuzz-token",
        redirectTo: "/account",
      },
    ),
    "GET /account/*": segmentRequests((s) => [
      `/account/orders/${s}`,
      `/account/addresses/${s}.data`,
      `/account/reset-password?token=${s}`,
      `/account/link?token=${s}`,
    ]),
    "GET /products/:slug": segmentRequests((s) => [`/products/${s}`, `/products/${s}.data`]),
    "GET /orders/:token": segmentRequests((s) => [`/orders/${s}`, `/orders/${s}.data`]),
    "GET /category/*": queryRequests(["/category/flowers", "/category/edibles.data"], {
      after: CURSORS,
      before: CURSORS,
      max: TEXT,
      page: TEXT,
      view: TEXT,
    }),
    "GET /products": queryRequests(["/products", "/products.data"], {
      after: CURSORS,
      before: CURSORS,
      sort: TEXT,
      max: TEXT,
    }),
    "GET /search": queryRequests(["/search", "/search.data"], { q: TEXT, page: TEXT }),
    "GET /cart/quote": sample(
      ["/cart/quote", "/cart/quote.data"].flatMap((path) =>
        BAD_ITEMS.flatMap((items) =>
          [undefined, ...BAD_STRINGS].map((code) => ({
            method: "GET" as const,
            path: `${path}?items=${enc(items)}${code === undefined ? "" : `&code=${enc(code)}`}`,
          })),
        ),
      ),
    ),
    "GET admin lists": queryRequests(
      [
        "/budzadmin/dashboard/orders",
        "/budzadmin/dashboard/products.data",
        "/budzadmin/dashboard/invoices",
        "/budzadmin/dashboard/shipping.data",
        "/budzadmin/dashboard/images",
        "/budzadmin/dashboard/coupons.data",
        "/budzadmin/dashboard/customers",
        "/budzadmin/dashboard/reports.data",
      ],
      {
        q: TEXT,
        period: TEXT,
        after: CURSORS,
        before: CURSORS,
        page: TEXT,
        status: TEXT,
        date: TEXT,
      },
      true,
    ),
    "GET admin details": segmentRequests(
      (s) => [
        `/budzadmin/dashboard/orders/${s}`,
        `/budzadmin/dashboard/products/${s}.data`,
        `/budzadmin/dashboard/invoices/${s}`,
        `/budzadmin/dashboard/invoices/pdf/${s}`,
        `/budzadmin/dashboard/images/${s}`,
        `/budzadmin/dashboard/coupons/${s}.data`,
        `/budzadmin/dashboard/customers/${s}`,
        `/budzadmin/dashboard/customers/import/${s}.data`,
        `/budzadmin/dashboard/pages?page=${s}`,
        `/budzadmin/dashboard/reports/export?period=${s}`,
        `/budzadmin/dashboard/reports/export?period=month&month=${s}`,
        `/budzadmin/dashboard/reports.data?period=custom&from=${s}&to=2026-01-31`,
        `/budzadmin/print/orders?from=${s}&to=${s}`,
        `/budzadmin/print/packing-slips?order=${s}`,
      ],
      true,
    ),
    "POST admin order status": formRequests(
      [`/budzadmin/dashboard/orders/${t.orderNumber}`],
      { to: "paid", from: "pending", reference: "FUZZ1", amountReceived: "10.00" },
      true,
    ),
    "POST admin product form": formRequests(
      ["/budzadmin/dashboard/products/new", "/budzadmin/dashboard/products/new.data"],
      { name: "Fuzz", price: "10", category: "flowers", stock: "1", status: "draft" },
      true,
    ),
    "POST admin list actions": formRequests(
      [
        "/budzadmin/dashboard/products",
        "/budzadmin/dashboard/shipping.data",
        "/budzadmin/dashboard/images",
        "/budzadmin/dashboard/database",
        "/budzadmin/dashboard/coupons",
      ],
      {
        id: "00000000-0000-4000-8000-000000000000",
        shipmentId: "00000000-0000-4000-8000-000000000000",
        expectedStatus: "preparing",
        to: "in_transit",
        intent: "test",
      },
      true,
    ),
    "POST admin coupon form": formRequests(
      ["/budzadmin/dashboard/coupons/new", "/budzadmin/dashboard/coupons/new.data"],
      {
        code: "FUZZ10",
        description: "fuzz",
        type: "percentage",
        value: "10",
        minOrder: "0",
        maxUses: "5",
        perCustomerLimit: "1",
        startDate: "2026-01-01",
        endDate: "2026-12-31",
        isActive: "true",
        revision: "0",
      },
      true,
    ),
    "POST admin customer forms": formRequests(
      [
        "/budzadmin/dashboard/customers/00000000-0000-4000-8000-000000000000/edit",
        "/budzadmin/dashboard/customers/00000000-0000-4000-8000-000000000000/email.data",
      ],
      {
        name: "Fuzz Customer",
        email: "fuzz-customer@example.com",
        phone: "604-555-0100",
        postcode: "V6B 1A1",
        status: "active",
        subject: "Hello",
        message: "Fuzz",
      },
      true,
    ),
    "POST admin page editor": formRequests(
      ["/budzadmin/dashboard/pages?page=about", "/budzadmin/dashboard/pages/announcements.data"],
      {
        intent: "save",
        content: "<p>Fuzz</p>",
        version: "1",
        message: "Fuzz sale",
        backgroundColor: "green",
        startDate: "2026-01-01",
        endDate: "2026-12-31",
        isActive: "true",
      },
      true,
    ),
    "POST admin image upload": formRequests(
      ["/budzadmin/dashboard/images/upload", "/budzadmin/dashboard/images/upload.data"],
      { description: "fuzz" },
      true,
    ),
  };
}

export interface FuzzResult {
  requests: number;
  endpoints: number;
  serverErrors: { endpoint: string; request: FuzzRequest; status: number }[];
  smallest: number;
}

/** Sends every request (a few at a time, each from its own address) and counts the 5xx. */
export async function runFuzz(t: FuzzTarget, concurrency = 16): Promise<FuzzResult> {
  const endpoints = fuzzEndpoints(t);
  const queue = Object.entries(endpoints).flatMap(([endpoint, list]) =>
    list.map((request) => ({ endpoint, request })),
  );
  const serverErrors: FuzzResult["serverErrors"] = [];
  let next = 0;
  let counter = 0;
  const worker = async () => {
    while (next < queue.length) {
      const { endpoint, request } = queue[next++]!;
      counter++;
      const headers: Record<string, string> = {
        Origin: t.baseUrl,
        "X-Forwarded-For": `198.18.${(counter >> 8) & 255}.${counter & 255}`,
      };
      if (request.type) headers["Content-Type"] = request.type;
      if (request.admin) headers.Cookie = t.adminCookie;
      let status: number;
      try {
        const response = await fetch(t.baseUrl + request.path, {
          method: request.method,
          headers,
          body: request.body as BodyInit | undefined,
          redirect: "manual",
          signal: AbortSignal.timeout(60_000),
        });
        status = response.status;
        await response.arrayBuffer();
      } catch {
        status = 599; // no answer within 60 s, or the connection failed: as bad as a 500
      }
      if (status >= 500) serverErrors.push({ endpoint, request, status });
      if (counter % 1000 === 0) console.log(`  … ${counter} of ${queue.length}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return {
    requests: queue.length,
    endpoints: Object.keys(endpoints).length,
    serverErrors,
    smallest: Math.min(...Object.values(endpoints).map((l) => l.length)),
  };
}
