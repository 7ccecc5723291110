import crypto from "node:crypto";
import { isRouteErrorResponse } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_ROLES, can, PERMISSIONS, refusalMessage, type Permission } from "~/lib/permissions";
import { adminGuard, declaredPermission } from "~/server/auth/admin-guard.server";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createAdminSession } from "~/server/auth/session.server";
import { callRoute, isGuardedAdminUrl, type RouteModule } from "../setup/route-call";
import {
  flattenRoutes,
  GUARD,
  loadRoute,
  type FlatRoute,
  type LoadedRoute,
} from "../setup/route-tree";

/**
 * Walks EVERY route of app/routes.ts under /budzadmin/dashboard and /budzadmin/print (screens
 * added later included) and calls its loader and action the way the server would (callRoute: the
 * admin guard's middleware, the route's own, then the handler), without a session: a page load
 * must be sent to /budzadmin, a data request or a post must get 401 (403 from another site), and
 * nothing may come back as data. The walk also checks, in app/routes.ts itself, that each of these
 * routes sits under the guard layout, that each declares the permission it needs
 * (`requirePermission(p)` in its middleware, app/lib/permissions.ts), and that every role without
 * that permission gets 403 for the page, its data request and its action.
 */
const allRoutes = flattenRoutes();

// The dashboard's screens, the printable pages outside its shell (/budzadmin/print/…) and the
// two-factor setup page (outside the shell: where the guard holds an admin without two-factor while
// the owner requires it).
const adminRoutes = allRoutes.filter(
  (r) =>
    r.url.startsWith("/budzadmin/dashboard") ||
    r.url.startsWith("/budzadmin/print/") ||
    r.url === "/budzadmin/two-factor/setup",
);

/**
 * The sensitive routes and what they must ask for (every other route declares one too, checked
 * below against the roles of app/lib/permissions.ts).
 */
const SENSITIVE: Record<string, Permission> = {
  "routes/admin/database.tsx": "database",
  "routes/admin/settings/store.tsx": "settings",
  "routes/admin/staff/list.tsx": "staff",
  "routes/admin/staff/invite.tsx": "staff",
  "routes/admin/settings/provinces/list.tsx": "taxes",
  "routes/admin/settings/provinces/detail.tsx": "taxes",
  "routes/admin/newsletters/consent-export.ts": "customers.transfer",
  "routes/admin/customers/export.ts": "customers.transfer",
  "routes/admin/customers/import.tsx": "customers.transfer",
  "routes/admin/customers/import-preview.tsx": "customers.transfer",
  "routes/admin/products/export.ts": "products.transfer",
  "routes/admin/products/import.tsx": "products.transfer",
  "routes/admin/products/import-preview.tsx": "products.transfer",
  "routes/admin/stock/export.ts": "products.transfer",
  "routes/admin/activity/list.tsx": "activity",
  "routes/admin/activity/export.ts": "activity",
  "routes/admin/products/stock.ts": "stock.adjust",
  "routes/admin/orders/edit.tsx": "orders.edit",
  "routes/admin/coupons/list.tsx": "coupons",
  "routes/admin/coupons/new.tsx": "coupons",
  "routes/admin/coupons/detail.tsx": "coupons",
  "routes/admin/emails/edit.tsx": "marketing",
  "routes/admin/reports/export.ts": "reports",
  "routes/admin/orders/refund.ts": "refunds",
};

/** The screens for owners only: every permission only owners hold (staff, settings, database). */
const OWNER_ONLY_PERMISSIONS = (Object.keys(PERMISSIONS) as Permission[]).filter(
  (p) => PERMISSIONS[p].roles.length === 1,
);

