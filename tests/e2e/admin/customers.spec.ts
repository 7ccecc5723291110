import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expectAccessible } from "../axe";
import { expectCards, openFromSidebar, openScreen, rowsWith, toast } from "./admin-screen";
import { expect, test } from "./customers-store";

// One store for the spec; the tests run in order and continue from each other's changes.
test.describe.configure({ mode: "serial" });

const CUSTOMERS = "/budzadmin/dashboard/customers";

const openCustomers = (page: Page, search = "") =>
  openScreen(page, `${CUSTOMERS}${search}`, "Customer Management");

test("list: computed cards, search, status filter, paging and export", async ({
  adminPage: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openFromSidebar(page, "Customers", "Customer Management");
  // Ann paid $72.80 for $45 of goods (+ $20 shipping + BC GST $3.25 and PST $4.55; revenue is
  // the goods); Bob's order was cancelled and his payment refunded: not revenue.
  await expectCards(page, {
    "Total Customers": "27",
    "Active Customers": "26",
    "Avg. Orders": "0.1",
    "Total Revenue": "$45.00",
  });
  await expect(page.getByText("27 customers found")).toBeVisible();
  const bob = rowsWith(page, "Bob Ray");
  await expect(bob).toContainText("1 cancelled, $72.80 refunded");
  await expectAccessible(page);

  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/after=.*page=2/);
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await expect(rowsWith(page, "Filler 24")).toBeVisible();

  await openCustomers(page);
  await page.getByRole("searchbox").fill("ray");
  await expect(page).toHaveURL(/q=ray/);
  await expect(page.getByText("1 customer found")).toBeVisible();
  await expect(rowsWith(page, "Bob Ray")).toBeVisible();
  await page.getByRole("searchbox").fill("");
  await page.getByLabel("Status").selectOption("inactive");
  await expect(page).toHaveURL(/status=inactive/);
  await expect(page.getByText("1 customer found")).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  const csv = fs.readFileSync((await download.path())!, "utf8");
  expect(csv).toContain("Zed Quiet");
  expect(csv).not.toContain("Ann Lee");
  expect(csv.split("\r\n")[0]).toContain("ID,Name,Email,Phone");
});

