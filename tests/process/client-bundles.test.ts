import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The production build's client assets, as `npm run build` wrote them (BUILD_DIR as the server).
const assets = path.resolve(process.env.BUILD_DIR ?? "build", "client/assets");

function manifest(): { routes: Record<string, { module: string; imports?: string[] }> } {
  const file = fs.readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  const source = fs.readFileSync(path.join(assets, file!), "utf8");
  return JSON.parse(source.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, ""));
}

/** The JavaScript a route's page loads up front: its module and every chunk it imports. */
function initialScripts(routeId: string): string[] {
  const route = manifest().routes[routeId];
  if (!route) throw new Error(`No route ${routeId} in the client manifest`);
  return [route.module, ...(route.imports ?? [])].map((url) =>
    fs.readFileSync(path.join(assets, path.basename(url)), "utf8"),
  );
}

// zod's issue code: present in any build of zod, however minified.
const ZOD = '"invalid_type"';

describe("client bundles", () => {
  it.each([
    "routes/store/checkout",
    "routes/admin/products/list",
    "routes/admin/products/detail",
    "admin-product-new",
    "admin-product-edit",
  ])("%s loads without zod (its form fetches it when first focused)", (routeId) => {
    expect(initialScripts(routeId).some((code) => code.includes(ZOD))).toBe(false);
  });

  it("the marker finds zod where a page does load it", () => {
    expect(initialScripts("routes/admin/coupons/new").some((code) => code.includes(ZOD))).toBe(
      true,
    );
  });
});
