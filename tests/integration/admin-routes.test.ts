import crypto from "node:crypto";
import path from "node:path";
import { isRouteErrorResponse } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { adminGuard, ownerOnly } from "~/server/auth/admin-guard.server";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createAdminSession } from "~/server/auth/session.server";
import { callRoute, isGuardedAdminUrl, type RouteModule } from "../setup/route-call";

/**
 * Walks EVERY route of app/routes.ts under /budzadmin/dashboard and /budzadmin/print (screens
 * added later included) and calls its loader and action the way the server would (callRoute: the
 * admin guard's middleware, the route's own, then the handler), without a session: a page load
 * must be sent to /budzadmin, a data request or a post must get 401 (403 from another site), and
 * nothing may come back as data. The walk also checks, in app/routes.ts itself, that each of these
 * routes sits under the guard layout, and which ones are for owners only.
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
  /** The files of the layouts above it in app/routes.ts, outermost first. */
  ancestors: string[];
}

function flatten(entries: Entry[], parent = "", ancestors: string[] = []): AdminRoute[] {
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
    const self = { file: entry.file, url, params, ancestors };
    return [self, ...flatten(entry.children ?? [], joined, [...ancestors, entry.file])];
  });
}

const GUARD = "routes/admin/guard.tsx";

const allRoutes = flatten(routes as Entry[]);

// The dashboard's screens and the printable pages outside its shell (/budzadmin/print/…).
const adminRoutes = allRoutes.filter(
  (r) => r.url.startsWith("/budzadmin/dashboard") || r.url.startsWith("/budzadmin/print/"),
);

/** The screens for owners only (their module's middleware has `ownerOnly`); staff get 403. */
const OWNER_ONLY = [
  "routes/admin/database.tsx",
  "routes/admin/settings/provinces/list.tsx",
  "routes/admin/settings/provinces/detail.tsx",
  "routes/admin/settings/store.tsx",
  "routes/admin/newsletters/consent-export.ts",
];

