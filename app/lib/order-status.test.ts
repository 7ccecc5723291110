import { describe, expect, it } from "vitest";
import {
  orderStatusLabel,
  invoiceStatusFor,
  nextOrderStatuses,
  nextShipmentStatuses,
  normalizeTrackingNumber,
  transitionRefusal,
} from "./order-status";

describe("order transitions", () => {
  it("allows only the designed moves", () => {
    expect(nextOrderStatuses("pending")).toEqual(["paid", "cancelled"]);
    expect(nextOrderStatuses("paid")).toEqual(["processing", "cancelled"]);
    expect(nextOrderStatuses("processing")).toEqual(["shipped", "cancelled"]);
    expect(nextOrderStatuses("shipped")).toEqual(["delivered"]);
    expect(nextOrderStatuses("delivered")).toEqual(["completed"]);
    expect(nextOrderStatuses("completed")).toEqual([]);
    expect(nextOrderStatuses("cancelled")).toEqual([]);
    expect(nextOrderStatuses("bogus")).toEqual([]);
  });

  it("explains a refused move", () => {
    expect(transitionRefusal("pending", "paid")).toBeNull();
    expect(transitionRefusal("shipped", "cancelled")).toBe(
      "An order that is Shipped cannot be marked Cancelled. From Shipped it can only become Delivered.",
    );
    expect(transitionRefusal("completed", "pending")).toBe(
      "An order that is Completed cannot be marked Pending. Completed is final.",
    );
    // Never a move to where it is (a second tab, a replayed form): no "Shipped → Shipped".
    expect(transitionRefusal("shipped", "shipped")).toBe(
      "This order is already Shipped: it cannot be marked Shipped again.",
    );
  });

  it("invoice status follows the order", () => {
    expect(invoiceStatusFor("pending")).toBe("pending");
    expect(invoiceStatusFor("cancelled")).toBe("cancelled");
    for (const s of ["paid", "processing", "shipped", "delivered", "completed"])
      expect(invoiceStatusFor(s)).toBe("paid");
  });

  it("shipments move forward only", () => {
    expect(nextShipmentStatuses("preparing")).toEqual(["shipped"]);
    expect(nextShipmentStatuses("shipped")).toEqual(["in_transit", "delivered"]);
    expect(nextShipmentStatuses("in_transit")).toEqual(["delivered"]);
    expect(nextShipmentStatuses("delivered")).toEqual([]);
  });
});

describe("Canada Post tracking numbers", () => {
  it.each([
    ["1234 5678 9012 3456", "1234567890123456"],
    ["123456789012", "123456789012"],
    ["rr123456789ca", "RR123456789CA"],
    ["RR-123-456-789-CA", "RR123456789CA"],
  ])("accepts %s", (input, expected) => {
    expect(normalizeTrackingNumber(input)).toBe(expected);
  });

  it.each(["", "12345", "12345678901234567", "RR123456789US", "ABCDEFGHIJKLMNOP", "1234567890ab"])(
    "refuses %j",
    (input) => {
      expect(normalizeTrackingNumber(input)).toBeNull();
    },
  );
});

describe("a delivery or pickup", () => {
  it("is handed over, never shipped, and the shopper reads its own words", () => {
    expect(nextOrderStatuses("paid", "pickup")).toEqual(["processing", "delivered", "cancelled"]);
    expect(nextOrderStatuses("processing", "delivery")).toEqual(["delivered", "cancelled"]);
    expect(transitionRefusal("processing", "shipped", "delivery")).toMatch(
      /can only become Delivered or Cancelled/,
    );
    expect(orderStatusLabel("processing", "pickup").label).toBe("Ready for pickup");
    expect(orderStatusLabel("delivered", "pickup").label).toBe("Picked up");
    expect(orderStatusLabel("processing").label).toBe("Being prepared");
  });
});
