import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const ROUTES = "app/routes/admin";

function screens(dir = ROUTES): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return screens(file);
    return /^(list|detail)\.tsx$/.test(entry.name) ? [file.slice(ROUTES.length + 1)] : [];
  });
}

it("builds every admin list on ListPage and every record on DetailPage, or names it a variant in the admin guide", () => {
  const guide = fs.readFileSync("docs/guide/admin.md", "utf8");
  const variants = new Set([...guide.matchAll(/^\s+\| `([\w/-]+\.tsx)` \|/gm)].map((m) => m[1]));
  const stray = screens().filter((screen) => {
    const source = fs.readFileSync(path.join(ROUTES, screen), "utf8");
    const shape = screen.endsWith("list.tsx") ? "<ListPage" : "<DetailPage";
    return source.includes(shape) === variants.has(screen);
  });
  // A screen on its shape must not be listed as a variant, and a variant must be listed.
  expect(stray).toEqual([]);
});