type Module = RouteModule & {
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

/**
 * Calls the route's loader or action through callRoute (the guard and the route's middleware
 * first), and tells whether the handler itself ran.
 */
async function call(module: Module, kind: "loader" | "action", route: AdminRoute, req: Request) {
  const handler = module[kind]!;
  let ran = false;
  const watched: RouteModule = {
    middleware: module.middleware,
    [kind]: (args: unknown) => {
      ran = true;
      return handler(args);
    },
  };
  const result = await outcome(() => callRoute(watched, kind, req, route.params));
  return { ...result, ran };
}

describe("app/routes.ts puts every admin route under the guard", () => {
  it("finds the admin screens in app/routes.ts", () => {
    const urls = adminRoutes.map((r) => r.url);
    expect(urls).toContain("/budzadmin/dashboard");
    expect(urls.some((u) => u.startsWith("/budzadmin/dashboard/products"))).toBe(true);
    expect(urls.some((u) => u.startsWith("/budzadmin/dashboard/images"))).toBe(true);
    expect(urls).toContain("/budzadmin/dashboard/database");
    expect(urls.some((u) => u.startsWith("/budzadmin/print/"))).toBe(true);
  });

  it("has every dashboard screen and print page inside the guard layout", () => {
    const outside = adminRoutes.filter((r) => !r.ancestors.includes(GUARD));
    expect(outside.map((r) => `${r.url} (${r.file})`)).toEqual([]);
    // …and the walk covers every route the guard layout holds.
    const underGuard = allRoutes.filter((r) => r.ancestors.includes(GUARD));
    expect(underGuard.length).toBeGreaterThan(0);
    expect(underGuard.filter((r) => !adminRoutes.includes(r)).map((r) => r.url)).toEqual([]);
  });

  it("keeps only sign-in and sign-out outside the guard", () => {
    const outside = allRoutes.filter(
      (r) => r.url.startsWith("/budzadmin") && r.file !== GUARD && !r.ancestors.includes(GUARD),
    );
    expect(outside.map((r) => r.file).sort()).toEqual([
      "routes/admin/login.tsx",
      "routes/admin/logout.tsx",
    ]);
  });

  it("runs the admin guard in the guard layout's middleware, and no other layout has middleware", async () => {
    const guard = (await load(GUARD)) as Module;
    expect(guard.middleware).toEqual([adminGuard]);
    for (const route of adminRoutes) {
      for (const ancestor of route.ancestors.filter((file) => file !== GUARD)) {
        const layout = await load(ancestor);
        // callRoute runs the guard and the route's own middleware: any other would be skipped.
        expect(layout.middleware ?? [], `${ancestor} (above ${route.url})`).toEqual([]);
      }
    }
  });

  it("guards in the test helper exactly the URLs that app/routes.ts puts under the guard", () => {
    for (const route of allRoutes.filter((r) => r.file !== GUARD)) {
      expect(isGuardedAdminUrl(`${ORIGIN}${route.url}`), `${route.url} (${route.file})`).toBe(
        route.ancestors.includes(GUARD),
      );
    }
  });

  it("marks as owner-only exactly the screens of the owner table", async () => {
    const owners: string[] = [];
    for (const route of adminRoutes) {
      const module = await load(route.file);
      if ((module.middleware ?? []).includes(ownerOnly)) owners.push(route.file);
    }
    expect([...new Set(owners)].sort()).toEqual([...OWNER_ONLY].sort());
    for (const file of OWNER_ONLY) expect(adminRoutes.map((r) => r.file)).toContain(file);
  });
});

describe("every admin route refuses visitors without a session", () => {
  for (const route of adminRoutes) {
    describe(`${route.url} (${route.file})`, () => {
      it("guards its loader (every admin route has one)", async () => {
        const module = await load(route.file);
        expect(
          module.loader,
          "an admin route must have a loader (the guard runs before it)",
        ).toBeTypeOf("function");
        const page = await call(
          module,
          "loader",
          route,
          request(route.url, {
            headers: { Accept: "text/html", "Sec-Fetch-Mode": "navigate" },
          }),
        );
        expect(page).toMatchObject({ status: 302, location: "/budzadmin" });
        expect(page.ran).toBe(false);

        const dataRequest = await call(
          module,
          "loader",
          route,
          request(route.url, { headers: { "Sec-Fetch-Mode": "cors" } }),
        );
        expect(dataRequest.status).toBe(401);
        expect(dataRequest).not.toHaveProperty("returned");
        expect(dataRequest.ran).toBe(false);

        const forged = await call(
          module,
          "loader",
          route,
          request(route.url, {
            headers: { Cookie: `budz_admin=${crypto.randomBytes(32).toString("base64url")}` },
          }),
        );
        expect(forged.status).toBe(401);
        expect(forged.ran).toBe(false);
      });

      it("guards its action", async () => {
        const module = await load(route.file);
        if (!module.action) return;
        const sameSite = await call(
          module,
          "action",
          route,
          request(route.url, { method: "POST", headers: { Origin: ORIGIN } }),
        );
        expect(sameSite.status).toBe(401);
        expect(sameSite).not.toHaveProperty("returned");
        expect(sameSite.ran).toBe(false);
        const crossSite = await call(
          module,
          "action",
          route,
          request(route.url, { method: "POST", headers: { Origin: "https://evil.test" } }),
        );
        expect(crossSite.status).toBe(403);
        expect(crossSite.ran).toBe(false);
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
    const result = await call(
      module,
      "loader",
      overview,
      request(overview.url, { headers: { Cookie: ownerCookie } }),
    );
    expect(result).toHaveProperty("returned");

    const products = adminRoutes.find((r) => r.url === "/budzadmin/dashboard/products")!;
    const productsModule = await load(products.file);
    const forged = await call(
      productsModule,
      "action",
      products,
      request(products.url, {
        method: "POST",
        headers: { Cookie: ownerCookie, Origin: "https://evil.test" },
      }),
    );
    expect(forged.status).toBe(403);
    expect(forged.ran).toBe(false);
  });

  it("keeps Database tools for owners: staff get 403 on the loader and the action", async () => {
    const database = adminRoutes.find((r) => r.url === "/budzadmin/dashboard/database")!;
    const module = await load(database.file);
    const staffLoad = await call(
      module,
      "loader",
      database,
      request(database.url, { headers: { Cookie: staffCookie } }),
    );
    expect(staffLoad.status).toBe(403);
    const staffPost = await call(
      module,
      "action",
      database,
      request(database.url, {
        method: "POST",
        headers: { Cookie: staffCookie, Origin: ORIGIN },
      }),
    );
    expect(staffPost.status).toBe(403);
    const ownerLoad = await call(
      module,
      "loader",
      database,
      request(database.url, { headers: { Cookie: ownerCookie } }),
    );
    expect(ownerLoad).toHaveProperty("returned");
  });

  describe("each route asks for the role of the owner table", () => {
    for (const route of adminRoutes) {
      const ownerOnlyRoute = OWNER_ONLY.includes(route.file);
      it(`${route.url} (${route.file}): ${ownerOnlyRoute ? "owners only" : "owners and staff"}`, async () => {
        const module = await load(route.file);
        const kinds = (["loader", "action"] as const).filter((kind) => module[kind]);
        for (const kind of kinds) {
          const as = (cookie: string) =>
            call(
              module,
              kind,
              route,
              request(route.url, {
                method: kind === "action" ? "POST" : "GET",
                headers: { Cookie: cookie, ...(kind === "action" ? { Origin: ORIGIN } : {}) },
              }),
            );
          const staff = await as(staffCookie);
          if (ownerOnlyRoute) {
            expect(staff.status, `staff, ${kind}`).toBe(403);
            expect(staff.body, `staff, ${kind}`).toContain("Only the store owner");
            expect(staff.ran, `staff, ${kind}`).toBe(false);
          } else {
            expect(staff.ran, `staff, ${kind}: ${JSON.stringify(staff)}`).toBe(true);
            expect(staff.status, `staff, ${kind}`).not.toBe(401);
            expect(staff.status, `staff, ${kind}`).not.toBe(403);
          }
          const owner = await as(ownerCookie);
          expect(owner.ran, `owner, ${kind}: ${JSON.stringify(owner)}`).toBe(true);
          expect(owner.status, `owner, ${kind}`).not.toBe(401);
          expect(owner.status, `owner, ${kind}`).not.toBe(403);
        }
      });
    }
  });
});
