import crypto from "node:crypto";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "~/routes";
import type { RouteModule } from "./route-call";

/** A route of app/routes.ts with its full URL (params filled in) and the layouts above it. */
export interface FlatRoute {
  /** The route's id when app/routes.ts gives one (a file used by several routes), else its file. */
  id: string;
  file: string;
  url: string;
  /** Each `:param` of the URL, given a random UUID (`*` is "no-such-screen"). */
  params: Record<string, string>;
  /** The files of the layouts above it in app/routes.ts, outermost first. */
  ancestors: string[];
}

/** The admin guard layout: every route under it needs a session. */
export const GUARD = "routes/admin/guard.tsx";

/**
 * Every route of app/routes.ts (or of `entries`), parents before their children, each with its
 * URL and params: what the route walks (tests/integration/admin-routes.test.ts, audit-walk.test.ts)
 * go through, so a screen added later is walked too.
 */
export function flattenRoutes(
  entries: readonly RouteConfigEntry[] = routes,
  parent = "",
  ancestors: string[] = [],
): FlatRoute[] {
  return entries.flatMap((entry) => {
    const joined = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const params: Record<string, string> = {};
    const url = `/${joined}`
      .split("/")
      .map((segment) => {
        if (segment.startsWith(":")) {
          const name = segment.slice(1).replace(/\?$/, "");
          params[name] = crypto.randomUUID();
          return params[name];
        }
        if (segment === "*") {
          params["*"] = "no-such-screen";
          return "no-such-screen";
        }
        return segment;
      })
      .join("/");
    const self = { id: entry.id ?? entry.file, file: entry.file, url, params, ancestors };
    return [self, ...flattenRoutes(entry.children ?? [], joined, [...ancestors, entry.file])];
  });
}

export type LoadedRoute = RouteModule & {
  loader?: (args: unknown) => Promise<unknown>;
  action?: (args: unknown) => Promise<unknown>;
};

/** A route module by its file in app/routes.ts ("routes/admin/…"). */
export function loadRoute(file: string): Promise<LoadedRoute> {
  return import(/* @vite-ignore */ path.resolve("app", file)) as Promise<LoadedRoute>;
}
