import { beforeEach, describe, expect, it } from "vitest";
import { dayKey, dayRange, invoiceStatusLabel } from "~/lib/invoices";
import {
  INVOICE_SEARCH_EMPTY,
  parseInvoiceListQuery,
  parseInvoicePdfName,
  parseOrderNumberParam,
} from "~/schemas/invoices";
import {
  getDailyInvoices,
  getInvoice,
  getNewestInvoiceNumber,
  listDailyInvoices,
  listInvoices,
  searchInvoices,
} from "~/server/invoices/invoices.server";
import { resetDatabase } from "../setup/database";
import { createCoupon, createProduct } from "./checkout-factories";
import { placeInvoicedOrder } from "./invoice-factories";

beforeEach(resetDatabase);

const TZ = "America/Vancouver";
const digits = (orderNumber: string) => orderNumber.slice(4);

describe("invoice search by order number", () => {
  it("matches part of the number in any case, and says so when nothing or nothing was typed", async () => {
    const first = await placeInvoicedOrder();
    const second = await placeInvoicedOrder();

    // The whole number, lower case.
    const exact = await searchInvoices({ q: first.orderNumber.toLowerCase() });
    expect(exact.message).toBeUndefined();
    expect(exact.list.rows.map((r) => r.orderNumber)).toEqual([first.orderNumber]);

    // A part: the last digits, and "bbs-000" which both share.
    const tail = await searchInvoices({ q: digits(second.orderNumber).replace(/^0+/, "") });
    expect(tail.list.rows.map((r) => r.orderNumber)).toContain(second.orderNumber);
    const prefix = await searchInvoices({ q: "bbs-000" });
    expect(prefix.list.rows.map((r) => r.orderNumber).sort()).toEqual(
      [first.orderNumber, second.orderNumber].sort(),
    );
    // "BBS 0000…" is read as "BBS-0000…".
    const spaced = await searchInvoices({ q: `bbs ${digits(first.orderNumber)}` });
    expect(spaced.list.rows.map((r) => r.orderNumber)).toEqual([first.orderNumber]);

    const empty = await searchInvoices({ q: "   " });
    expect(empty.message).toBe("Please enter an Order ID");
    expect(empty.message).toBe(INVOICE_SEARCH_EMPTY);
    expect(empty.list.total).toBe(2);

    const none = await searchInvoices({ q: "BBS-99999999" });
    expect(none.message).toBe("Invoice not found for Order ID: BBS-99999999");
    expect(none.list.rows).toEqual([]);
    // LIKE wildcards are searched for literally.
    expect((await searchInvoices({ q: "%" })).message).toBe("Invoice not found for Order ID: %");
    expect((await searchInvoices({ q: "_" })).list.total).toBe(0);

    // No search at all: every invoice, no message.
    const all = await searchInvoices({ q: undefined });
    expect(all.message).toBeUndefined();
    expect(all.list.total).toBe(2);
  });

  it("lists newest first, a page at a time", async () => {
    const base = Date.parse("2026-02-01T20:00:00Z");
    const placed = [];
    for (let i = 0; i < 5; i++)
      placed.push(await placeInvoicedOrder({ at: new Date(base + i * 60_000) }));
    const page1 = await listInvoices({ page: 1, pageSize: 2 });
    expect(page1).toMatchObject({ total: 5, page: 1, pageCount: 3, pageSize: 2 });
    expect(page1.rows.map((r) => r.orderNumber)).toEqual([
      placed[4]!.orderNumber,
      placed[3]!.orderNumber,
    ]);
    const page3 = await listInvoices({ page: 3, pageSize: 2 });
    expect(page3.rows.map((r) => r.orderNumber)).toEqual([placed[0]!.orderNumber]);
    // A page past the end shows the last one.
    expect((await listInvoices({ page: 99, pageSize: 2 })).page).toBe(3);
    expect(await getNewestInvoiceNumber()).toBe(placed[4]!.orderNumber);
  });
});

