import { adminGuard } from "~/server/auth/admin-guard.server";
import { requestContext, type RequestInfo } from "~/server/http/request-context.server";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Handler = (args: any) => unknown;
/** A route's middleware (its generated type names the route's params, so `any` here). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Middleware = (args: any, next: any) => unknown;
export interface RouteModule {
  loader?: Handler;
  action?: Handler;
  middleware?: readonly Middleware[];
}

/**
 * Whether app/routes.ts puts a URL under the admin guard layout (all of /budzadmin/… but sign-out,
 * an invitation's link and sign-in's two-factor step).
 */
export function isGuardedAdminUrl(url: string): boolean {
  const { pathname } = new URL(url);
  return (
    pathname.startsWith("/budzadmin/") &&
    pathname !== "/budzadmin/logout" &&
    pathname !== "/budzadmin/two-factor" &&
    !pathname.startsWith("/budzadmin/invite/")
  );
}

/**
 * Calls a route's loader or action the way the server does: the middleware of its layouts (the
 * admin guard for admin URLs) and its own first, with a request context like the server's.
 * Returns what the handler returned; throws what a middleware or the handler threw. `info` sets
 * what the server would know of the request (the visitor's address, for the throttles).
 */
export async function callRoute(
  module: RouteModule,
  kind: "loader" | "action",
  request: Request,
  params: Record<string, string> = {},
  info: Partial<RequestInfo> = {},
): Promise<unknown> {
  const handler = module[kind];
  if (!handler) throw new Error(`The route has no ${kind}`);
  const context = requestContext({ nonce: "test", clientIp: "127.0.0.1", ...info });
  const chain: readonly Middleware[] = [
    ...(isGuardedAdminUrl(request.url) ? [adminGuard] : []),
    ...(module.middleware ?? []),
  ];
  const args = { request, params, context, url: new URL(request.url), pattern: "" };
  const run = async (index: number): Promise<unknown> => {
    const middleware = chain[index];
    if (!middleware) return handler(args);
    return middleware(args, () => run(index + 1));
  };
  return run(0);
}