test("view and edit: orders, totals, consent; field errors, unique email, toast", async ({
  adminPage: page,
}) => {
  await openCustomers(page);
  await page.getByRole("link", { name: "View Ann Lee" }).click();
  await expect(page.getByRole("heading", { name: "Ann Lee", level: 1 })).toBeVisible();
  await expect(page.getByRole("group", { name: "Spent: $72.80" })).toBeVisible();
  await expect(page.getByText(/Consent given .* through checkout\./)).toBeVisible();
  await expect(page.getByRole("link", { name: /^BBS-\d{8}$/ })).toHaveAttribute(
    "href",
    /\/budzadmin\/dashboard\/orders\/BBS-\d{8}$/,
  );
  // Every email the outbox sent to her address, with its kind and its order.
  const emails = page.getByRole("list", { name: "Emails sent to this customer" });
  const confirmation = emails.getByRole("listitem").filter({ hasText: "Order confirmation" });
  await expect(confirmation).toContainText(/Pending|Sent/);
  await expect(confirmation.getByRole("link", { name: /^Order BBS-\d{8}$/ })).toBeVisible();
  await expect(emails.getByRole("listitem").filter({ hasText: "Payment received" })).toHaveCount(1);
  await expectAccessible(page);

  await page.getByRole("link", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit customer" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel("Phone").fill("123");
  await dialog.getByRole("button", { name: "Save customer" }).click();
  await expect(dialog.getByText("Enter a 10-digit phone number, e.g. 604-555-0199.")).toBeVisible();
  await expect(dialog.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Phone").fill("(250) 555 0123");
  await dialog.getByLabel("Email").fill("BOB@example.com");
  await dialog.getByRole("button", { name: "Save customer" }).click();
  await expect(dialog.getByText(/Another customer \(CUST-\d{3,}\) already uses/)).toBeVisible();
  await dialog.getByLabel("Email").fill("ann.lee@example.com");
  await dialog.getByLabel("Private note").fill("Prefers pickup reminders by email.");
  await dialog.getByRole("button", { name: "Save customer" }).click();
  await expect(toast(page, "Ann Lee saved.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Prefers pickup reminders by email.")).toBeVisible();
  await expect(page.getByText("250-555-0123")).toBeVisible();
  // Consent belongs to the address it was given for.
  await expect(page.getByText(/No consent recorded for this email address/)).toBeVisible();
});

test("email: compose from the list, queued in the outbox, listed on the customer", async ({
  adminPage: page,
}) => {
  await openCustomers(page, "?q=bob");
  await page.getByRole("link", { name: "Email Bob Ray" }).click();
  const dialog = page.getByRole("dialog", { name: "Email Bob Ray" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("To bob@example.com");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Send email" }).click();
  await expect(dialog.getByText("Enter a subject.")).toBeVisible();
  await expect(dialog.getByText("Write a message.")).toBeVisible();
  await dialog.getByLabel("Subject").fill("About your refund");
  await dialog.getByLabel("Message").fill("Hi Bob,\n\nYour e-Transfer refund is on its way.");
  await dialog.getByRole("button", { name: "Send email" }).click();
  await expect(toast(page, "Email to bob@example.com queued for sending.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Bob Ray", level: 1 })).toBeVisible();
  await expect(page.locator("li").filter({ hasText: "About your refund" })).toContainText(
    /Pending|Sent/,
  );
});

const csvFile = (name: string, text: string) => ({
  name,
  mimeType: "text/csv",
  buffer: Buffer.from(text, "utf8"),
});

test("import: refused files, a preview with every error, then an import that updates a match", async ({
  adminPage: page,
}) => {
  await openCustomers(page);
  await page.getByRole("link", { name: "Import from CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Import from CSV" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);

  await dialog.getByLabel("CSV file").setInputFiles(csvFile("wrong.csv", "First,Last\nA,B\n"));
  await dialog.getByRole("button", { name: "Upload and preview" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Missing required columns: name, email, phone",
  );
  await dialog.getByLabel("CSV file").setInputFiles({
    name: "latin1.csv",
    mimeType: "text/csv",
    buffer: Buffer.from([0x6e, 0x61, 0x6d, 0xe9, 0x0a]),
  });
  await dialog.getByRole("button", { name: "Upload and preview" }).click();
  await expect(dialog.getByRole("alert")).toContainText("This file is not UTF-8 text.");

  await dialog
    .getByLabel("CSV file")
    .setInputFiles(
      csvFile(
        "errors.csv",
        "Name,Email,Phone\nkim park,kim@example.com,6045550111\nlee,lee-at,12\n",
      ),
    );
  await dialog.getByRole("button", { name: "Upload and preview" }).click();
  await expect(page.getByRole("heading", { name: "Import preview" })).toBeVisible();
  await expect(page.getByText("Please fix the errors before importing")).toBeVisible();
  await expect(page.getByText("Row 3: Invalid email format - lee-at").first()).toBeVisible();
  await expect(
    page.getByText("Row 3: Invalid phone format - 12 (should be 10 digits)").first(),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Import customers" })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole("link", { name: "Upload a corrected file" }).click();
  const again = page.getByRole("dialog", { name: "Import from CSV" });
  await again
    .getByLabel("CSV file")
    .setInputFiles(
      csvFile(
        "good.csv",
        '\uFEFFName,Email,Phone,Address,Consent\r\nkim park,Kim@Example.com,604 555 0111,"1 Oak St, Unit 2",yes\r\nzed quiet,zed@example.com,555-0112,,no\r\nmo diaz,mo@example.com,+1 (604) 555-0113,,\r\n',
      ),
    );
  await again.getByRole("button", { name: "Upload and preview" }).click();
  await expect(page.getByRole("heading", { name: "Import preview" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Already customers (1)" })).toBeVisible();
  const kim = rowsWith(page, "kim@example.com");
  await expect(kim).toContainText("Kim Park");
  await expect(kim).toContainText("604-555-0111");
  await expect(rowsWith(page, "zed@example.com")).toContainText(/Matches CUST-\d{3}/);
  await expectAccessible(page);
  await page.getByLabel("Update their name, phone and address from the file").check();
  await page.getByRole("button", { name: "Import customers" }).click();
  await expect(
    toast(page, "Successfully imported 3 customers! (1 existing updated)"),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Customer Management" })).toBeVisible();
  await expectCards(page, { "Total Customers": "29" });
  await page.getByRole("searchbox").fill("kim");
  await expect(page).toHaveURL(/q=kim/);
  await expect(page.getByText("1 customer found")).toBeVisible();
  await page.getByRole("link", { name: "View Kim Park" }).click();
  await expect(page.getByText("1 Oak St, Unit 2")).toBeVisible();
  await expect(page.getByText(/Consent given .* through a CSV import\./)).toBeVisible();
});
