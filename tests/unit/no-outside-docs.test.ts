import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The product's rules live in the repository (docs/product/, and the reasons behind them in
 * docs/decisions/). A newcomer cannot follow a citation of a document that lives elsewhere, so no
 * tracked file may cite one, and every citation of docs/product must lead to a heading that exists.
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SELF = "tests/unit/no-outside-docs.test.ts";

/**
 * References to documents outside the repository: the capitalised words (a section "§2", "SPEC's",
 * "per SPEC", "SPEC.md", "DESIGN.md", "DESIGN: …") and the file names in any case. Playwright's
 * "spec" files and words such as "SPECIAL" or "DESIGNER" are not references.
 */
const OUTSIDE_DOCUMENT = [/\bSPEC\b/, /\bDESIGN\b/, /\b(?:spec|design)\.md\b/i, /§\s*\d/];

/** A citation of a product page: "docs/product/cart-and-checkout.md#shipping". */
const PRODUCT_CITATION = /docs\/product\/([\w-]+\.md)(?:#([\w-]+))?/g;

/** Tracked text files (not package-lock.json, nor binaries such as images and fonts). */
function trackedTextFiles(): { file: string; text: string }[] {
  const listed = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" });
  return listed
    .split("\0")
    .filter((file) => file && file !== "package-lock.json" && !file.startsWith("node_modules/"))
    .flatMap((file) => {
      let bytes: Buffer;
      try {
        bytes = readFileSync(path.join(ROOT, file));
      } catch {
        return []; // deleted in the working tree, not yet committed
      }
      return bytes.subarray(0, 8000).includes(0) ? [] : [{ file, text: bytes.toString("utf8") }];
    });
}

/** "file:line: text" for every line of `text` that cites a document outside the repository. */
function outsideReferences(file: string, text: string): string[] {
  return text
    .split("\n")
    .flatMap((line, i) =>
      OUTSIDE_DOCUMENT.some((pattern) => pattern.test(line))
        ? [`${file}:${i + 1}: ${line.trim()}`]
        : [],
    );
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as dashes. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors of a Markdown file's headings (a repeated heading gets "-1", "-2"…). */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const base = anchorOf(heading[1]!);
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

function productPages(): Map<string, Set<string>> {
  const listed = execFileSync("git", ["ls-files", "-z", "docs/product"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  const pages = new Map<string, Set<string>>();
  for (const file of listed.split("\0").filter((f) => f.endsWith(".md")))
    pages.set(path.basename(file), anchorsOf(readFileSync(path.join(ROOT, file), "utf8")));
  return pages;
}

/** "file:line: docs/product/x.md#y" for every citation of a product page or heading that is missing. */
function brokenCitations(file: string, text: string, pages: Map<string, Set<string>>): string[] {
  return text
    .split("\n")
    .flatMap((line, i) =>
      [...line.matchAll(PRODUCT_CITATION)]
        .filter(
          ([, page, anchor]) => !pages.get(page!) || (anchor && !pages.get(page!)!.has(anchor)),
        )
        .map(([citation]) => `${file}:${i + 1}: ${citation}`),
    );
}

describe("the product's rules", () => {
  it("cite no document outside the repository, and their own links lead somewhere", () => {
    const pages = productPages();
    expect(pages.size).toBeGreaterThan(1);
    const problems = [...pages.keys()].flatMap((page) => {
      const file = `docs/product/${page}`;
      const text = readFileSync(path.join(ROOT, file), "utf8");
      // Links between the pages are written relative to docs/product/.
      const relative = text.replace(/\]\(([\w-]+\.md(?:#[\w-]+)?)\)/g, "](docs/product/$1)");
      return [...outsideReferences(file, text), ...brokenCitations(file, relative, pages)];
    });
    expect(problems).toEqual([]);
  });
});

describe("a reference to an outside document", () => {
  it("is told apart from Playwright specs and words such as SPECIAL", () => {
    for (const line of [
      "/** SPEC §9: $20 shipping */",
      "// SPEC's messages",
      "// the default per SPEC",
      "it('has the SPEC default')",
      "// see DESIGN.md",
      "/** (DESIGN: the invoice follows its order) */",
      "see design.md",
      "§5's check",
    ])
      expect(outsideReferences("x.ts", line), line).toHaveLength(1);
    for (const line of [
      'import { test } from "./cart.spec";',
      "// the Settings spec's store",
      "const SPECIAL = 1;",
      "// DESIGNER notes",
      "docs/product/cart-and-checkout.md#shipping",
    ])
      expect(outsideReferences("x.ts", line), line).toEqual([]);
  });
});

describe("the repository", () => {
  it("cites no document outside the repository", () => {
    const files = trackedTextFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(
      files.filter(({ file }) => file !== SELF).flatMap((f) => outsideReferences(f.file, f.text)),
    ).toEqual([]);
  });

  it("cites only product pages and headings that exist", () => {
    const pages = productPages();
    const files = trackedTextFiles().filter(({ file }) => file !== SELF);
    expect(files.flatMap(({ file, text }) => brokenCitations(file, text, pages))).toEqual([]);
  });
});
