import {
  createContext,
  href,
  redirect,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import { can, refusalMessage, type Permission } from "~/lib/permissions";
import { errorResponse } from "../http/responses.server";
import { requireAdmin, type AdminIdentity } from "./session.server";
import { TWO_FACTOR_MESSAGES, twoFactorRequired } from "./two-factor.server";

/**
 * The admin guard, as React Router middleware on the admin's guard layout (app/routes.ts): every
 * screen, print page and download under it runs only for a signed-in admin, whose identity its
 * loaders and actions read with `currentAdmin(context)`. Every admin route then declares what it
 * needs with `requirePermission(p)` in its own middleware (app/lib/permissions.ts has the table;
 * tests/integration/admin-routes.test.ts checks each route declares one), and an action that needs
 * more than its page checks it with `assertPermission(context, p)`.
 */
const adminContext = createContext<AdminIdentity>();

export const adminGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const admin = await requireAdmin(request);
  context.set(adminContext, admin);
  if (!admin.twoFactor && !isTwoFactorSetup(request) && (await twoFactorRequired())) {
    // The owner requires two-factor for everyone: until this admin has set it up, every page and
    // data request leads to the setup page, and every post is refused.
    if (request.method === "GET" || request.method === "HEAD")
      throw redirect(href("/budzadmin/two-factor/setup"));
    throw errorResponse(TWO_FACTOR_MESSAGES.required, 403);
  }
  return next();
};

/** The two-factor setup page (or its data request): the one page such an admin may use. */
function isTwoFactorSetup(request: Request): boolean {
  const { pathname } = new URL(request.url);
  return pathname.replace(/\.data$/, "") === href("/budzadmin/two-factor/setup");
}

/** The middleware of `requirePermission(p)`: it names its permission (the route walk reads it). */
type PermissionMiddleware = MiddlewareFunction<Response> & { permission: Permission };

const middlewares = new Map<Permission, PermissionMiddleware>();

/** Middleware refusing (403, saying what and why) an admin whose role lacks the permission. */
export function requirePermission(permission: Permission): PermissionMiddleware {
  let middleware = middlewares.get(permission);
  if (!middleware) {
    const check: MiddlewareFunction<Response> = ({ context }, next) => {
      assertPermission(context, permission);
      return next();
    };
    middleware = Object.assign(check, { permission });
    middlewares.set(permission, middleware);
  }
  return middleware;
}

/** The permission a route's middleware declares (undefined when it declares none). */
export function declaredPermission(middleware: readonly unknown[] | undefined) {
  const found = (middleware ?? []).find(
    (m): m is PermissionMiddleware => typeof m === "function" && "permission" in m,
  );
  return found?.permission;
}

/** The signed-in admin (set by `adminGuard`; throws when a route is outside the guard). */
export function currentAdmin(context: Readonly<RouterContextProvider>): AdminIdentity {
  return context.get(adminContext);
}

/** The signed-in admin, when their role holds the permission; else a 403 saying what and why. */
export function assertPermission(
  context: Readonly<RouterContextProvider>,
  permission: Permission,
): AdminIdentity {
  const admin = currentAdmin(context);
  if (!can(admin.role, permission))
    throw errorResponse(refusalMessage(admin.role, permission), 403);
  return admin;
}