describe("daily invoices in STORE_TIMEZONE", () => {
  it("counts an invoice on the store's calendar day, not UTC's", async () => {
    // 15 January 2026 in Vancouver (PST, UTC-8) runs from 08:00 UTC to 08:00 UTC the next day.
    const before = await placeInvoicedOrder({ at: new Date("2026-01-15T07:59:59Z") });
    const opening = await placeInvoicedOrder({ at: new Date("2026-01-15T08:00:00Z") });
    const closing = await placeInvoicedOrder({ at: new Date("2026-01-16T07:59:59Z") });
    const after = await placeInvoicedOrder({ at: new Date("2026-01-16T08:00:00Z") });

    const day = await listDailyInvoices("2026-01-15");
    expect(day.map((r) => r.orderNumber)).toEqual([opening.orderNumber, closing.orderNumber]);
    expect((await listDailyInvoices("2026-01-14")).map((r) => r.orderNumber)).toEqual([
      before.orderNumber,
    ]);
    expect((await listDailyInvoices("2026-01-16")).map((r) => r.orderNumber)).toEqual([
      after.orderNumber,
    ]);
    expect(await listDailyInvoices("2026-01-20")).toEqual([]);
    const whole = await getDailyInvoices("2026-01-15");
    expect(whole.map((d) => d.orderNumber)).toEqual([opening.orderNumber, closing.orderNumber]);
    expect(whole[0]!.issuedOn).toBe("January 15, 2026");
  });

  it("handles the 23-hour day when clocks go forward", async () => {
    // 8 March 2026: midnight is PST (08:00 UTC), the next midnight PDT (07:00 UTC).
    expect(dayRange("2026-03-08", TZ)).toEqual({
      start: new Date("2026-03-08T08:00:00Z"),
      end: new Date("2026-03-09T07:00:00Z"),
    });
    const late = await placeInvoicedOrder({ at: new Date("2026-03-09T06:59:00Z") });
    const nextDay = await placeInvoicedOrder({ at: new Date("2026-03-09T07:30:00Z") });
    expect((await listDailyInvoices("2026-03-08")).map((r) => r.orderNumber)).toEqual([
      late.orderNumber,
    ]);
    expect((await listDailyInvoices("2026-03-09")).map((r) => r.orderNumber)).toEqual([
      nextDay.orderNumber,
    ]);
  });

  it("reads ?date= and falls back to today with a message for a bad one", () => {
    const now = new Date("2026-01-16T07:30:00Z"); // 15 January, 23:30 in Vancouver
    const url = (search: string) => `http://store.test/budzadmin/dashboard/invoices${search}`;
    expect(parseInvoiceListQuery(url(""), TZ, now)).toMatchObject({
      q: undefined,
      page: 1,
      date: "2026-01-15",
      isToday: true,
    });
    expect(parseInvoiceListQuery(url("?date=2026-01-02&q=12"), TZ, now)).toMatchObject({
      q: "12",
      date: "2026-01-02",
      isToday: false,
      dateMessage: undefined,
    });
    for (const bad of ["2026-02-30", "yesterday", "2026-1-2", "1999-12-31", "<script>"]) {
      const query = parseInvoiceListQuery(url(`?date=${encodeURIComponent(bad)}`), TZ, now);
      expect(query.date).toBe("2026-01-15");
      expect(query.dateMessage).toBe(
        `"${bad}" is not a date (use YYYY-MM-DD): showing today's invoices instead.`,
      );
    }
    expect(parseInvoiceListQuery(url("?q="), TZ, now).q).toBe("");
    expect(parseInvoiceListQuery(url("?page=-3"), TZ, now).page).toBe(1);
    expect(dayKey(now, TZ)).toBe("2026-01-15");
  });
});

