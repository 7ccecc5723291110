import crypto from "node:crypto";
import path from "node:path";
import { isRouteErrorResponse } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createAdminSession } from "~/server/auth/session.server";

/**
 * Walks EVERY route of app/routes.ts under /budzadmin/dashboard (screens added later included) and
 * calls its loader and action the way the server would, without a session: a page load must be
 * sent to /budzadmin, a data request or a post must get 401 (403 from another site), and nothing
 * may come back as data.
 */
interface Entry {
  file: string;
  path?: string;
  index?: boolean;
  children?: Entry[];
}

interface AdminRoute {
  file: string;
  url: string;
  params: Record<string, string>;
}

function flatten(entries: Entry[], parent = ""): AdminRoute[] {
  return entries.flatMap((entry) => {
    const joined = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const params: Record<string, string> = {};
    const url = `/${joined}`
      .split("/")
      .map((segment) => {
        if (segment.startsWith(":")) {
          params[segment.slice(1).replace(/\?$/, "")] = crypto.randomUUID();
          return params[segment.slice(1).replace(/\?$/, "")];
        }
        if (segment === "*") {
          params["*"] = "no-such-screen";
          return "no-such-screen";
        }
        return segment;
      })
      .join("/");
    const self = { file: entry.file, url, params };
    return [self, ...flatten(entry.children ?? [], joined)];
  });
}

// The dashboard's screens and the printable pages outside its shell (/budzadmin/print/…).
const adminRoutes = flatten(routes as Entry[]).filter(
  (r) => r.url.startsWith("/budzadmin/dashboard") || r.url.startsWith("/budzadmin/print/"),
);

type Module = {
  loader?: (args: unknown) => Promise<unknown>;
  action?: (args: unknown) => Promise<unknown>;
};

function load(file: string): Promise<Module> {
  return import(/* @vite-ignore */ path.resolve("app", file)) as Promise<Module>;
}

const ORIGIN = "http://store.test";

function request(url: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  const body = init.method && init.method !== "GET" ? new FormData() : undefined;
  return new Request(`${ORIGIN}${url}`, {
    method: init.method ?? "GET",
    headers: init.headers,
    body,
  });
}

/** What a handler ended with: a thrown Response or data(), or what it returned. */
async function outcome(run: () => Promise<unknown>) {
  try {
    return { returned: await run() };
  } catch (thrown) {
    if (thrown instanceof Response) {
      return {
        status: thrown.status,
        location: thrown.headers.get("Location"),
        body: await thrown.text(),
      };
    }
    if (isRouteErrorResponse(thrown))
      return { status: thrown.status, body: JSON.stringify(thrown.data) };
    const init = (thrown as { init?: ResponseInit; data?: unknown }).init;
    if (init?.status) {
      return { status: init.status, body: JSON.stringify((thrown as { data?: unknown }).data) };
    }
    throw thrown;
  }
}

const args = (route: AdminRoute, req: Request) => ({
  request: req,
  params: route.params,
  context: { nonce: "test", clientIp: "127.0.0.1" },
});

describe("every admin route refuses visitors without a session", () => {
  it("finds the admin screens in app/routes.ts", () => {
    const urls = adminRoutes.map((r) => r.url);
    expect(urls).toContain("/budzadmin/dashboard");
    expect(urls.some((u) => u.startsWith("/budzadmin/dashboard/products"))).toBe(true);
    expect(urls.some((u) => u.startsWith("/budzadmin/dashboard/images"))).toBe(true);
    expect(urls).toContain("/budzadmin/dashboard/database");
  });

  for (const route of adminRoutes) {
    describe(`${route.url} (${route.file})`, () => {
      it("guards its loader (every admin route has one)", async () => {
        const module = await load(route.file);
        expect(
          module.loader,
          "an admin route must have a loader that calls requireAdmin",
        ).toBeTypeOf("function");
        const page = await outcome(() =>
          module.loader!(
            args(
              route,
              request(route.url, {
                headers: { Accept: "text/html", "Sec-Fetch-Mode": "navigate" },
              }),
            ),
          ),
        );
        expect(page).toMatchObject({ status: 302, location: "/budzadmin" });

        const dataRequest = await outcome(() =>
          module.loader!(
            args(route, request(route.url, { headers: { "Sec-Fetch-Mode": "cors" } })),
          ),
        );
        expect(dataRequest.status).toBe(401);
        expect(dataRequest).not.toHaveProperty("returned");

        const forged = await outcome(() =>
          module.loader!(
            args(
              route,
              request(route.url, {
                headers: { Cookie: `budz_admin=${crypto.randomBytes(32).toString("base64url")}` },
              }),
            ),
          ),
        );
        expect(forged.status).toBe(401);
      });

      it("guards its action", async () => {
        const module = await load(route.file);
        if (!module.action) return;
        const sameSite = await outcome(() =>
          module.action!(
            args(route, request(route.url, { method: "POST", headers: { Origin: ORIGIN } })),
          ),
        );
        expect(sameSite.status).toBe(401);
        expect(sameSite).not.toHaveProperty("returned");
        const crossSite = await outcome(() =>
          module.action!(
            args(
              route,
              request(route.url, { method: "POST", headers: { Origin: "https://evil.test" } }),
            ),
          ),
        );
        expect(crossSite.status).toBe(403);
      });
    });
  }
});

describe("roles and cross-site posts with a session", () => {
  let ownerCookie: string;
  let staffCookie: string;
  beforeAll(async () => {
    const owner = await createAdminUser({
      username: "walker-owner",
      password: "owner-pass-1",
      role: "owner",
    });
    const staff = await createAdminUser({ username: "walker-staff", password: "staff-pass-1" });
    ownerCookie = (await createAdminSession({ userId: owner.id })).split(";")[0]!;
    staffCookie = (await createAdminSession({ userId: staff.id })).split(";")[0]!;
  });

  it("lets a signed-in owner in, and refuses a post from another site even with a session", async () => {
    const overview = adminRoutes.find((r) => r.url === "/budzadmin/dashboard")!;
    const module = await load(overview.file);
    const result = await outcome(() =>
      module.loader!(args(overview, request(overview.url, { headers: { Cookie: ownerCookie } }))),
    );
    expect(result).toHaveProperty("returned");

    const products = adminRoutes.find((r) => r.url === "/budzadmin/dashboard/products")!;
    const productsModule = await load(products.file);
    const forged = await outcome(() =>
      productsModule.action!(
        args(
          products,
          request(products.url, {
            method: "POST",
            headers: { Cookie: ownerCookie, Origin: "https://evil.test" },
          }),
        ),
      ),
    );
    expect(forged.status).toBe(403);
  });

  it("keeps Database tools for owners: staff get 403 on the loader and the action", async () => {
    const database = adminRoutes.find((r) => r.url === "/budzadmin/dashboard/database")!;
    const module = await load(database.file);
    const staffLoad = await outcome(() =>
      module.loader!(args(database, request(database.url, { headers: { Cookie: staffCookie } }))),
    );
    expect(staffLoad.status).toBe(403);
    const staffPost = await outcome(() =>
      module.action!(
        args(
          database,
          request(database.url, {
            method: "POST",
            headers: { Cookie: staffCookie, Origin: ORIGIN },
          }),
        ),
      ),
    );
    expect(staffPost.status).toBe(403);
    const ownerLoad = await outcome(() =>
      module.loader!(args(database, request(database.url, { headers: { Cookie: ownerCookie } }))),
    );
    expect(ownerLoad).toHaveProperty("returned");
  });
});
