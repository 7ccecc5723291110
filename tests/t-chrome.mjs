import { chromium } from "@playwright/test";
import fs from "node:fs";
const base = "http://localhost:3311";
const sets = {
  ...(process.env.SETS ? {} : { current: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"] }),
  ...JSON.parse(process.env.SETS ?? "{}"),
};
function treeCpu(root) {
  // sum utime+stime of root and all descendants
  let total = 0; const kids = new Map();
  for (const pid of fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try { const s = fs.readFileSync(`/proc/${pid}/stat`, "utf8"); const f = s.slice(s.lastIndexOf(")") + 2).split(" ");
      kids.set(pid, { ppid: f[1], t: (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100 }); } catch {}
  }
  const walk = (p) => { total += kids.get(p)?.t ?? 0; for (const [c, v] of kids) if (v.ppid === p) walk(c); };
  walk(String(root)); return total;
}
for (const [name, args] of Object.entries(sets)) {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args, ...(process.env.RM ? {} : {}) });
  const pid = browser._connection ? null : null;
  const t0 = Date.now();
  for (let i = 0; i < 6; i++) {
    const ctx = await browser.newContext({ baseURL: base, reducedMotion: process.env.RM ? "reduce" : undefined });
    await ctx.addCookies([{ name: "age_verified", value: "true", url: base }]);
    const page = await ctx.newPage();
    for (const p of ["/", "/products", "/category/flowers", "/cart", "/about", "/faq"]) {
      await page.goto(p); await page.waitForLoadState("networkidle");
    }
    await ctx.close();
  }
  // find chromium processes: children of this node process
  const cpu = treeCpu(process.pid);
  await browser.close();
  console.log(name, "wall", Date.now() - t0, "ms; tree cpu (incl. node)", cpu.toFixed(1), "s");
}
