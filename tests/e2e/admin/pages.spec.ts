import type { Page } from "@playwright/test";
import { UNDO_CONFIRMATION } from "~/lib/page-editor";
import { expectAccessible } from "../axe";
import { confirmDialog, openFromSidebar } from "./admin-screen";
import { expect, shot, test } from "./content-store";

test.describe.configure({ mode: "serial", timeout: 180_000 });

const html = (page: Page) => page.getByLabel("Page HTML");
const saveButton = (page: Page) => page.getByRole("button", { name: "Save Changes" });

test("Page Content: edit, undo, save sanitised, preview, revisions and restore", async ({
  adminPage: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openFromSidebar(page, "Pages", "Page Editor");
  await expect(page.getByText(/Home edits the introduction block/)).toBeVisible();
  await page.getByLabel("Page", { exact: true }).selectOption("about");
  await expect(page.getByRole("heading", { name: /About Us/ })).toBeVisible();
  await expect(page.getByLabel("Page title")).toHaveAttribute("readonly", "");
  await expect(page.getByText(/^Last modified/)).toBeVisible();
  await expect(saveButton(page)).toBeDisabled();
  await expectAccessible(page);
  await shot(page, "pages-content");

  // Undo asks first, then reverts.
  const original = await html(page).inputValue();
  await html(page).fill("<p>Draft to throw away</p>");
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  await expect(page.getByText("1 line · 26 characters")).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(confirmDialog(page)).toContainText(UNDO_CONFIRMATION);
  await page.getByRole("button", { name: "Undo changes" }).click();
  await expect(html(page)).toHaveValue(original);
  await expect(saveButton(page)).toBeDisabled();

  // Leaving with unsaved changes asks first.
  await html(page).fill("<p>Not saved yet</p>");
  await page.getByRole("link", { name: "Reports" }).first().click();
  const leave = confirmDialog(page, "Leave without saving?");
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Stay" }).click();
  await expect(html(page)).toHaveValue("<p>Not saved yet</p>");

  // Save: scripts, handlers and javascript: links are removed; the store shows it at once.
  await html(page).fill(
    '<h2 onclick="steal()">Our story</h2>\n<p>Grown in BC. <a href="javascript:alert(1)">Click</a></p>\n<script>alert(2)</script>',
  );
  await expect(page.getByText("3 lines ·")).toBeVisible();
  await page.getByRole("button", { name: "Preview" }).click();
  const frame = page.frameLocator('iframe[title^="Preview of About Us"]');
  await expect(frame.getByRole("heading", { name: "Our story" })).toBeVisible();
  await page.getByRole("button", { name: "Mobile" }).click();
  await expect(page.locator('iframe[title="Preview of About Us at mobile width"]')).toHaveAttribute(
    "sandbox",
    "",
  );
  await shot(page, "pages-preview");
  await page.getByRole("button", { name: "Code" }).click();
  await saveButton(page).click();
  await expect(page.getByRole("status").getByText("Saved successfully")).toBeVisible();
  await expect(page.getByText(/Some markup was removed when saving/)).toBeVisible();
  await expect(html(page)).not.toHaveValue(/script|onclick|javascript/);
  await expect(page.getByText(/^Last modified .* by owner/)).toBeVisible();
  // The indicator goes back to idle after 3 s.
  await expect(page.getByRole("status").getByText("Saved successfully")).toBeHidden({
    timeout: 10_000,
  });

  const store = await page.context().newPage();
  await store.goto("/about");
  await expect(store.getByRole("heading", { name: "Our story" })).toBeVisible();
  expect(await store.locator("article").innerHTML()).not.toMatch(/onclick|javascript:|<script/);
  await store.close();

  // Revision history: the original and the save; view the original and restore it.
  const history = page.getByRole("region", { name: "Revision history" });
  await expect(history.getByText("Version 2")).toBeVisible();
  await expect(history.getByText("Current")).toBeVisible();
  await history.getByRole("link", { name: "View version 1" }).click();
  const dialog = page.getByRole("dialog", { name: "About Us: version 1" });
  await expect(dialog).toBeVisible();
  await expect(
    page.frameLocator('iframe[title="Preview of About Us, version 1"]').getByText(/./).first(),
  ).toBeVisible();
  await shot(page, "pages-revision");
  // axe cannot run inside the script-less sandboxed frame: check the dialog with its HTML view.
  await dialog.getByRole("button", { name: "HTML" }).click();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Restore this version" }).click();
  await page.getByRole("button", { name: "Restore", exact: true }).click();
  await expect(page.getByText("Restored: version 3 of the page is live.")).toBeVisible();
  await expect(html(page)).toHaveValue(original);
  await expect(history.getByText("Version 3")).toBeVisible();
});

test("Page Content: an unknown page gets a clear message", async ({ adminPage: page }) => {
  await page.goto("/budzadmin/dashboard/pages?page=terms");
  await expect(page.getByText(/Unknown page\. Choose one of: Home, About Us/)).toBeVisible();
});

test("Top Bar Announcements: validate, save, status, and the store shows a changed message again", async ({
  adminPage: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/budzadmin/dashboard/pages");
  await page.getByRole("link", { name: "Top Bar Announcements" }).click();
  // A store without sample data starts with no announcement.
  await expect(page.getByLabel(/^Message(?! \(French\))/)).toHaveValue("");
  await expect(page.getByRole("region", { name: "Current status" })).toContainText(
    "Nothing saved yet",
  );
  await expectAccessible(page);
  await shot(page, "announcements");

  // End before start is refused, nothing saved.
  await page.getByLabel(/^Message(?! \(French\))/).fill("Weekend deal on edibles");
  await page.getByLabel("Start date").fill("2026-12-20");
  await page.getByLabel("End date").fill("2026-12-01");
  await page.getByRole("button", { name: "Save Announcement Settings" }).click();
  await expect(page.getByText("The end date must be on or after the start date.")).toBeVisible();
  await expect(page.getByRole("status").getByText("Save failed")).toBeVisible();

  const today = new Date();
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  await page.getByLabel("Start date").fill(iso(new Date(today.getTime() - 2 * 86_400_000)));
  await page.getByLabel("End date").fill(iso(new Date(today.getTime() + 10 * 86_400_000)));
  await page.getByLabel(/^Message(?! \(French\))/).fill("Weekend deal on edibles");
  await page.getByLabel("Background colour").selectOption("purple");
  await page.getByLabel("Coupon code (optional)").selectOption("WEEKEND25");
  await expect(page.getByText("Weekend deal on edibles - Use code: WEEKEND25")).toBeVisible();
  await page.getByRole("button", { name: "Save Announcement Settings" }).click();
  await expect(page.getByRole("status").getByText("Saved successfully")).toBeVisible();
  await expect(page.getByRole("region", { name: "Current status" })).toContainText("Showing now");

  // The store: shown on Home, dismissed, then shown again once the message changes.
  const store = await page.context().newPage();
  await store.goto("/");
  const bar = store.getByRole("region", { name: "Announcement" });
  await expect(bar).toContainText("Weekend deal on edibles - Use code: WEEKEND25");
  await expect(bar).toHaveCSS("background-color", "rgb(126, 34, 206)"); // purple
  await bar.getByRole("button", { name: "Dismiss announcement" }).click();
  await store.reload();
  await expect(store.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(store.getByRole("region", { name: "Announcement" })).toHaveCount(0);

  // The first save's indicator goes back to idle before the second save is awaited.
  await expect(page.getByRole("status").getByText("Saved successfully")).toBeHidden({
    timeout: 10_000,
  });
  await page.getByLabel(/^Message(?! \(French\))/).fill("Weekend deal: now on vapes too");
  await page.getByRole("button", { name: "Save Announcement Settings" }).click();
  await expect(page.getByRole("status").getByText("Saved successfully")).toBeVisible();
  await store.reload();
  await expect(store.getByRole("region", { name: "Announcement" })).toContainText(
    "Weekend deal: now on vapes too",
  );
  await store.close();
});
