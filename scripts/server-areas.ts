// `npx tsx scripts/server-areas.ts`: prints which areas of app/server (one folder each) import
// which, then any loop between areas and any import that breaks the layers. The unit test
// tests/unit/server-areas.test.ts fails on the same findings: areas depend on each other in one
// direction only (never both ways, nor round a loop), the shared files directly in app/server (the
// database, config, logger…) import no area, and only boot.server.ts, the composition root that
// wires the areas together at start-up, imports them all. Type-only imports count: they are
// dependencies too. Tests are left out (a test may import any area).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SERVER = "app/server";

/** The root file allowed to import every area: it wires them together at start-up. */
export const COMPOSITION_ROOT = `${SERVER}/boot.server.ts`;

/** Folders of app/server that are shared infrastructure (used by every area), not areas. */
export const SHARED_FOLDERS = new Set(["db-tables"]);

/** Every source file under app/server, tests left out (a test may import any area). */
function serverFiles(dir = SERVER): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const file = `${dir}/${name}`;
    if (statSync(path.join(ROOT, file)).isDirectory()) return serverFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** The repository path an import specifier leads to, or null for a package ("drizzle-orm"). */
function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = `app/${specifier.slice(2)}`;
  else if (specifier.startsWith(".")) base = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`];
  return (
    candidates.find((file) => /\.tsx?$/.test(file) && existsSync(path.join(ROOT, file))) ?? null
  );
}

/** The app/server files each app/server file imports (type-only imports included). */
export function serverImports(): Map<string, string[]> {
  const imports = new Map<string, string[]>();
  for (const file of serverFiles()) {
    const source = readFileSync(path.join(ROOT, file), "utf8");
    const found = ts
      .preProcessFile(source, true, true)
      .importedFiles.map((ref) => resolveImport(file, ref.fileName))
      .filter((target): target is string => target?.startsWith(`${SERVER}/`) ?? false);
    imports.set(file, [...new Set(found)]);
  }
  return imports;
}

/** The area a file belongs to ("orders"), or null for a shared file of app/server. */
export function areaOf(file: string): string | null {
  const [folder, ...rest] = file.slice(SERVER.length + 1).split("/");
  return rest.length > 0 && !SHARED_FOLDERS.has(folder!) ? folder! : null;
}

export interface AreaDependency {
  from: string;
  to: string;
  /** "importer → imported" file pairs behind the dependency. */
  because: string[];
}

/** Area → area dependencies, with the imports that make them. */
export function areaDependencies(imports = serverImports()): AreaDependency[] {
  const byPair = new Map<string, AreaDependency>();
  for (const [file, targets] of imports) {
    const from = areaOf(file);
    for (const target of targets) {
      const to = areaOf(target);
      if (!from || !to || from === to) continue;
      const key = `${from} ${to}`;
      const dependency = byPair.get(key) ?? { from, to, because: [] };
      dependency.because.push(`${file} → ${target}`);
      byPair.set(key, dependency);
    }
  }
  return [...byPair.values()].sort((a, b) =>
    `${a.from} ${a.to}`.localeCompare(`${b.from} ${b.to}`),
  );
}

/**
 * Areas that depend on each other, directly (orders ↔ settings) or round a loop (a → b → c → a):
 * each group of such areas with the imports between them. Areas must form layers instead.
 */
export function areaCycles(dependencies = areaDependencies()): string[] {
  const uses = (area: string) => dependencies.filter((d) => d.from === area).map((d) => d.to);
  // Tarjan's strongly connected components: a component of two or more areas is a loop.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (area: string) => {
    index.set(area, index.size);
    low.set(area, index.get(area)!);
    stack.push(area);
    for (const next of uses(area)) {
      if (!index.has(next)) visit(next);
      if (stack.includes(next)) low.set(area, Math.min(low.get(area)!, low.get(next)!));
    }
    if (low.get(area) !== index.get(area)) return;
    const group = stack.splice(stack.indexOf(area));
    if (group.length > 1) groups.push(group.sort());
  };
  for (const d of dependencies) if (!index.has(d.from)) visit(d.from);
  return groups.sort().map((group) => {
    const inside = dependencies.filter((d) => group.includes(d.from) && group.includes(d.to));
    return [group.join(" ↔ "), ...inside.flatMap((d) => d.because)].join("\n    ");
  });
}

/**
 * Each area's row in the layers (the README's diagram): 0 for an area that uses no other, else one
 * more than the highest row it uses. Call it on a graph without loops.
 */
export function areaLayers(
  dependencies = areaDependencies(),
  areas = serverAreas(),
): Map<string, number> {
  const layers = new Map<string, number>();
  const layerOf = (area: string): number => {
    if (!layers.has(area)) {
      const below = dependencies.filter((d) => d.from === area).map((d) => layerOf(d.to));
      layers.set(area, below.length ? Math.max(...below) + 1 : 0);
    }
    return layers.get(area)!;
  };
  for (const area of areas) layerOf(area);
  return layers;
}

/** The areas: the folders of app/server that are not shared. */
export function serverAreas(): string[] {
  return readdirSync(path.join(ROOT, SERVER))
    .filter((name) => statSync(path.join(ROOT, SERVER, name)).isDirectory())
    .filter((name) => !SHARED_FOLDERS.has(name))
    .sort();
}

/**
 * Imports that break the layers of app/server: a shared file (the database, config, logger…) that
 * imports an area, or anything that imports the composition root.
 */
export function layerViolations(imports = serverImports()): string[] {
  return [...imports].flatMap(([file, targets]) =>
    targets
      .filter(
        (target) =>
          target === COMPOSITION_ROOT ||
          (file !== COMPOSITION_ROOT && areaOf(file) === null && areaOf(target) !== null),
      )
      .map((target) => `${file} → ${target}`),
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const imports = serverImports();
  const dependencies = areaDependencies(imports);
  for (const area of serverAreas()) {
    const uses = dependencies.filter((d) => d.from === area).map((d) => d.to);
    console.log(`${area} → ${uses.join(", ") || "(no area)"}`);
  }
  const problems = [...areaCycles(dependencies), ...layerViolations(imports)];
  console.log(problems.length ? `\n${problems.join("\n")}` : "\nNo loop between areas.");
  process.exitCode = problems.length ? 1 : 0;
}
