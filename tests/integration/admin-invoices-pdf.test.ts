import { isRouteErrorResponse } from "react-router";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeEach, describe, expect, it } from "vitest";
import * as detailsRoute from "~/routes/admin/invoices/detail";
import * as listRoute from "~/routes/admin/invoices/list";
import * as pdfRoute from "~/routes/admin/invoices/pdf";
import * as printRoute from "~/routes/admin/invoices/print";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createAdminSession } from "~/server/auth/session.server";
import { renderInvoicesPdf } from "~/server/invoices/invoice-pdf.server";
import { getDailyInvoices, getInvoice, invoiceIssuer } from "~/server/invoices/invoices.server";
import { paymentReference } from "~/lib/payment-reference";
import { resetDatabase } from "../setup/database";
import { callRoute, type RouteModule } from "../setup/route-call";
import { createCoupon, createProduct } from "./checkout-factories";
import { placeInvoicedOrder } from "./invoice-factories";

/** The text of each page of a PDF, read back the way a viewer would. */
async function pdfPages(bytes: Uint8Array) {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(document, { mergePages: false });
  return { totalPages, text: text.map((page) => page.replace(/\s+/g, " ")) };
}

let cookie: string;
beforeEach(async () => {
  await resetDatabase();
  const admin = await createAdminUser({ username: "invoice-staff", password: "staff-pass-1" });
  cookie = (await createAdminSession({ userId: admin.id })).split(";")[0]!;
});

const ORIGIN = "http://store.test";
function args(url: string, params: Record<string, string> = {}) {
  return { request: new Request(`${ORIGIN}${url}`, { headers: { Cookie: cookie } }), params };
}

/** A route's loader behind the admin guard, as the server runs it (callRoute), with its type. */
function guarded<Loader extends NonNullable<RouteModule["loader"]>>(module: { loader: Loader }) {
  return ({ request, params }: ReturnType<typeof args>) =>
    callRoute(module, "loader", request, params) as ReturnType<Loader>;
}
const detailsLoader = guarded(detailsRoute);
const listLoader = guarded(listRoute);
const pdfLoader = guarded(pdfRoute);
const printLoader = guarded(printRoute);

/** The status and message of what a loader threw. */
async function thrown(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return { status: error.status, message: await error.text() };
    if (isRouteErrorResponse(error)) return { status: error.status, message: error.data.message };
    const init = (error as { init?: ResponseInit; data?: { message: string } }).init;
    if (init)
      return {
        status: init.status,
        message: (error as { data: { message: string } }).data.message,
      };
    throw error;
  }
  throw new Error("the loader did not throw");
}

let products: {
  kush: Awaited<ReturnType<typeof createProduct>>;
  big: Awaited<ReturnType<typeof createProduct>>;
};
beforeEach(async () => {
  products = {
    kush: await createProduct({
      name: "Pink Kush",
      variations: [{ size: "3.5", priceCents: 4500, stock: 50 }],
    }),
    big: await createProduct({ name: "Bulk Ounce", priceCents: 25000, stock: 50 }),
  };
});

describe("invoice PDF", () => {
  it("prints one invoice: number, items, totals, $20 shipping, no discount line, e-Transfer", async () => {
    const order = await placeInvoicedOrder({
      lines: [{ product: products.kush, size: 0, quantity: 2 }],
    });
    const bytes = await renderInvoicesPdf(
      [(await getInvoice(order.orderNumber))!],
      invoiceIssuer(),
    );
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const { totalPages, text } = await pdfPages(bytes);
    expect(totalPages).toBe(1);
    const page = text[0]!;
    expect(page).toContain("Budz Boutique");
    expect(page).toContain(`Invoice / Order: ${order.orderNumber}`);
    expect(page).toContain("Jane Doe");
    expect(page).toContain("123 Main St");
    expect(page).toContain("Pink Kush (3.5g) 2 $45.00 $90.00");
    expect(page).toContain("Subtotal $90.00");
    expect(page).toContain("Shipping (Canada Post) $20.00");
    // BC: GST 5% and PST 7% of $110.00 (shipping is taxed too).
    expect(page).toContain("GST 5% $5.50 PST 7% $7.70 Total $123.20");
    expect(page).not.toContain("Discount");
    expect(page).toContain("Status: Pending");
    expect(page).toContain(
      `Send $123.20 to payments@budzboutique.ca and write the payment reference ${paymentReference(order.orderNumber)} in the message.`,
    );
  });

  it("shows FREE shipping, the discount line with its code, and no e-Transfer once paid", async () => {
    await createCoupon({ code: "SAVE15", value: 15 });
    const order = await placeInvoicedOrder({
      couponCode: "SAVE15",
      status: "paid",
      lines: [
        { product: products.big, quantity: 1 },
        { product: products.kush, size: 0, quantity: 1 },
      ],
    });
    const bytes = await renderInvoicesPdf(
      [(await getInvoice(order.orderNumber))!],
      invoiceIssuer(),
    );
    const page = (await pdfPages(bytes)).text[0]!;
    // 250 + 45 = 295; 15% = 44.25; 250.75 ≥ 200 → free shipping.
    expect(page).toContain("Bulk Ounce 1 $250.00 $250.00");
    expect(page).toContain("Subtotal $295.00");
    expect(page).toContain("Discount (SAVE15) -$44.25");
    expect(page).toContain("Shipping (Canada Post) FREE");
    // GST 5% of $250.75 = $12.5375 → $12.54; PST 7% = $17.5525 → $17.55.
    expect(page).toContain("FREE GST 5% $12.54 PST 7% $17.55 Total $280.84");
    expect(page).toContain("Status: Paid");
    expect(page).toContain("Paid in full");
    expect(page).not.toContain("e-Transfer and write");
  });

  it("puts a day's batch one invoice per page", async () => {
    const day = [];
    for (let i = 0; i < 3; i++)
      day.push(
        await placeInvoicedOrder({ at: new Date(Date.parse("2026-01-15T18:00:00Z") + i * 1000) }),
      );
    await placeInvoicedOrder({ at: new Date("2026-01-16T09:00:00Z") }); // the next day
    const invoices = await getDailyInvoices("2026-01-15");
    const { totalPages, text } = await pdfPages(await renderInvoicesPdf(invoices, invoiceIssuer()));
    expect(totalPages).toBe(3);
    day.forEach((order, i) => expect(text[i]).toContain(`Invoice / Order: ${order.orderNumber}`));
  });

  it("runs a long invoice over onto a second page rather than off the paper", async () => {
    const many = [];
    // 40 lines of 0.5 g each stay within the 30 g limit.
    for (let i = 0; i < 40; i++)
      many.push(await createProduct({ name: `Strain ${i + 1}`, netAmountMilli: 500 }));
    const order = await placeInvoicedOrder({
      lines: many.map((product) => ({ product, quantity: 1 })),
    });
    const { totalPages, text } = await pdfPages(
      await renderInvoicesPdf([(await getInvoice(order.orderNumber))!], invoiceIssuer()),
    );
    expect(totalPages).toBe(2);
    expect(text.join(" ")).toContain("Strain 40");
    expect(text[1]).toContain("Total");
  });
});

