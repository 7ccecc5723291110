import { describe, expect, it } from "vitest";
import {
  DAILY_SUMMARY_MAX_ROWS,
  cancelTimeText,
  isQuietDay,
  renderDailySummaryEmail,
  type DailySummary,
} from "~/server/email/templates/daily-summary.server";
import {
  renderNewOrderAlertEmail,
  type NewOrderAlertInput,
} from "~/server/email/templates/new-order-alert.server";

const NOW = new Date("2026-06-10T16:00:00Z");

const order: NewOrderAlertInput = {
  orderNumber: "BBS-00000012",
  placedAt: new Date("2026-06-10T20:05:00Z"),
  customerName: `<b>Jane</b> "Doe"`,
  customerEmail: "jane@example.com",
  province: "NS",
  items: [
    { productName: "Blue Dream", sizeLabel: "3.5g", quantity: 2, priceAtPurchaseCents: 4500 },
    { productName: "Sour Gummies", sizeLabel: null, quantity: 1, priceAtPurchaseCents: 1250 },
  ],
  subtotalCents: 10250,
  discountCents: 0,
  shippingCostCents: 2000,
  taxLines: [{ label: "HST 14%", amountCents: 1715 }],
  totalAmountCents: 13965,
};

describe("the new-order email to staff", () => {
  it("names the order and its total in the subject, and escapes what the shopper typed", () => {
    const email = renderNewOrderAlertEmail(order);
    expect(email.subject).toBe("New order BBS-00000012: $139.65");
    expect(email.html).toContain("&lt;b&gt;Jane&lt;/b&gt; &quot;Doe&quot;");
    expect(email.html).not.toContain("<b>Jane</b>");
    // 1:05 p.m. in Vancouver; no discount line without a discount.
    expect(email.text).toContain("Placed: Jun 10, 2026, 1:05 p.m.");
    expect(email.text).toContain("Ships to: Nova Scotia");
    expect(email.text).not.toContain("Discount");
    expect(email.text).toContain("  HST 14%: $17.15");
    expect(email.html).toContain(
      'href="http://localhost:3000/budzadmin/dashboard/orders/BBS-00000012"',
    );
  });
});

const row = (n: number, at = NOW) => ({
  orderNumber: `BBS-${String(n).padStart(8, "0")}`,
  customerName: `Buyer ${n}`,
  totalCents: 1000 + n,
  at,
});

const quiet: DailySummary = {
  day: "2026-06-09",
  now: NOW,
  placed: { count: 0, totalCents: 0, cancelled: 0 },
  paid: { count: 0, totalCents: 0 },
  refunds: { count: 0, totalCents: 0 },
  toShip: { rows: [], count: 0 },
  toCancel: { rows: [], count: 0 },
  unpaidCancelDays: 5,
};

describe("the daily summary to staff", () => {
  it("is quiet only when there is nothing at all to report", () => {
    expect(isQuietDay(quiet)).toBe(true);
    expect(isQuietDay({ ...quiet, placed: { count: 1, totalCents: 500, cancelled: 1 } })).toBe(
      false,
    );
    expect(isQuietDay({ ...quiet, paid: { count: 1, totalCents: 500 } })).toBe(false);
    expect(isQuietDay({ ...quiet, refunds: { count: 1, totalCents: 500 } })).toBe(false);
    expect(
      isQuietDay({ ...quiet, toShip: { rows: [{ ...row(1), status: "paid" }], count: 1 } }),
    ).toBe(false);
    expect(isQuietDay({ ...quiet, toCancel: { rows: [row(1)], count: 1 } })).toBe(false);
  });

  it("writes a passed cancellation time as overdue", () => {
    const zone = "America/Vancouver";
    expect(cancelTimeText(new Date(NOW.getTime() - 1), NOW, zone)).toBe("now (overdue)");
    expect(cancelTimeText(NOW, NOW, zone)).toBe("now (overdue)");
    expect(cancelTimeText(new Date("2026-06-10T20:00:00Z"), NOW, zone)).toBe(
      "Jun 10, 2026, 1:00 p.m.",
    );
  });

  it("lists at most 50 orders in each list and links to the rest", () => {
    const toShip = Array.from({ length: DAILY_SUMMARY_MAX_ROWS }, (_, i) => ({
      ...row(i),
      status: i % 2 ? "processing" : "paid",
    }));
    const toCancel = Array.from({ length: DAILY_SUMMARY_MAX_ROWS }, (_, i) => row(100 + i));
    const email = renderDailySummaryEmail({
      ...quiet,
      placed: { count: 1, totalCents: 2500, cancelled: 0 },
      toShip: { rows: toShip, count: 57 },
      toCancel: { rows: toCancel, count: 51 },
    });
    expect(email.subject).toBe(
      "Daily summary for Jun 9, 2026: 1 order ($25.00), 57 to ship, 51 unpaid to be cancelled",
    );
    expect(email.text).toContain("Orders placed: 1 order, $25.00");
    expect(email.text).not.toContain("since cancelled");
    expect(email.text.match(/^- BBS-/gm)).toHaveLength(100);
    expect(email.text).toContain(
      "…and 7 more: paid http://localhost:3000/budzadmin/dashboard/orders?status=paid and being processed http://localhost:3000/budzadmin/dashboard/orders?status=processing",
    );
    expect(email.text).toContain(
      "…and 1 more: http://localhost:3000/budzadmin/dashboard/orders?status=pending",
    );
    expect(email.html).toContain("…and 7 more");
    expect(email.html).toContain("…and 1 more");
    expect(email.html).toContain("being prepared");
  });

  it("says when a list is empty, and leaves it out of the subject", () => {
    const email = renderDailySummaryEmail({
      ...quiet,
      placed: { count: 2, totalCents: 5000, cancelled: 1 },
      paid: { count: 1, totalCents: 2500 },
    });
    expect(email.subject).toBe("Daily summary for Jun 9, 2026: 2 orders ($50.00)");
    expect(email.text).toContain("Orders placed: 2 orders, $50.00 (1 since cancelled)");
    expect(email.text).toContain("Payments received: 1 order marked paid, $25.00 received");
    expect(email.text).toContain("Nothing is waiting to ship.");
    expect(email.text).toContain("No unpaid order is due to be cancelled in the next 24 hours.");
    expect(email.html).toContain("Nothing is waiting to ship.");
    expect(email.text).not.toContain("more:");
    expect(email.text).toContain("Refunds made: 0 refunds, $0.00 given back");
  });

  it("says how many refunds were made and how much was given back", () => {
    const email = renderDailySummaryEmail({
      ...quiet,
      refunds: { count: 2, totalCents: 3475 },
    });
    expect(email.subject).toBe(
      "Daily summary for Jun 9, 2026: 0 orders ($0.00), 2 refunds ($34.75)",
    );
    expect(email.text).toContain("Refunds made: 2 refunds, $34.75 given back");
    expect(email.html).toContain("<strong>Refunds made:</strong> 2 refunds, $34.75 given back");
  });
});
