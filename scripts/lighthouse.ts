// `npx tsx scripts/lighthouse.ts [baseUrl] [runs]`: Lighthouse (mobile, simulated throttling) in
// Debian's Chromium on the home, a category and a product page, in English and under /fr; prints the median performance and
// accessibility scores, CLS and the JavaScript transferred. Needs a running store and Lighthouse
// (LIGHTHOUSE=path/to/bin, default `npx --yes lighthouse@13`).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const base = (process.argv[2] ?? "http://localhost:3000").replace(/\/$/, "");
const runs = Number(process.argv[3] ?? 5);
const [command, ...prefix] = (process.env.LIGHTHOUSE ?? "npx --yes lighthouse@13").split(" ");

/** The path of a `<loc>` in a sitemap (index or file) of this store whose path matches. */
async function sitemapPath(sitemap: string, pattern: RegExp): Promise<string | undefined> {
  const response = await fetch(`${base}${sitemap}`);
  if (!response.ok) throw new Error(`${base}${sitemap} answered ${response.status}`);
  for (const [, loc] of (await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)) {
    // The store writes absolute URLs with its PUBLIC_URL: the path is asked of `base`.
    const { pathname } = new URL(loc!.replace(/&amp;/g, "&"));
    if (pattern.test(pathname)) return pathname;
  }
  return undefined;
}

/** A product page: /sitemap.xml is an index whose products files list the product pages. */
async function firstProductPath(): Promise<string> {
  const products = await sitemapPath("/sitemap.xml", /^\/sitemaps\/products-\d+\.xml$/);
  const product = products && (await sitemapPath(products, /^\/products\/[^/]+$/));
  if (!product) throw new Error(`No product page in ${base}/sitemap.xml: is the catalogue empty?`);
  return product;
}

interface Run {
  performance: number;
  accessibility: number;
  cls: number;
  lcp: number;
  tbt: number;
  scriptBytes: number;
}

function lighthouse(url: string): Run {
  const out = path.join(os.tmpdir(), `lh-${process.pid}-${Date.now()}.json`);
  execFileSync(
    command!,
    [
      ...prefix,
      url,
      "--quiet",
      "--only-categories=performance,accessibility",
      "--output=json",
      `--output-path=${out}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
      // Past the age gate, as a returning visitor.
      `--extra-headers=${JSON.stringify({ Cookie: "age_verified=true" })}`,
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
      stdio: "ignore",
    },
  );
  const report = JSON.parse(fs.readFileSync(out, "utf8"));
  fs.rmSync(out, { force: true });
  const requests: { resourceType?: string; transferSize?: number }[] =
    report.audits["network-requests"].details.items;
  return {
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    cls: report.audits["cumulative-layout-shift"].numericValue,
    lcp: report.audits["largest-contentful-paint"].numericValue,
    tbt: report.audits["total-blocking-time"].numericValue,
    scriptBytes: requests
      .filter((r) => r.resourceType === "Script")
      .reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
  };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const english: [string, string][] = [
  ["home", "/"],
  ["category", "/category/flowers"],
  ["product", await firstProductPath()],
];
// The same pages in French: /fr, /fr/category/flowers, /fr/products/…
const pages = english.flatMap(([name, page]): [string, string][] => [
  [name, page],
  [`${name} fr`, page === "/" ? "/fr" : `/fr${page}`],
]);
console.log(`Lighthouse mobile, ${runs} runs per page, median · ${base}`);
console.log("page       perf  a11y     CLS   LCP ms  TBT ms   JS KB (transferred)   all perf runs");
for (const [name, pagePath] of pages) {
  const results = Array.from({ length: runs }, () => lighthouse(base + pagePath));
  const m = (key: keyof Run) => median(results.map((r) => r[key]));
  console.log(
    `${name.padEnd(10)}${String(m("performance")).padStart(5)}${String(m("accessibility")).padStart(6)}${m("cls").toFixed(3).padStart(8)}${String(Math.round(m("lcp"))).padStart(9)}${String(Math.round(m("tbt"))).padStart(8)}${(m("scriptBytes") / 1024).toFixed(1).padStart(8)}                ${results.map((r) => r.performance).join(" ")}`,
  );
}
