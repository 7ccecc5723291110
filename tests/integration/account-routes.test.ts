import crypto from "node:crypto";
import path from "node:path";
import { isRouteErrorResponse } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import routes from "~/routes";
import { createAddress } from "~/server/accounts/addresses.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { resetDatabase } from "../setup/database";
import { callRoute, type RouteModule } from "../setup/route-call";
import { checkoutInput, createProduct } from "./checkout-factories";
import { verifiedShopper } from "./account-factories";

/**
 * Walks every route of app/routes.ts under /account that shows a shopper's data (the account
 * layout's pages and the invoice PDF) and calls its loader and action as the server would: without
 * a session a page goes to the sign-in page and a post gets 401 (403 from another site). Then one
 * shopper tries to open another's order, invoice and address through the routes.
 */
interface Entry {
  file: string;
  path?: string;
  index?: boolean;
  children?: Entry[];
}
type Module = RouteModule;

function flatten(entries: Entry[], parent = ""): { file: string; url: string }[] {
  return entries.flatMap((e) => {
    const joined = [parent, e.path ?? ""].filter(Boolean).join("/");
    return [{ file: e.file, url: `/${joined}` }, ...flatten(e.children ?? [], joined)];
  });
}

const PUBLIC = [
  "sign-in",
  "sign-up",
  "sign-out",
  "forgot-password",
  "reset-password",
  "verify",
  "link",
];
const guarded = flatten(routes as Entry[]).filter(
  (r) =>
    r.url.startsWith("/account") &&
    !PUBLIC.some((p) => r.url === `/account/${p}`) &&
    !r.file.endsWith("layout.tsx"),
);

const ORIGIN = "http://store.test";
const load = (file: string) =>
  import(/* @vite-ignore */ path.resolve("app", file)) as Promise<Module>;

function request(
  url: string,
  init: { method?: string; cookie?: string; origin?: string; form?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = {};
  if (init.cookie) headers.Cookie = init.cookie.split(";")[0]!;
  if (init.origin) headers.Origin = init.origin;
  let body: FormData | undefined;
  if (init.method === "POST") {
    body = new FormData();
    for (const [k, v] of Object.entries(init.form ?? {})) body.set(k, v);
  }
  return new Request(`${ORIGIN}${url}`, { method: init.method ?? "GET", headers, body });
}

async function outcome(run: () => Promise<unknown>) {
  try {
    const returned = await run();
    if (returned instanceof Response)
      return { status: returned.status, location: returned.headers.get("Location") };
    const init = (returned as { init?: ResponseInit })?.init;
    return { returned, status: init?.status ?? 200 };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("Location") };
    if (isRouteErrorResponse(thrown)) return { status: thrown.status };
    const init = (thrown as { init?: ResponseInit }).init;
    if (init?.status) return { status: init.status };
    throw thrown;
  }
}

/** Calls a route's loader or action as the server does (callRoute: middleware, a real context). */
const loader = (module: Module, req: Request, params: Record<string, string> = {}) =>
  callRoute(module, "loader", req, params);
const action = (module: Module, req: Request, params: Record<string, string> = {}) =>
  callRoute(module, "action", req, params);

beforeEach(resetDatabase);

