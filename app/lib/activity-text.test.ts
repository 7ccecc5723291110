import { describe, expect, it } from "vitest";
import "~/server/time-zones.server";
import { fieldLabel } from "./activity-fields";
import {
  changeLineText,
  describeChanges,
  recordTypeLabel,
  type AuditEntryText,
} from "./activity-text";
import { dateTexts } from "./dates";

const TZ = "America/Vancouver";

/** An entry's lines as one text each, written in the store's time zone. */
function words(entry: Partial<AuditEntryText> & { changes: AuditEntryText["changes"] }) {
  const full: AuditEntryText = {
    area: "products",
    action: "update",
    recordType: null,
    recordLabel: null,
    ...entry,
  };
  return describeChanges(full, TZ).map(changeLineText);
}

describe("an audit entry in words", () => {
  it("writes settings in the store's units: money, hours and days, Yes/No, lists", () => {
    expect(
      words({
        area: "settings",
        changes: {
          flatFeeCents: [2000, 1250],
          unpaidReminderHours: [24, 1],
          unpaidCancelDays: [3, 5],
          requireTwoFactor: [false, true],
          newOrderEmails: [[], ["a@example.com", "b@example.com"]],
          logoUrl: [null, "/images/logo.webp"],
        },
      }),
    ).toEqual([
      // In the Settings screen's order.
      "Logo: none → /images/logo.webp",
      "Payment reminder after: 24 hours → 1 hour",
      "Cancel unpaid orders after: 3 days → 5 days",
      "Shipping fee: $20.00 → $12.50",
      "New order emails: none → a@example.com, b@example.com",
      "Two-factor required for every admin: No → Yes",
    ]);
  });

  it("reads a coupon: its minimum order as money, its days in the store's time zone", () => {
    expect(words({ area: "coupons", changes: { minOrderCents: [5000, 6000] } })).toEqual([
      "Minimum order: $50.00 → $60.00",
    ]);
    // A new coupon: its values, not changes from nothing. Starts at midnight in Vancouver (07:00
    // UTC: BC keeps UTC−7 from November 2026) and ends at 23:59:59.999 there: the days the owner
    // typed, not the UTC ones.
    expect(
      words({
        area: "coupons",
        action: "create",
        changes: {
          code: [null, "SAVE10"],
          type: [null, "fixed"],
          value: [null, 1000],
          maxUses: [null, null],
          startDate: [null, "2026-12-01T07:00:00.000Z"],
          endDate: [null, "2027-01-01T06:59:59.999Z"],
          isActive: [null, true],
        },
      }),
    ).toEqual([
      "Code: SAVE10",
      "Type: Dollar amount",
      "Value: $10.00",
      "Maximum uses: No limit",
      "Starts: Dec 1, 2026",
      "Ends: Dec 31, 2026",
      "Active: Yes",
    ]);
    expect(
      words({
        area: "coupons",
        changes: {
          value: [10, 15],
          type: "percentage",
          endDate: [null, "2027-01-01T06:59:59.999Z"],
        },
      }),
    ).toEqual(["Type: Percentage", "Value: 10% → 15%", "Ends: No end date → Dec 31, 2026"]);
  });

  it("says a stock change as one sentence: product, size, before → after and the reason", () => {
    const stock = { area: "stock", recordLabel: "Pink Kush" };
    expect(
      words({ ...stock, changes: { size: "28g", stock: [10, 12], reason: "received" } }),
    ).toEqual(["Stock of Pink Kush — 28g: 10 → 12 (received)"]);
    expect(
      words({ ...stock, changes: { stock: [3, 0], reason: "lost", note: "Dropped a jar" } }),
    ).toEqual(["Stock of Pink Kush: 3 → 0 (lost or stolen: Dropped a jar)"]);
    const [line] = describeChanges(
      {
        ...stock,
        action: "update",
        recordType: "product",
        changes: { stock: [1, 2], reason: "count_correction" },
      },
      TZ,
    );
    expect(line).toEqual({
      label: "Stock of Pink Kush",
      before: "1",
      value: "2",
      note: "count correction",
    });
  });

  it("reads orders, shipments and refunds: statuses by name, money as written, lists as lists", () => {
    expect(
      words({ area: "orders", action: "status", changes: { status: ["shipped", "delivered"] } }),
    ).toEqual(["Status: Shipped → Delivered"]);
    expect(words({ area: "orders", changes: { shipment: ["shipped", "in_transit"] } })).toEqual([
      "Shipment: Shipped → In transit",
    ]);
    expect(
      words({
        area: "refunds",
        action: "create",
        changes: {
          creditNote: "BBS-00000012-R1",
          amount: "$56.00",
          tax: { GST: "$2.50", PST: "$3.50" },
          items: ["1 × Blue Dream (3.5g), restocked", "1 × Pre-roll"],
          refunded: ["$0.00", "$56.00"],
          cancelled: "Out of stock",
        },
      }),
    ).toEqual([
      "Credit note: BBS-00000012-R1",
      "Amount: $56.00",
      "Items: 1 × Blue Dream (3.5g), restocked, 1 × Pre-roll",
      "Tax: GST: $2.50, PST: $3.50",
      "Refunded to date: $0.00 → $56.00",
      "Cancelled, reason: Out of stock",
    ]);
  });

  it("reads products, staff, sign-in, taxes, images and exports", () => {
    expect(
      words({
        action: "create",
        changes: {
          category: [null, "flowers"],
          cannabisKind: [null, "dried"],
          thumbnails: [null, ["/a.webp", "/b.webp"]],
          stockAlertLevel: [null, 5],
        },
      }),
    ).toEqual([
      "Category: Flowers",
      "More images: 2 images",
      "Low-stock alert at: 5 units",
      "Cannabis class: Dried cannabis",
    ]);
    expect(
      words({
        area: "products",
        action: "bulk",
        changes: { action: "price", percent: 10, ids: ["a", "b"] },
      }),
    ).toEqual(["Action: Change the prices", "Price change: +10%", "Products: 2 products"]);
    expect(
      words({
        area: "staff",
        action: "role",
        changes: { role: ["manager", "staff"], status: ["invited", "active"] },
      }),
    ).toEqual(["Status: Invited → Active", "Role: Manager → Staff"]);
    expect(
      words({ area: "auth", action: "two-factor", changes: { twoFactor: ["off", "on"] } }),
    ).toEqual(["Two-factor: Off → On"]);
    expect(
      words({
        area: "taxes",
        action: "create",
        changes: {
          kind: "PST",
          ratePer100k: 7000,
          appliesToShipping: true,
          effectiveFrom: "2027-04-01",
        },
      }),
    ).toEqual(["Tax: PST", "Rate: 7%", "Applies to shipping: Yes", "Effective from: Apr 1, 2027"]);
    expect(
      words({
        area: "images",
        action: "create",
        changes: { size: 123_456, width: 1200, height: 1 },
      }),
    ).toEqual(["Size: 121 KB", "Width: 1,200 pixels", "Height: 1 pixel"]);
    expect(
      words({
        area: "exports",
        action: "export",
        changes: { area: "orders", from: "2026-11-01", q: "kush" },
      }),
    ).toEqual(["Search: kush", "Area: Orders", "From: Nov 1, 2026"]);
  });

  it("reads exports' filters, imports' choices, new records sent at once, and secrets", () => {
    expect(
      words({ area: "exports", action: "export", changes: { kind: "month", month: "2026-03" } }),
    ).toEqual(["Period: Calendar month", "Month: March 2026"]);
    expect(
      words({ area: "customers", action: "import", changes: { existing: "skip", consenting: 1 } }),
    ).toEqual(["Subscribed to the newsletter: 1", "Customers already on file: Left as they were"]);
    // A campaign written and sent in one step: its values, not "none → …".
    expect(
      words({
        area: "mailings",
        action: "send",
        changes: { name: [null, "Fall"], subject: [null, "Hi"], recipients: 3 },
      }),
    ).toEqual(["Name: Fall", "Subject: Hi", "Recipients: 3"]);
    // A refund of an amount (no items); its tax lines by their own labels.
    expect(
      words({
        area: "refunds",
        action: "create",
        changes: { items: [], tax: { "GST 5%": "$0.22", "PST 7%": "$0.31" } },
      }),
    ).toEqual(["Tax: GST 5%: $0.22, PST 7%: $0.31"]);
    expect(words({ area: "auth", changes: { password: "[redacted]" } })).toEqual([
      "Password: secret, not recorded",
    ]);
  });

  it("reads a field it does not know: its name in words, cents as money, Yes/No, the store's time", () => {
    expect(
      words({
        changes: {
          depositCents: [1234, 0],
          isFeatured: true,
          launchedAt: "2026-12-01T20:05:00.000Z",
          tags: ["new", "sale"],
          blurb: "x".repeat(400),
        },
      }),
    ).toEqual([
      `Blurb: ${"x".repeat(159)}…`,
      "Deposit: $12.34 → $0.00",
      "Featured: Yes",
      "Launched at: Dec 1, 2026, 1:05 p.m.",
      "Tags: new → sale",
    ]);
    expect(fieldLabel("minimumOrderAmountCents")).toBe("Minimum order amount");
  });

  it("writes instants in the browser from the texts its loader sent (no time-zone data there)", () => {
    const changes = { scheduledAt: "2026-12-01T08:30:00.000Z" };
    const texts = dateTexts({ changes }, TZ);
    const entry: AuditEntryText = {
      area: "mailings",
      action: "update",
      recordType: "campaign",
      recordLabel: "Spring",
      changes,
    };
    expect(describeChanges(entry, texts).map(changeLineText)).toEqual([
      "Scheduled for: Dec 1, 2026, 1:30 a.m.",
    ]);
  });

  it("names record types in words", () => {
    expect(recordTypeLabel("email-template")).toBe("Email template");
    expect(recordTypeLabel("admin")).toBe("Staff member");
    expect(recordTypeLabel("product")).toBe("Product");
  });
});