type Module = LoadedRoute;
type AdminRoute = FlatRoute;
const load = loadRoute;

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

  it("keeps only sign-in (and its two-factor step), sign-out and the invitation link outside the guard", () => {
    const outside = allRoutes.filter(
      (r) => r.url.startsWith("/budzadmin") && r.file !== GUARD && !r.ancestors.includes(GUARD),
    );
    expect(outside.map((r) => r.file).sort()).toEqual([
      "routes/admin/invite.tsx",
      "routes/admin/login.tsx",
      "routes/admin/logout.tsx",
      "routes/admin/two-factor.tsx",
    ]);
  });

  it("runs the admin guard in the guard layout's middleware, and other layouts only check a permission their children need too", async () => {
    const guard = (await load(GUARD)) as Module;
    expect(guard.middleware).toEqual([adminGuard]);
    for (const route of adminRoutes) {
      const own = declaredPermission((await load(route.file)).middleware);
      for (const ancestor of route.ancestors.filter((file) => file !== GUARD)) {
        const layout = await load(ancestor);
        // callRoute runs the guard and the route's own middleware: a layout's would be skipped,
        // so it may only hold a permission check that every role allowed the route passes too.
        const above = declaredPermission(layout.middleware);
        expect(layout.middleware ?? [], `${ancestor} (above ${route.url})`).toHaveLength(
          above ? 1 : 0,
        );
        if (above && own) {
          for (const role of ADMIN_ROLES.filter((r) => can(r, own))) {
            expect(can(role, above), `${role}: ${ancestor} (above ${route.url})`).toBe(true);
          }
        }
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

  it("has every admin route declare the permission it needs, and the sensitive ones theirs", async () => {
    const undeclared: string[] = [];
    for (const route of adminRoutes) {
      const module = await load(route.file);
      const permission = declaredPermission(module.middleware);
      if (!permission) undeclared.push(route.file);
      if (SENSITIVE[route.file]) expect(permission, route.file).toBe(SENSITIVE[route.file]);
    }
    expect(undeclared).toEqual([]);
    for (const file of Object.keys(SENSITIVE))
      expect(adminRoutes.map((r) => r.file)).toContain(file);
    // Owners only: staff accounts, settings, the database tools and the activity log.
    expect(OWNER_ONLY_PERMISSIONS.sort()).toEqual(["activity", "database", "settings", "staff"]);
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
  const cookies = {} as Record<(typeof ADMIN_ROLES)[number], string>;
  beforeAll(async () => {
    const owner = await createAdminUser({
      username: "walker-owner",
      password: "owner-pass-1",
      role: "owner",
    });
    const staff = await createAdminUser({ username: "walker-staff", password: "staff-pass-1" });
    const manager = await createAdminUser({
      username: "walker-manager",
      password: "manager-pass-1",
      role: "manager",
    });
    ownerCookie = (await createAdminSession({ userId: owner.id })).split(";")[0]!;
    staffCookie = (await createAdminSession({ userId: staff.id })).split(";")[0]!;
    cookies.owner = ownerCookie;
    cookies.staff = staffCookie;
    cookies.manager = (await createAdminSession({ userId: manager.id })).split(";")[0]!;
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

  describe("each route asks for its permission: a role without it gets 403 for the page, its data and its action", () => {
    for (const route of adminRoutes) {
      it(`${route.url} (${route.file})`, async () => {
        const module = await load(route.file);
        const permission = declaredPermission(module.middleware)!;
        expect(permission, "the route declares a permission").toBeDefined();
        for (const role of ADMIN_ROLES) {
          const allowed = can(role, permission);
          const requests: {
            what: string;
            kind: "loader" | "action";
            headers: Record<string, string>;
          }[] = [
            // The page itself, its `.data` request (client navigation) and its action.
            {
              what: "page",
              kind: "loader" as const,
              headers: { Accept: "text/html", "Sec-Fetch-Mode": "navigate" },
            },
            { what: ".data", kind: "loader" as const, headers: { "Sec-Fetch-Mode": "cors" } },
            ...(module.action
              ? [{ what: "action", kind: "action" as const, headers: { Origin: ORIGIN } }]
              : []),
          ];
          for (const { what, kind, headers } of requests) {
            const result = await call(
              module,
              kind,
              route,
              request(route.url, {
                method: kind === "action" ? "POST" : "GET",
                headers: { Cookie: cookies[role], ...headers },
              }),
            );
            const label = `${role}, ${what} (${permission}): ${JSON.stringify(result)}`;
            if (allowed) {
              expect(result.ran, label).toBe(true);
              expect(result.status, label).not.toBe(401);
              expect(result.status, label).not.toBe(403);
            } else {
              expect(result.status, label).toBe(403);
              expect(result.ran, label).toBe(false);
              // The words say what was refused and why.
              expect(result.body, label).toContain(refusalMessage(role, permission));
              if (OWNER_ONLY_PERMISSIONS.includes(permission))
                expect(result.body, label).toContain("Only the store owner");
            }
          }
        }
      });
    }
  });
});
