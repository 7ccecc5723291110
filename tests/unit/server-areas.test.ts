import fs from "node:fs";
import { describe, expect, it } from "vitest";
import {
  areaCycles,
  areaDependencies,
  areaLayers,
  COMPOSITION_ROOT,
  layerViolations,
  serverImports,
} from "../../scripts/server-areas";

/**
 * The areas of app/server (one folder each: orders, catalog, audit…) form layers: an area may use
 * another, never both ways nor round a loop, so each can be read and changed from the bottom up.
 * `npx tsx scripts/server-areas.ts` prints the graph. Cycles between single files are the lint's
 * (import-x/no-cycle).
 */
describe("app/server areas", () => {
  const imports = serverImports();

  it("never depend on each other both ways, nor round a loop", () => {
    expect(areaCycles(areaDependencies(imports))).toEqual([]);
  });

  it("are imported by no shared file of app/server, and nothing imports the composition root", () => {
    expect(layerViolations(imports)).toEqual([]);
  });

  it("sit on the rows the README's diagram shows", () => {
    const readme = fs.readFileSync("README.md", "utf8");
    const diagram = /```\n(8 {2}[\s\S]*?)```/.exec(readme)?.[1] ?? "";
    const shown = new Map<string, number>();
    for (const line of diagram.split("\n")) {
      const [row, ...areas] = line
        .replace(/shared:.*/, "")
        .trim()
        .split(/\s+/);
      for (const area of areas) shown.set(area, Number(row));
    }
    const layers = areaLayers(areaDependencies(imports));
    expect(Object.fromEntries(shown)).toEqual(Object.fromEntries(layers));
  });

  it("the check finds a two-way dependency, a longer loop, and imports that break the layers", () => {
    const [a, b, c, d, e] = ["a", "b", "c", "d", "e"].map(
      (area) => `app/server/${area}/x.server.ts`,
    );
    const made = new Map([
      [a!, [b!]],
      [b!, [a!, c!]],
      [c!, [d!]],
      [d!, [e!, "app/server/db.server.ts"]],
      [e!, [c!, COMPOSITION_ROOT]],
      ["app/server/db.server.ts", [a!]],
      [COMPOSITION_ROOT, [a!]],
    ]);
    expect(areaCycles(areaDependencies(made))).toEqual([
      `a ↔ b\n    ${a} → ${b}\n    ${b} → ${a}`,
      `c ↔ d ↔ e\n    ${c} → ${d}\n    ${d} → ${e}\n    ${e} → ${c}`,
    ]);
    expect(layerViolations(made)).toEqual([
      `${e} → ${COMPOSITION_ROOT}`,
      `app/server/db.server.ts → ${a}`,
    ]);
  });
});
