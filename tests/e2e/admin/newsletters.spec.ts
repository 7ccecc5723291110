import type { Page } from "@playwright/test";
import { header } from "../../integration/email-smtp-server";
import { expectAccessible } from "../axe";
import {
  confirmDialog,
  expectCards,
  openFromSidebar,
  openScreen,
  screenshots,
  toast,
} from "./admin-screen";
import { expect, test } from "./newsletters-store";

// The tests share one store and run in order: each continues from the previous one's sends.
test.describe.configure({ mode: "serial" });

const shot = screenshots("NEWSLETTERS_SHOTS");

const SCREEN = "/budzadmin/dashboard/newsletters";
const log = (page: Page) => page.getByRole("list", { name: "Emails, newest first" });

test("template, send test, send newsletter: the log and the cards follow the worker", async ({
  adminPage: page,
  store,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openFromSidebar(page, "Newsletters", "Newsletter Management");
  await expectCards(page, {
    "Total Subscribers": "2",
    "Emails Sent": "0",
    "Failed/Bounced": "0",
    "Success Rate": "0%",
  });
  await expect(page.getByText("1 active customer", { exact: true })).toBeVisible();
  await expect(page.getByText("No emails sent yet")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send Test" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Send Newsletter" })).toBeDisabled();
  await expect(page.getByLabel("From")).toHaveAttribute("readonly", "");
  await expectAccessible(page);

  await page.getByRole("button", { name: "Sale Promotion" }).click();
  await expect(page.getByLabel("Subject Line")).toHaveValue("This weekend only: 25% off");
  await expect(page.getByLabel("Message Body (HTML)")).toHaveValue(/code <strong>WEEKEND25</);
  await shot(page, "newsletters-desktop");

  // Send Test: the modal's checks, then one '[TEST] ' message through the real SMTP server.
  await page.getByRole("button", { name: "Send Test" }).click();
  const dialog = page.getByRole("dialog", { name: "Send Test Email" });
  await expect(dialog.getByText("[TEST] This weekend only: 25% off")).toBeVisible();
  const address = dialog.getByLabel("Test email address");
  await address.fill("");
  await dialog.getByRole("button", { name: "Send Test" }).click();
  await expect(dialog.getByText("Please enter a test email address")).toBeVisible();
  await address.fill("not-an-address");
  await dialog.getByRole("button", { name: "Send Test" }).click();
  await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();
  await expectAccessible(page);
  await address.fill("owner@example.com");
  await dialog.getByRole("button", { name: "Send Test" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Test email sent successfully!")).toBeVisible();
  await expect(log(page).getByRole("listitem")).toHaveCount(1);
  await expect(log(page)).toContainText("owner@example.com");
  expect(store.smtp.received.map((m) => m.subject)).toEqual(["[TEST] This weekend only: 25% off"]);

  // Send Newsletter: its confirmation, queued at once, then sent to both subscribers.
  await page.getByRole("button", { name: "Send Newsletter" }).click();
  const confirm = confirmDialog(page, "Send newsletter to 2 customers?");
  await confirm.getByRole("button", { name: "Send Newsletter" }).click();
  await expect(toast(page, "Newsletter queued")).toBeVisible();
  await expect(page.getByLabel("Subject Line")).toHaveValue("");
  await expect(page.getByText("Newsletter sending completed!")).toBeVisible();
  await expect(page.getByText("Sent: 2 · Failed: 0")).toBeVisible();
  await expectCards(page, {
    "Emails Sent": "3",
    "Failed/Bounced": "0",
    "Success Rate": "100%",
  });
  await expect(log(page).getByRole("listitem")).toHaveCount(3);
  await expect(log(page)).toContainText("ana@example.com");
  await expect(log(page)).toContainText("ben@example.com");
  await expect(log(page)).not.toContainText("cy@example.com");
  await shot(page, "newsletters-sent");
  await expectAccessible(page);

  const toAna = store.smtp.received.find((m) => m.to.includes("ana@example.com"))!;
  expect(header(toAna.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
  expect(toAna.decoded).toContain("Unsubscribe");
});

test("the unsubscribe link: confirm page, one click, and a forged link's 404", async ({
  page,
  store,
}) => {
  const toBen = store.smtp.received.find((m) => m.to.includes("ben@example.com"))!;
  const link = /<([^>]+)>/.exec(header(toBen.raw, "List-Unsubscribe") ?? "")![1]!;
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole("heading", { name: "Unsubscribe" })).toBeVisible();
  await expect(page.getByText("ben@example.com")).toBeVisible();
  await expectAccessible(page);
  await shot(page, "unsubscribe-confirm");
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByText("You have been unsubscribed.")).toBeVisible();
  await shot(page, "unsubscribe-done");

  const forged = await page.goto("/unsubscribe/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
  expect(forged?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Unsubscribe link not found" })).toBeVisible();
  await expectAccessible(page);
});

test("subscribers: consent listed, search, remove on a phone", async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openScreen(page, SCREEN, "Newsletter Management");
  // Ben unsubscribed through his link: one subscriber left.
  await expectCards(page, { "Total Subscribers": "1" });
  const table = page.getByRole("table", { name: "Newsletter subscribers" });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("ana@example.com");
  await expect(table).toContainText("Checkout");

  await page.getByLabel("Subscription").selectOption("all");
  await expect(page).toHaveURL(/who=all/);
  await expect(table.getByRole("row")).toHaveCount(4);
  await page.getByRole("searchbox").fill("cy");
  await expect(page).toHaveURL(/q=cy/);
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("Unsubscribed");

  await page.goto(SCREEN);
  await page.getByRole("button", { name: "Remove ana@example.com" }).click();
  await confirmDialog(page, "Remove ana@example.com?")
    .getByRole("button", { name: "Remove" })
    .click();
  await expect(toast(page, "ana@example.com was removed from the newsletter.")).toBeVisible();
  await expectCards(page, { "Total Subscribers": "0" });
  await expect(page.getByText("No subscribers yet.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send Newsletter" })).toBeDisabled();
  await shot(page, "newsletters-mobile");
  await expectAccessible(page);
});
