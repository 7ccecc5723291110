import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { errorResponse } from "../http/responses.server";
import type { AdminRole } from "./admin-users.server";
import { requireAdmin, type AdminIdentity } from "./session.server";

/**
 * The admin guard, as React Router middleware on the admin's guard layout (app/routes.ts): every
 * screen, print page and download under it runs only for a signed-in admin, whose identity its
 * loaders and actions read with `currentAdmin(context)`. A screen for owners only adds
 * `ownerOnly` to its own middleware.
 */
const adminContext = createContext<AdminIdentity>();

export const adminGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(adminContext, await requireAdmin(request));
  return next();
};

export const OWNER_ONLY_MESSAGE = "Only the store owner can use this screen.";

/** Refuses (403) a signed-in admin who is not an owner. */
export const ownerOnly: MiddlewareFunction<Response> = ({ context }, next) => {
  requireRole(context, "owner");
  return next();
};

/** The signed-in admin (set by `adminGuard`; throws when a route is outside the guard). */
export function currentAdmin(context: Readonly<RouterContextProvider>): AdminIdentity {
  return context.get(adminContext);
}

export function requireRole(context: Readonly<RouterContextProvider>, role: AdminRole) {
  const admin = currentAdmin(context);
  if (role === "owner" && admin.role !== "owner") {
    throw errorResponse(OWNER_ONLY_MESSAGE, 403);
  }
  return admin;
}
