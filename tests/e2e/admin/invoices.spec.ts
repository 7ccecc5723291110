import { expectAccessible } from "../axe";
import { openFromSidebar, openScreen, screenshots } from "./admin-screen";
import { expect, SEEDED, test } from "./invoices-store";

const INVOICES = "/budzadmin/dashboard/invoices";
const shot = screenshots("INVOICES_SHOTS");

// Each journey once, on a desktop; the phone test below checks the screens' layout there.
test.describe("Invoices at desktop width (1280px)", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("search, daily invoices and paging", async ({ adminPage: page }) => {
    await openFromSidebar(page, "Invoices", "Invoice Management");

    // Daily Invoices: today's two, not yesterday's cancelled one.
    const daily = page.getByRole("region", { name: "Daily Invoices" });
    await expect(daily.getByRole("link", { name: SEEDED.pending })).toBeVisible();
    await expect(daily.getByRole("link", { name: SEEDED.paid })).toBeVisible();
    await expect(daily.getByText(SEEDED.cancelled)).toHaveCount(0);
    await shot(page, "invoices-desktop");
    await expectAccessible(page);

    // Search, with its messages (docs/product/orders-and-money.md#invoices).
    const search = page.getByRole("search");
    const box = search.getByLabel("Order ID");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("Please enter an Order ID")).toBeVisible();
    await box.fill("nothing-like-it");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(
      page.getByText("Invoice not found for Order ID: nothing-like-it", { exact: true }),
    ).toBeVisible();
    await box.fill("bbs-0000010");
    await box.press("Enter");
    const table = page.getByRole("table", { name: /Invoices matching/ });
    await expect(table.getByRole("link", { name: SEEDED.pending, exact: true })).toBeVisible();
    await expect(table.getByRole("link", { name: SEEDED.cancelled, exact: true })).toBeVisible();
    await box.fill("102");
    await box.press("Enter");
    await expect(table.getByRole("row")).toHaveCount(2); // header + BBS-00000102
    await page.getByRole("link", { name: "Clear search" }).click();

    // Recent Invoices: newest first, 20 a page, 28 in all.
    const recent = page.getByRole("table", { name: "Recent invoices, newest first" });
    await expect(recent.getByRole("row").nth(1)).toContainText(SEEDED.paid);
    await expect(page.getByText(`1–20 of ${SEEDED.older + 3} invoices`)).toBeVisible();
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(
      page.getByText(`21–${SEEDED.older + 3} of ${SEEDED.older + 3} invoices`),
    ).toBeVisible();
  });

  test("preview modal, sample invoice and instructions", async ({ adminPage: page }) => {
    await page.goto(INVOICES);
    const recent = page.getByRole("table", { name: "Recent invoices, newest first" });

    // The preview modal: items, discount with its code, FREE shipping, status.
    await recent.getByRole("link", { name: `View invoice ${SEEDED.paid}` }).click();
    const dialog = page.getByRole("dialog", { name: "Invoice Preview" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/invoices/${SEEDED.paid}`));
    await expect(dialog.getByText("Discount (SAVE15)")).toBeVisible();
    await expect(dialog.getByText("FREE", { exact: true })).toBeVisible();
    await expect(dialog.getByText("$250.75")).toBeVisible();
    await expect(dialog.getByText("Paid", { exact: true })).toBeVisible();
    await expect(dialog.getByText("How to pay: Interac e-Transfer")).toHaveCount(0);
    await expect(dialog.getByRole("link", { name: /Print/ })).toHaveAttribute("target", "_blank");
    // The preview links to its order's page.
    await expect(dialog.getByRole("link", { name: `Order ${SEEDED.paid}` })).toHaveAttribute(
      "href",
      `/budzadmin/dashboard/orders/${SEEDED.paid}`,
    );
    await shot(page, "invoice-preview-desktop");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expect(dialog).toHaveCount(0);

    // The sample invoice is the newest; the pending one shows how to pay.
    await page.getByRole("link", { name: "Preview sample invoice" }).click();
    await expect(dialog).toContainText(SEEDED.paid);
    await page.goto(`${INVOICES}/${SEEDED.pending}`);
    await expect(dialog.getByText("How to pay: Interac e-Transfer")).toBeVisible();
    await expect(dialog).toContainText("payments@budzboutique.ca");
    await expect(dialog.getByText("Discount")).toHaveCount(0);
    await page.keyboard.press("Escape");

    // Instructions.
    await page.getByRole("link", { name: "View instructions" }).click();
    const help = page.getByRole("dialog", { name: "How invoices work" });
    await expect(help.getByRole("heading", { name: "Matching an e-Transfer" })).toBeVisible();
    await expectAccessible(page);
    await help.getByRole("button", { name: "Got it" }).click();
    await expect(help).toHaveCount(0);
  });

  test("print pages open in a new tab; PDFs download; bad input gets a message", async ({
    adminPage: page,
    context,
  }) => {
    await page.goto(INVOICES);
    const printDaily = page.getByRole("link", { name: /Print daily invoices/ });
    await expect(printDaily).toHaveAttribute("target", "_blank");
    await expect(printDaily).toHaveAttribute("rel", "noopener");
    const [tab] = await Promise.all([context.waitForEvent("page"), printDaily.click()]);
    await tab.waitForLoadState();
    await expect(tab.getByRole("heading", { name: /^Daily invoices/ })).toBeVisible();
    await expect(tab.getByRole("article")).toHaveCount(2);
    await expect(tab.getByRole("button", { name: "Print" })).toBeEnabled();
    await expectAccessible(tab);
    await tab.close();

    await page.goto(`${INVOICES}/print/${SEEDED.pending}`);
    await expect(page.getByRole("article", { name: `Invoice ${SEEDED.pending}` })).toBeVisible();
    await expect(page.getByText("Pink Kush", { exact: true })).toBeVisible();
    await expectAccessible(page);

    // PDFs: one invoice and the day's batch.
    await page.goto(INVOICES);
    const downloadLink = page.getByRole("link", {
      name: `Download invoice ${SEEDED.pending} as PDF`,
    });
    const [download] = await Promise.all([page.waitForEvent("download"), downloadLink.click()]);
    expect(download.suggestedFilename()).toBe(`${SEEDED.pending}.pdf`);
    const pdf = await page.request.get(`${INVOICES}/pdf/${SEEDED.paid}.pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    await page.goto(INVOICES);
    const batchLink = page.getByRole("link", { name: "Download daily invoices (PDF)" });
    const batch = await page.request.get((await batchLink.getAttribute("href"))!);
    expect(batch.headers()["content-type"]).toBe("application/pdf");

    // Bad input: a clear message, never a 500.
    await page.goto(`${INVOICES}?date=2026-02-31`);
    await expect(page.getByRole("alert")).toContainText('"2026-02-31" is not a date');
    await expect(page.getByRole("heading", { name: "Daily Invoices" })).toBeVisible();
    const unknown = await page.goto(`${INVOICES}/BBS-99999999`);
    expect(unknown!.status()).toBe(404);
    await expect(page.getByText("Invoice not found for Order ID: BBS-99999999")).toBeVisible();
    expect((await page.request.get(`${INVOICES}/pdf/BBS-99999999.pdf`)).status()).toBe(404);
    expect((await page.request.get(`${INVOICES}/print/not-a-number`)).status()).toBe(404);
    await page.goto(`${INVOICES}?date=2001-01-01`);
    await expect(page.getByText("No invoices found for Monday, January 1, 2001")).toBeVisible();
    await expect(page.getByText("No invoices for Monday, January 1, 2001").first()).toBeVisible();
  });
});

