import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** The run's directory of scanned screens (tests/e2e/global-setup.ts makes it). */
export const AXE_CLAIMS_ENV = "E2E_AXE_CLAIMS";

/**
 * Fails the test with a readable list when the page breaks a WCAG 2.1 A/AA rule (axe-core).
 *
 * Each screen is scanned once per run and width: the first test to reach it scans it, the others
 * move on. A screen is the page's path with record ids and tokens taken out, the part scanned,
 * the dialog open on it, and whether its form shows errors (an error state is a screen of its
 * own). `E2E_AXE_EVERY=1` scans at every call.
 */
export async function expectAccessible(page: Page, options: { include?: string } = {}) {
  if (!(await claimScreen(page, options.include))) return;
  let builder = new AxeBuilder({ page })
    // axe runs in the page itself: by default AxeBuilder opens a blank page (a new renderer) for
    // every check to gather frames' results across origins, and this app's only frames are
    // sandboxed previews of content checked on its own pages. With only the violations' details
    // collected, a check costs a half to a third (0.7-1.1 s against 2.4-2.7 s on a store page).
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  if (options.include) builder = builder.include(options.include);
  const scan = async () =>
    (await builder.analyze()).violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`,
    );
  // Retried like any assertion: a page caught mid-render (a dialog re-mounting after its form's
  // answer, the page behind it not yet hidden from assistive technology) settles; a real
  // violation stays and fails.
  await expect.poll(scan, { message: "axe-core WCAG 2.1 AA violations" }).toEqual([]);
}

/** Whether this call is the run's first on its screen (it then owns the scan). */
async function claimScreen(page: Page, include?: string): Promise<boolean> {
  const claims = process.env[AXE_CLAIMS_ENV];
  if (!claims || process.env.E2E_AXE_EVERY === "1") return true;
  const key = await screenKey(page, include);
  try {
    // Made exclusively: of several workers reaching one screen, one scans it.
    fs.closeSync(fs.openSync(path.join(claims, encodeURIComponent(key)), "wx"));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

async function screenKey(page: Page, include = ""): Promise<string> {
  const { pathname } = new URL(page.url());
  const route = pathname
    .split("/")
    .map((part) => (/\d/.test(part) || part.length >= 20 ? ":id" : part))
    .join("/");
  const state = await page.evaluate(() => {
    const dialog = document.querySelector('[role="dialog"], [role="alertdialog"], dialog[open]');
    const labelledBy = dialog?.getAttribute("aria-labelledby")?.split(" ")[0];
    const name =
      dialog?.getAttribute("aria-label") ??
      (labelledBy ? document.getElementById(labelledBy)?.textContent : "") ??
      "";
    const errors = document.querySelector('[aria-invalid="true"], [role="alert"]') !== null;
    return `${window.innerWidth} ${name.trim()} ${errors ? "errors" : ""}`;
  });
  return `${route} ${include} ${state}`.slice(0, 200);
}
