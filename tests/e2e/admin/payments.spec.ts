import type { Page } from "@playwright/test";
import { paymentReference } from "~/lib/payment-reference";
import { orders } from "~/server/db-tables";
import { withStoreDatabase } from "../../fixtures/database";
import { buildBankCsv } from "../../fixtures/bank-exports/build";
import { startDovecot } from "../../fixtures/dovecot-server";
import { buildNoticeEmail } from "../../fixtures/etransfer/notice-emails";
import { expectAccessible } from "../axe";
import { VIEWPORTS } from "../fixtures";
import { ownStoreFixtures, startOwnStore, type OwnStoresWorker } from "../own-store";
import { expect, test as base } from "./admin-fixtures";
import { rowsWith, screenshots, toast } from "./admin-screen";

// e-Transfers matched to orders (docs/product/payments.md): a notice in the payments mailbox (a
// real Dovecot, started with the store) pays its order with nobody touching it; a bank export's
// deposit without a reference waits on the Payments screen until staff assign it.
type Seeded = { mailboxOrder: string; exportOrder: string };
const test = base.extend<
  {
    store: {
      url: string;
      seeded: Seeded;
      mailbox: Awaited<ReturnType<typeof startDovecot>>;
      stop(): Promise<void>;
    };
  },
  OwnStoresWorker
>({
  ...ownStoreFixtures(async function startPaymentsStore() {
    const mailbox = await startDovecot();
    const store = await startOwnStore<Seeded>({
      name: "payments",
      seed: (dataDir) =>
        withStoreDatabase(dataDir, async (db) => {
          const unpaid = (name: string, email: string, totalAmountCents: number) => ({
            email,
            shippingName: name,
            shippingStreet: "4821 Boulevard Saint-Joseph Est, Appartement 12",
            shippingCity: "Ottawa",
            shippingProvince: "ON",
            shippingPostalCode: "K1N 5T1",
            subtotalCents: totalAmountCents - 1000,
            shippingCostCents: 1000,
            totalAmountCents,
            accessToken: `payments-e2e-${email}`,
          });
          const [a, b] = await db
            .insert(orders)
            .values([
              unpaid("Marie-Ève Tremblay-Gagnon", "marie-eve@example.com", 8745),
              unpaid("Alexandre Beauchemin-Lefebvre", "alexandre@example.com", 6420),
            ])
            .returning({ orderNumber: orders.orderNumber });
          return { mailboxOrder: a!.orderNumber, exportOrder: b!.orderNumber };
        }),
    });
    return {
      url: store.url,
      seeded: store.seeded,
      mailbox,
      stop: async () => {
        await store.stop();
        await mailbox.stop();
      },
    };
  }),
});
test.describe.configure({ mode: "serial" });

const shot = screenshots("PAYMENTS_SHOTS", { widths: [390, 1280] });
const main = (page: Page) => page.getByRole("main");

