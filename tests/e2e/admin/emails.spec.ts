import type { Page } from "@playwright/test";
import { expectAccessible } from "../axe";
import {
  confirmDialog,
  expectCards,
  openFromSidebar,
  rowsWith,
  screenshots,
  toast,
} from "./admin-screen";
import { expect, SUBSCRIBERS, test } from "./emails-store";

// The tests share one store and run in order: each continues from the previous one's changes.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const shot = screenshots("EMAILS_SHOTS");

const campaignRow = (page: Page, name: string) => rowsWith(page, name);

const BODY =
  '<h1>Fall is here</h1><p>New arrivals: <a href="https://budz.example/fall">shop the drop</a>.</p><script>alert(1)</script>';

test("cards are computed and start at zero", async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openFromSidebar(page, "Emails", "Email Management");
  await expectCards(page, {
    "Total Subscribers": "3",
    "Campaigns Sent": "0",
    "Avg. Open Rate": "0%",
    "Avg. Click Rate": "0%",
  });
  await expect(page.getByText("No campaigns yet")).toBeVisible();
  await expectAccessible(page);
});

test("create a template, use it, save a draft, send it, and see its figures", async ({
  adminPage: page,
  store,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/budzadmin/dashboard/emails");
  await page.getByRole("link", { name: "Templates" }).click();
  await expect(page.getByText("No templates yet")).toBeVisible();
  await page.getByRole("link", { name: "New Template" }).click();
  const templateDialog = page.getByRole("dialog", { name: "New Template" });
  await templateDialog.getByLabel("Template Name").fill("Fall launch");
  await templateDialog.getByLabel("Description").fill("New arrivals every autumn");
  await templateDialog.getByLabel("Subject Line").fill("Fall is here");
  await templateDialog.getByLabel("Email Content (HTML)").fill(BODY);
  await expectAccessible(page);
  await templateDialog.getByRole("button", { name: "Save Template" }).click();
  await expect(toast(page, 'Template "Fall launch" saved.')).toBeVisible();
  await expect(page.getByRole("heading", { name: "Fall launch" })).toBeVisible();
  await shot(page, "emails-templates-desktop");
  await expectAccessible(page);

  // Use it: the compose dialog starts from the template, with the live recipient count.
  await page.getByRole("link", { name: "Use template Fall launch" }).click();
  const compose = page.getByRole("dialog", { name: "Compose Email Campaign" });
  await expect(compose.getByLabel("Subject Line")).toHaveValue("Fall is here");
  await expect(compose.getByLabel("Campaign Name")).toHaveValue("Fall launch");
  await expect(compose.getByText("3 recipients right now")).toBeVisible();
  await compose.getByLabel("Customers who ordered in the last").check();
  await expect(compose.getByText("0 recipients right now")).toBeVisible();
  await compose.getByLabel("Customers who never ordered").check();
  await expect(compose.getByText("3 recipients right now")).toBeVisible();
  await compose.getByLabel("All subscribers").check();
  // A test copy goes to one address; the form stays open and nothing is saved.
  await compose.getByLabel("Send a test to").fill("owner@example.com");
  await compose.getByRole("button", { name: "Send Test" }).click();
  await expect(compose.getByText("Test email sent to owner@example.com.")).toBeVisible();
  await shot(page, "emails-compose-desktop");
  await expectAccessible(page);
  await compose.getByRole("button", { name: "Save Draft" }).click();
  await expect(toast(page, 'Draft "Fall launch" saved.')).toBeVisible();
  const row = campaignRow(page, "Fall launch");
  await expect(row).toContainText("Draft");

  // Edit (drafts only) and send, after the confirmation with the recipient count.
  await row.getByRole("link", { name: "Edit Fall launch" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Email Campaign" });
  await expect(edit.getByLabel("Email Content (HTML)")).not.toHaveValue(/script/);
  await edit.getByRole("button", { name: "Send Campaign" }).click();
  const confirm = confirmDialog(page, "Send this campaign now?");
  await expect(confirm).toContainText("It goes to 3 recipients right away");
  await confirm.getByRole("button", { name: "Send Campaign" }).click();
  await expect(toast(page, 'Campaign "Fall launch" is being sent to 3 recipients.')).toBeVisible();
  await expect(row).toContainText("Sent");
  await expect(row.getByRole("link", { name: "Edit Fall launch" })).toHaveCount(0);

  // The worker delivers to the SMTP sink; the list follows on reload.
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText("3 of 3", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  const campaignMails = store.smtp.received.filter((m) => !m.subject?.includes("[TEST]"));
  expect(campaignMails.map((m) => m.to[0]).sort()).toEqual(SUBSCRIBERS);
  expect(store.smtp.received.map((m) => m.to[0])).toContain("owner@example.com");

  // One recipient opens it and clicks its link: counted once however often.
  const mail = campaignMails[0]!.decoded;
  const open = /\/email\/open\/([0-9a-f]{64})/.exec(mail);
  const click = /\/email\/click\/([0-9a-f]{64})\/0/.exec(mail);
  expect(open && click).toBeTruthy();
  for (let i = 0; i < 2; i++) {
    const pixel = await page.request.get(`/email/open/${open![1]}`);
    expect(pixel.headers()["content-type"]).toBe("image/gif");
    const followed = await page.request.get(`/email/click/${click![1]}/0`, { maxRedirects: 0 });
    expect(followed.status()).toBe(302);
    expect(followed.headers().location).toBe("https://budz.example/fall");
  }
  await page.reload();
  await expectCards(page, {
    "Total Subscribers": "3",
    "Campaigns Sent": "1",
    "Avg. Open Rate": "33.3%",
    "Avg. Click Rate": "33.3%",
  });
  await expect(row).toContainText("33.3%");
  await shot(page, "emails-campaigns-desktop");
  await expectAccessible(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Email Management" })).toBeVisible();
  await shot(page, "emails-campaigns-mobile");
  await row.getByRole("link", { name: "View Fall launch" }).click();
  const details = page.getByRole("dialog", { name: "Fall launch" });
  await expect(details).toContainText("Clicked");
  // axe cannot run inside the script-less sandboxed frame: check the dialog before showing it.
  await expectAccessible(page);
  await details.getByRole("button", { name: "Show content" }).click();
  await expect(
    page.frameLocator('iframe[title="Content of Fall launch"]').getByText("Fall is here"),
  ).toBeVisible();
  await shot(page, "emails-details-mobile");
  await page.goto("/budzadmin/dashboard/emails/templates");
  await expect(page.getByRole("heading", { name: "Fall launch" })).toBeVisible();
  await shot(page, "emails-templates-mobile");
  await page.getByRole("link", { name: "Use template Fall launch" }).click();
  await expect(
    page
      .getByRole("dialog", { name: "Compose Email Campaign" })
      .getByText("3 recipients right now"),
  ).toBeVisible();
  await shot(page, "emails-compose-mobile");
});

test("search by name or subject and filter by status, in the URL", async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/budzadmin/dashboard/emails");
  for (const [name, subject] of [
    ["Winter warmers", "Cozy picks for cold nights"],
    ["Spring cleaning", "Fresh strains just landed"],
  ] as const) {
    await page.getByRole("link", { name: "Compose Campaign" }).click();
    const compose = page.getByRole("dialog", { name: "Compose Email Campaign" });
    await compose.getByLabel("Campaign Name").fill(name);
    await compose.getByLabel("Subject Line").fill(subject);
    await compose.getByLabel("Email Content (HTML)").fill(`<p>${subject}</p>`);
    await compose.getByRole("button", { name: "Save Draft" }).click();
    await expect(toast(page, `Draft "${name}" saved.`)).toBeVisible();
  }
  await expect(page.getByText("3 campaigns found")).toBeVisible();

  await page.getByLabel("Status").selectOption("draft");
  await expect(page).toHaveURL(/status=draft/);
  await expect(page.getByText("2 campaigns found")).toBeVisible();
  await expect(campaignRow(page, "Fall launch")).toHaveCount(0);
  await page.getByRole("searchbox").fill("fresh");
  await expect(page).toHaveURL(/q=fresh/);
  await expect(page.getByText("1 campaign found")).toBeVisible();
  await expect(campaignRow(page, "Spring cleaning")).toBeVisible();
  await expect(campaignRow(page, "Winter warmers")).toHaveCount(0);
  await shot(page, "emails-campaigns-filtered-desktop");
  await expectAccessible(page);

  // The URL alone restores the list (a link, a reload, back and forward).
  await page.goto("/budzadmin/dashboard/emails?status=sent&q=fall");
  await expect(page.getByRole("searchbox")).toHaveValue("fall");
  await expect(page.getByLabel("Status")).toHaveValue("sent");
  await expect(page.getByText("1 campaign found")).toBeVisible();
  await expect(campaignRow(page, "Fall launch")).toContainText("Sent");
  await page.getByLabel("Status").selectOption("scheduled");
  await expect(page.getByText("No campaigns match your search.")).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText("0 campaigns found")).toBeVisible();
  await shot(page, "emails-campaigns-filtered-mobile");
  await expectAccessible(page);
});

test("a forged tracking link is a 404 page, never a redirect", async ({ page }) => {
  const response = await page.goto(`/email/click/${"0".repeat(64)}/0`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Link not valid" })).toBeVisible();
  await expectAccessible(page);
});
