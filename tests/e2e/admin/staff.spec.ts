import { expectAccessible } from "../axe";
import { confirmDialog, openFromSidebar, rowsWith, screenshots, toast } from "./admin-screen";
import { expect, invitationLink, test } from "./staff-store";

// The tests share one store and run in order: the second uses the staff member the first invited.
test.describe.configure({ mode: "serial" });

const shot = screenshots("STAFF_SHOTS", { widths: [1280, 390] });
const SAM = { username: "sam-floor", password: "sams-floor-pass-1", email: "sam@example.com" };

test("the owner invites a staff member, who chooses a password and is refused an owner's page", async ({
  adminPage: page,
  store,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openFromSidebar(page, "Staff", "Staff");
  await expect(rowsWith(page, "owner").first()).toContainText("Active");
  await page.getByRole("link", { name: "Invite staff" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite staff" });
  await dialog.getByLabel("Email").fill(SAM.email);
  await dialog.getByLabel(/^Name/).fill("Sam Floor");
  await dialog.getByLabel("Username").fill(SAM.username);
  await dialog.getByLabel("Role").selectOption("staff");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(toast(page, `Invitation sent to ${SAM.email}`)).toBeVisible();
  await expect(rowsWith(page, "Sam Floor")).toContainText("Invited");
  await shot(page, "staff");
  await expectAccessible(page);

  // Sam opens the link in their own browser, chooses a password and is signed in.
  const link = await invitationLink(store.dataDir, SAM.email);
  const sam = await browser.newContext({ baseURL: store.url });
  const samPage = await sam.newPage();
  await samPage.goto(link);
  await expect(samPage.getByRole("heading", { name: "Choose your password" })).toBeVisible();
  await expectAccessible(samPage);
  await samPage.locator('input[name="newPassword"]').fill(SAM.password);
  await samPage.getByLabel("Password again").fill(SAM.password);
  await samPage.getByRole("button", { name: "Save and sign in" }).click();
  await expect(samPage.getByText("Welcome back, Sam Floor")).toBeVisible({ timeout: 30_000 });
  // A reduced role: no owner screens in the sidebar, and the page itself refused with its words.
  const nav = samPage.getByRole("navigation", { name: "Admin sections", exact: true });
  await samPage.setViewportSize({ width: 1280, height: 900 });
  await expect(nav.getByRole("link", { name: "Staff" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Database" })).toHaveCount(0);
  const refused = await samPage.goto("/budzadmin/dashboard/database");
  expect(refused?.status()).toBe(403);
  await expect(
    samPage.getByText("Only the store owner can use the database tools. Your role is staff"),
  ).toBeVisible();
  await expectAccessible(samPage);
  // The link worked once.
  const again = await samPage.goto(link);
  expect(again?.status()).toBe(404);
  // My profile.
  await samPage.goto("/budzadmin/dashboard/profile");
  await expect(samPage.getByRole("heading", { name: "My profile", level: 1 })).toBeVisible();
  await shot(samPage, "profile");
  await expectAccessible(samPage);
  await sam.close();
});

test("deactivating a staff member ends their live session", async ({
  adminPage: page,
  store,
  browser,
}) => {
  const sam = await browser.newContext({ baseURL: store.url });
  const samPage = await sam.newPage();
  await samPage.goto("/budzadmin");
  await samPage.getByLabel("Username").fill(SAM.username);
  await samPage.getByLabel("Password").fill(SAM.password);
  await samPage.getByRole("button", { name: "Sign In" }).click();
  await expect(samPage.getByText("Welcome back, Sam Floor")).toBeVisible({ timeout: 30_000 });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/budzadmin/dashboard/staff");
  await rowsWith(page, "Sam Floor").getByRole("button", { name: "Deactivate Sam Floor" }).click();
  await confirmDialog(page, "Deactivate Sam Floor?")
    .getByRole("button", { name: "Deactivate" })
    .click();
  await expect(toast(page, "Sam Floor is deactivated")).toBeVisible();
  await expect(rowsWith(page, "Sam Floor")).toContainText("Deactivated");

  // Sam's next click finds the session ended; signing in again is refused.
  await samPage.reload();
  await expect(samPage.getByRole("heading", { name: "Admin sign in" })).toBeVisible();
  await samPage.getByLabel("Username").fill(SAM.username);
  await samPage.getByLabel("Password").fill(SAM.password);
  await samPage.getByRole("button", { name: "Sign In" }).click();
  await expect(samPage.getByText("Invalid username or password")).toBeVisible({ timeout: 30_000 });
  await sam.close();

  await page.getByRole("button", { name: "Reactivate Sam Floor" }).click();
  await expect(toast(page, "Sam Floor can sign in again")).toBeVisible();
  await shot(page, "staff-after");
});