describe("invoice documents", () => {
  it("shows the invoices table's status as the order's (Paid, Pending, Cancelled)", async () => {
    const pending = await placeInvoicedOrder();
    const paid = await placeInvoicedOrder({ status: "paid" });
    const cancelled = await placeInvoicedOrder({ status: "cancelled" });
    const rows = (await listInvoices()).rows;
    const statusOf = (n: string) => rows.find((r) => r.orderNumber === n)!.status;
    expect(statusOf(pending.orderNumber)).toBe("pending");
    expect(statusOf(paid.orderNumber)).toBe("paid");
    expect(statusOf(cancelled.orderNumber)).toBe("cancelled");
    expect(["pending", "paid", "cancelled"].map(invoiceStatusLabel)).toEqual([
      "Pending",
      "Paid",
      "Cancelled",
    ]);
    expect((await getInvoice(paid.orderNumber))!.status).toBe("paid");
  });

  it("carries the customer, address, items at their purchase price, discount and totals", async () => {
    const flower = await createProduct({
      name: "Blue Dream",
      variations: [
        { size: "3.5", priceCents: 4500, stock: 5 },
        { size: "7", priceCents: 8500, stock: 5 },
      ],
    });
    const gummies = await createProduct({ name: "Gummies", priceCents: 1250, stock: 9 });
    await createCoupon({ code: "TENOFF", type: "fixed", value: 1000 });
    const order = await placeInvoicedOrder({
      name: "Sam Smith",
      email: "sam@example.com",
      couponCode: "tenoff",
      lines: [
        { product: flower, size: 0, quantity: 2 },
        { product: flower, size: 1, quantity: 1 },
        { product: gummies, quantity: 3 },
      ],
    });
    const invoice = await getInvoice(order.orderNumber);
    expect(invoice).toMatchObject({
      orderNumber: order.orderNumber,
      status: "pending",
      customer: { name: "Sam Smith", email: "sam@example.com" },
      shipping: { street: "123 Main St", city: "Vancouver", province: "BC", postalCode: "V6B 1A1" },
      subtotalCents: 21250,
      discountCents: 1000,
      couponCode: "TENOFF",
      shippingCostCents: 0,
      // $202.50 + GST 5% ($10.125 → $10.13) + PST 7% ($14.175 → $14.18).
      taxLines: [
        { label: "GST 5%", amountCents: 1013 },
        { label: "PST 7%", amountCents: 1418 },
      ],
      totalCents: 22681,
    });
    expect(invoice!.items).toEqual([
      {
        name: "Blue Dream",
        sizeLabel: "3.5g",
        quantity: 2,
        priceCents: 4500,
        lineTotalCents: 9000,
      },
      { name: "Blue Dream", sizeLabel: "7g", quantity: 1, priceCents: 8500, lineTotalCents: 8500 },
      { name: "Gummies", sizeLabel: null, quantity: 3, priceCents: 1250, lineTotalCents: 3750 },
    ]);
    expect(await getInvoice("BBS-99999999")).toBeNull();
  });

  it("refuses malformed order numbers and file names before the database", () => {
    expect(parseOrderNumberParam("bbs-00000012")).toBe("BBS-00000012");
    expect(parseOrderNumberParam("00000012")).toBe("BBS-00000012");
    expect(parseOrderNumberParam("BBS-1' or 1=1")).toBeNull();
    expect(parseOrderNumberParam(crypto.randomUUID())).toBeNull();
    expect(parseInvoicePdfName("bbs-00000012.pdf")).toEqual({
      kind: "invoice",
      orderNumber: "BBS-00000012",
    });
    expect(parseInvoicePdfName("invoices-2026-01-15.pdf")).toEqual({
      kind: "daily",
      date: "2026-01-15",
    });
    expect(parseInvoicePdfName("invoices-2026-02-31.pdf")).toBeNull();
    expect(parseInvoicePdfName("BBS-00000012.exe")).toBeNull();
    expect(parseInvoicePdfName(undefined)).toBeNull();
  });
});