test("at phone width: the screen and a pending invoice's preview, with its PDF from there", async ({
  adminPage: page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openScreen(page, INVOICES, "Invoice Management");
  const daily = page.getByRole("region", { name: "Daily Invoices" });
  await expect(daily.getByRole("link", { name: SEEDED.pending })).toBeVisible();
  await shot(page, "invoices-phone");
  await expectAccessible(page);

  // The table keeps view and print on a phone: the PDF is in the preview.
  await page.goto(`${INVOICES}/${SEEDED.pending}`);
  const dialog = page.getByRole("dialog", { name: "Invoice Preview" });
  await expect(dialog.getByText("How to pay: Interac e-Transfer")).toBeVisible();
  await shot(page, "invoice-preview-phone");
  await expectAccessible(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("link", { name: "Download PDF" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${SEEDED.pending}.pdf`);
});

test("signed-out visitors are sent to sign in from the print page and get no PDF", async ({
  page,
}) => {
  await page.goto(`${INVOICES}/print/${SEEDED.pending}`);
  await expect(page).toHaveURL(/\/budzadmin$/);
  const pdf = await page.request.get(`${INVOICES}/pdf/${SEEDED.pending}.pdf`, {
    headers: { "Sec-Fetch-Mode": "cors" },
  });
  expect(pdf.status()).toBe(401);
});
