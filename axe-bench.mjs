import { chromium } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import fs from "node:fs";
function treeCpu() {
  const procs = new Map();
  for (const pid of fs.readdirSync("/proc")) { if (!/^\d+$/.test(pid)) continue; try { const s = fs.readFileSync(`/proc/${pid}/stat`, "utf8"); const f = s.slice(s.lastIndexOf(")") + 2).split(" "); procs.set(Number(pid), { ppid: Number(f[1]), cpu: (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100 }); } catch {} }
  let total = 0; for (const [pid, p] of procs) { let q = pid; while (q && q !== process.pid) q = procs.get(q)?.ppid; if (q === process.pid) total += p.cpu; }
  return total;
}
const jsFlags = process.env.JSFLAGS ?? "--no-opt --no-maglev";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage", ...(jsFlags ? [`--js-flags=${jsFlags}`] : [])] });
const axe = process.env.AXE === "1";
for (let round = 0; round < 2; round++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await context.addCookies([{ name: "age_verified", value: "1", url: "http://localhost:3377" }]);
  const page = await context.newPage();
  for (const p of ["/", "/products", "/category/flowers", "/about", "/cart", "/checkout"]) {
    await page.goto("http://localhost:3377" + p);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    if (axe) await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  }
  await context.close();
}
console.log(`[${jsFlags}] axe=${axe} chromium cpu`, treeCpu().toFixed(2));
await browser.close();
