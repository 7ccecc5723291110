import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Fails the test with a readable list when the page breaks a WCAG 2.1 A/AA rule (axe-core). */
export async function expectAccessible(page: Page, options: { include?: string } = {}) {
  let builder = new AxeBuilder({ page })
    // axe runs in the page itself: by default AxeBuilder opens a blank page (a new renderer) for
    // every check to gather frames' results across origins, and this app's only frames are
    // sandboxed previews of content checked on its own pages. With only the violations' details
    // collected, a check costs a half to a third (0.7-1.1 s against 2.4-2.7 s on a store page).
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  if (options.include) builder = builder.include(options.include);
  const { violations } = await builder.analyze();
  const summary = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`,
  );
  expect(summary, "axe-core WCAG 2.1 AA violations").toEqual([]);
}