describe("every account page refuses visitors without a session", () => {
  it("finds the account pages", () => {
    expect(guarded.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        "/account",
        "/account/orders",
        "/account/addresses",
        "/account/settings",
      ]),
    );
  });
  for (const route of guarded) {
    it(`${route.url} (${route.file})`, async () => {
      const module = await load(route.file);
      expect(
        module.loader,
        "every account route has a loader that calls requireShopper",
      ).toBeTypeOf("function");
      const params = { orderNumber: "BBS-00000001", addressId: crypto.randomUUID() };
      const url = route.url
        .replace(":orderNumber", params.orderNumber)
        .replace(":addressId", params.addressId);
      const page = await outcome(() => loader(module, request(url), params));
      expect(page.status).toBe(302);
      expect(page.location).toMatch(/^\/account\/sign-in/);
      const forged = await outcome(() =>
        loader(
          module,
          request(url, {
            cookie: `budz_shopper=${crypto.randomBytes(32).toString("base64url")}`,
          }),
          params,
        ),
      );
      expect(forged.status).toBe(302);
      if (!module.action) return;
      expect(
        (
          await outcome(() =>
            action(module, request(url, { method: "POST", origin: ORIGIN }), params),
          )
        ).status,
      ).toBe(401);
      expect(
        (
          await outcome(() =>
            action(module, request(url, { method: "POST", origin: "https://evil.test" }), params),
          )
        ).status,
      ).toBe(403);
    });
  }
});

describe("a shopper cannot open another shopper's order, invoice or address", () => {
  it("gets 404 for each, and their own opens", async () => {
    const p = await createProduct({ variations: [{ size: "1", priceCents: 3000, stock: 9 }] });
    const placed = await placeOrder(
      checkoutInput([{ id: p.id(0), quantity: 1 }], { email: "ana@example.com" }),
    );
    if (!placed.ok) throw new Error(placed.message);
    const ana = await verifiedShopper("ana@example.com");
    const ben = await verifiedShopper("ben@example.com");
    const address = await createAddress({
      accountId: ana.shopper.id,
      input: {
        name: "Ana",
        phone: "604-555-0101",
        street: "1 Main",
        city: "Vancouver",
        province: "BC",
        postalCode: "V6B 1A1",
        isDefault: true,
      },
    });
    if (!address.ok) throw new Error(address.message);
    const orderNumber = placed.order.orderNumber;

    const order = await load("routes/store/account/order.tsx");
    const own = await outcome(() =>
      loader(order, request(`/account/orders/${orderNumber}`, { cookie: ana.setCookie }), {
        orderNumber,
      }),
    );
    expect(own.status).toBe(200);
    const other = await outcome(() =>
      loader(order, request(`/account/orders/${orderNumber}`, { cookie: ben.setCookie }), {
        orderNumber,
      }),
    );
    expect(other.status).toBe(404);

    const pdf = await load("routes/store/account/invoice-pdf.ts");
    const ownPdf = await outcome(() =>
      loader(pdf, request("/x", { cookie: ana.setCookie }), { orderNumber }),
    );
    expect(ownPdf.status).toBe(200);
    const otherPdf = await outcome(() =>
      loader(pdf, request("/x", { cookie: ben.setCookie }), { orderNumber }),
    );
    expect(otherPdf.status).toBe(404);

    const edit = await load("routes/store/account/address-edit.tsx");
    const params = { addressId: address.id };
    expect(
      (await outcome(() => loader(edit, request("/x", { cookie: ana.setCookie }), params))).status,
    ).toBe(200);
    expect(
      (await outcome(() => loader(edit, request("/x", { cookie: ben.setCookie }), params))).status,
    ).toBe(404);
    const form = {
      name: "Ben",
      phone: "604-555-0102",
      street: "2 Main",
      city: "Vancouver",
      province: "BC",
      postalCode: "V6B 1A1",
    };
    const write = await outcome(() =>
      action(
        edit,
        request("/x", { method: "POST", origin: ORIGIN, cookie: ben.setCookie, form }),
        params,
      ),
    );
    expect(write.status).toBe(404);

    const list = await load("routes/store/account/addresses.tsx");
    const del = await outcome(() =>
      action(
        list,
        request("/account/addresses", {
          method: "POST",
          origin: ORIGIN,
          cookie: ben.setCookie,
          form: { intent: "delete", addressId: address.id },
        }),
      ),
    );
    expect(del.status).toBe(404);
    const benList = await outcome(() =>
      loader(list, request("/account/addresses", { cookie: ben.setCookie })),
    );
    expect(benList.returned).toEqual({ addresses: [] });
  });
});