test("a notice in the payments mailbox pays its order by itself", async ({
  adminPage: page,
  store,
}) => {
  const { mailboxOrder } = store.seeded;
  // The shopper paid with the order's reference in the message (the bank's French notice).
  await store.mailbox.append(
    "INBOX",
    buildNoticeEmail({
      kind: "autodeposit",
      language: "fr",
      sender: "MARIE-EVE TREMBLAY-GAGNON",
      amountCents: 8745,
      message: `Commande ${paymentReference(mailboxOrder)} merci!`,
      reference: "CA7Pq2Xz9Lm4",
    }),
  );

  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto("/budzadmin/dashboard/settings");
  await page.getByRole("link", { name: /Payments mailbox/ }).click();
  await expect(page.getByRole("heading", { name: "Payments mailbox", level: 1 })).toBeVisible();
  const settings = store.mailbox.settings();
  const form = page.getByRole("region", { name: "Connect" });
  await form.getByLabel("Mail server").fill("imap://127.0.0.1");
  await form.getByLabel("Port", { exact: true }).fill(String(settings.port));
  await form.getByLabel("Use TLS (port 993)").uncheck();
  await form.getByLabel("User name").fill(settings.user);
  await form.getByLabel("Password", { exact: true }).fill(settings.password);
  await form.getByRole("button", { name: "Connect the mailbox" }).click();
  await expect(form.getByText(/without imap:\/\//).first()).toBeVisible();
  // The refusal moves focus to the field at fault: type only once it has (else keys land there).
  await expect(form.getByLabel("Mail server")).toBeFocused();
  await form.getByLabel("Mail server").fill("127.0.0.1");
  await form.getByLabel("Password", { exact: true }).fill(settings.password);
  await form.getByRole("button", { name: "Connect the mailbox" }).click();
  await expect(toast(page, "Payments mailbox saved. Test the connection below.")).toBeVisible();
  await page.getByRole("button", { name: "Test connection" }).click();
  await expect(toast(page, "The mailbox answered: the settings work.")).toBeVisible();
  await shot(page, "payments-mailbox-settings");
  await expectAccessible(page);

  // Saving reads the mailbox at once (the job looks every 15 s): the order turns paid.
  await page.goto(`/budzadmin/dashboard/orders/${mailboxOrder}`);
  const payment = page.getByRole("region", { name: "Payment" });
  await expect(async () => {
    await page.reload();
    await expect(payment.getByText("CA7Pq2Xz9Lm4")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await expect(payment.getByText(/\$87\.45 from MARIE-EVE TREMBLAY-GAGNON/)).toBeVisible();
  await expect(payment.getByText(paymentReference(mailboxOrder)!)).toBeVisible();
  await expect(main(page).getByText("Paid", { exact: true }).first()).toBeVisible();
  await shot(page, "payments-order-paid");
  await expectAccessible(page);

  await page.goto("/budzadmin/dashboard/payments?tab=all");
  await expect(rowsWith(page, "MARIE-EVE TREMBLAY-GAGNON")).toContainText("Applied");
  await expect(rowsWith(page, "MARIE-EVE TREMBLAY-GAGNON")).toContainText(mailboxOrder);
});

test.describe("on a phone", () => {
  test.use({ viewport: VIEWPORTS.phone });

  test("a bank export's deposits wait in Unmatched until staff assign or ignore them", async ({
    adminPage: page,
    store,
  }) => {
    const { exportOrder } = store.seeded;
    await page.goto("/budzadmin/dashboard/payments");
    await expect(page.getByRole("heading", { name: "Payments", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Import a bank export" }).click();
    await page.getByLabel("Bank export (CSV, OFX or QFX)").setInputFiles({
      name: "chequing-november.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        buildBankCsv("rbc", [
          {
            postedOn: "2026-11-27",
            amountCents: 6420,
            senderName: "PAT STRANGER",
            reference: "CAe2eRbc0001",
          },
          {
            postedOn: "2026-11-28",
            amountCents: 1234,
            senderName: "SAM OTHER",
            reference: "CAe2eRbc0002",
          },
        ]),
      ),
    });
    await page.getByRole("button", { name: "Upload and preview" }).click();
    await expect(
      page.getByRole("heading", { name: "Bank export: chequing-november.csv" }),
    ).toBeVisible();
    await expect(rowsWith(page, "PAT STRANGER")).toContainText("Waits");
    await shot(page, "payments-export-preview");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Import these deposits" }).click();
    await expect(toast(page, /Bank export imported: 0 applied .* 2 waiting/)).toBeVisible();

    // Unmatched: assign the $64.20 to its order.
    await expect(rowsWith(page, "PAT STRANGER")).toContainText(
      "No payment reference in the message",
    );
    await shot(page, "payments-unmatched");
    await expectAccessible(page);
    await rowsWith(page, "PAT STRANGER").getByRole("link", { name: "Assign…" }).click();
    const dialog = page.getByRole("dialog", { name: "Assign to an order" });
    await dialog.getByLabel("Order number").fill("BBS-99999999");
    await dialog.getByRole("button", { name: "Apply payment" }).click();
    await expect(dialog.getByText("No order has the number BBS-99999999.")).toBeVisible();
    await dialog.getByLabel("Order number").fill(exportOrder.toLowerCase());
    await dialog.getByRole("button", { name: "Apply payment" }).click();
    await expect(toast(page, `$64.20 applied to order ${exportOrder}.`)).toBeVisible();
    await expect(rowsWith(page, "PAT STRANGER")).toHaveCount(0);

    // The other is not for the store: ignored, with a reason.
    await rowsWith(page, "SAM OTHER").getByRole("link", { name: "Ignore…" }).click();
    const ignore = page.getByRole("dialog", { name: "Ignore this payment" });
    await ignore.getByRole("button", { name: "Ignore payment" }).click();
    await expect(ignore.getByText("Give a reason for ignoring this payment")).toBeVisible();
    await ignore.getByLabel("Reason").fill("A friend's repayment, not a shop sale");
    await ignore.getByRole("button", { name: "Ignore payment" }).click();
    await expect(toast(page, "$12.34 ignored.")).toBeVisible();
    await expect(
      page.getByText("Nothing waits: every payment read has found its order."),
    ).toBeVisible();

    await page.goto(`/budzadmin/dashboard/orders/${exportOrder}`);
    await expect(
      page.getByRole("region", { name: "Payment" }).getByText(/\$64\.20 from PAT STRANGER/),
    ).toBeVisible();
  });
});