describe("invoice routes", () => {
  it("sends the PDF as an attachment named after the order, and the day's batch", async () => {
    const order = await placeInvoicedOrder({ at: new Date("2026-01-15T18:00:00Z") });
    const response = (await pdfLoader(
      args(`/budzadmin/dashboard/invoices/pdf/${order.orderNumber}.pdf`, {
        fileName: `${order.orderNumber.toLowerCase()}.pdf`,
      }),
    )) as Response;
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename=${order.orderNumber}.pdf`,
    );
    const { text } = await pdfPages(new Uint8Array(await response.arrayBuffer()));
    expect(text[0]).toContain(order.orderNumber);

    const daily = (await pdfLoader(
      args("/budzadmin/dashboard/invoices/pdf/invoices-2026-01-15.pdf", {
        fileName: "invoices-2026-01-15.pdf",
      }),
    )) as Response;
    expect(daily.headers.get("Content-Disposition")).toBe(
      "attachment; filename=invoices-2026-01-15.pdf",
    );
    expect((await pdfPages(new Uint8Array(await daily.arrayBuffer()))).totalPages).toBe(1);
  });

  it("answers 404 with a message for unknown or tampered numbers, files and empty days", async () => {
    const pdf = (fileName: string) =>
      thrown(() => pdfLoader(args(`/budzadmin/dashboard/invoices/pdf/${fileName}`, { fileName })));
    expect(await pdf("BBS-99999999.pdf")).toEqual({
      status: 404,
      message: "Invoice not found for Order ID: BBS-99999999",
    });
    expect((await pdf("..%2Fsecrets.pdf")).status).toBe(404);
    expect(await pdf("invoices-2026-01-20.pdf")).toMatchObject({ status: 404 });

    for (const orderNumber of ["BBS-99999999", "not-an-order", crypto.randomUUID()]) {
      const url = `/budzadmin/dashboard/invoices/${orderNumber}`;
      expect(await thrown(() => detailsLoader(args(url, { orderNumber })))).toEqual({
        status: 404,
        message: `Invoice not found for Order ID: ${orderNumber}`,
      });
      expect(
        (
          await thrown(() =>
            printLoader(
              args(`/budzadmin/dashboard/invoices/print/${orderNumber}`, { orderNumber }),
            ),
          )
        ).status,
      ).toBe(404);
    }
  });

  it("gives the screen its messages and a bad ?date= falls back to today (200, not 4xx)", async () => {
    const order = await placeInvoicedOrder();
    const screen = (url: string) => listLoader(args(url));
    const empty = await screen("/budzadmin/dashboard/invoices?q=");
    expect(empty.screen.message).toBe("Please enter an Order ID");
    const none = await screen("/budzadmin/dashboard/invoices?q=BBS-9999");
    expect(none.screen.message).toBe("Invoice not found for Order ID: BBS-9999");
    const found = await screen(`/budzadmin/dashboard/invoices?q=${order.orderNumber.slice(-3)}`);
    expect(found.screen.list.rows.map((r) => r.orderNumber)).toContain(order.orderNumber);
    expect(found.screen.newest).toBe(order.orderNumber);

    const today = await screen("/budzadmin/dashboard/invoices?date=2026-02-31");
    expect(today.query.isToday).toBe(true);
    expect(today.query.dateMessage).toContain('"2026-02-31" is not a date');
    // The order was placed just now, so it is one of today's invoices.
    expect(today.screen.daily.map((r) => r.orderNumber)).toEqual([order.orderNumber]);

    const print = await printLoader(
      args("/budzadmin/dashboard/invoices/print/daily?date=2020-01-01"),
    );
    expect(print.invoices).toEqual([]);
    expect("empty" in print && print.empty).toBe(
      "No invoices found for Wednesday, January 1, 2020",
    );
  });
});
