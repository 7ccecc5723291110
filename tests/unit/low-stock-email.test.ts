import { describe, expect, it } from "vitest";
import {
  LOW_STOCK_EMAIL_MAX_LINES,
  renderLowStockEmail,
  type LowStockLine,
} from "~/server/email/templates/low-stock.server";

const line = (n: number, overrides: Partial<LowStockLine> = {}): LowStockLine => ({
  productName: `Product ${n}`,
  sku: `SKU-${n}`,
  size: "3.5g",
  stock: 2,
  alertLevel: 10,
  sold30Days: 4,
  ...overrides,
});

describe("the low-stock email", () => {
  it("escapes what staff typed and words one item in the singular", () => {
    const email = renderLowStockEmail({
      day: "2026-06-10",
      lines: [line(1, { productName: "<b>Kush</b>", stock: 1, size: null })],
    });
    expect(email.subject).toBe("Low stock: 1 item is at or under the alert level");
    expect(email.html).toContain("&lt;b&gt;Kush&lt;/b&gt;");
    expect(email.html).not.toContain("<b>Kush</b>");
    expect(email.text).toContain("1 item is at or under its alert level.");
    expect(email.text).toContain(
      "- <b>Kush</b>: 1 left (SKU-1, alert level 10, sold in 30 days: 4)",
    );
    // The day in the inbox's preview line as people write it, not "2026-06-10".
    expect(email.html).toContain("(June 10, 2026)");
    expect(email.html).not.toContain("2026-06-10");
  });

  it("lists at most 100 items and says how many more there are", () => {
    const lines = Array.from({ length: LOW_STOCK_EMAIL_MAX_LINES + 7 }, (_, i) => line(i));
    const email = renderLowStockEmail({ day: "2026-06-10", lines });
    expect(email.subject).toBe("Low stock: 107 items are at or under the alert level");
    expect(email.text.match(/^- Product/gm)).toHaveLength(100);
    // Each line names its size.
    expect(email.text).toContain("- Product 0 — 3.5g: 2 left (SKU-0, alert level 10");
    expect(email.text).toContain("…and 7 more: see the low-stock products.");
    expect(email.html).toContain("…and 7 more");
    expect(email.html).not.toContain("Product 100<");
  });
});
