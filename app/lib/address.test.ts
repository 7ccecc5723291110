import { describe, expect, it } from "vitest";
import { normalizePostalCode, postalCodeMatchesProvince, PROVINCES } from "./address";
import { normalizePhone } from "./phone";

describe("normalizePostalCode", () => {
  it("accepts A1A 1A1 in any case and spacing and normalises it", () => {
    expect(normalizePostalCode("k1a0b1")).toBe("K1A 0B1");
    expect(normalizePostalCode(" V6B 1A1 ")).toBe("V6B 1A1");
    expect(normalizePostalCode("m5v-3l9")).toBe("M5V 3L9");
  });

  it("refuses what Canada Post never issues", () => {
    expect(normalizePostalCode("")).toBeNull();
    expect(normalizePostalCode("12345")).toBeNull();
    expect(normalizePostalCode("K1A 0B")).toBeNull();
    expect(normalizePostalCode("D1A 0B1")).toBeNull(); // D is never used
    expect(normalizePostalCode("W1A 0B1")).toBeNull(); // W is never a first letter
    expect(normalizePostalCode("K1O 0B1")).toBeNull(); // O is never used
    expect(normalizePostalCode("K1A 0B1 X")).toBeNull();
  });
});

describe("postalCodeMatchesProvince", () => {
  it("checks the first letter against the province", () => {
    expect(postalCodeMatchesProvince("V6B 1A1", "BC")).toBe(true);
    expect(postalCodeMatchesProvince("K1A 0B1", "ON")).toBe(true);
    expect(postalCodeMatchesProvince("H2X 1Y4", "QC")).toBe(true);
    expect(postalCodeMatchesProvince("X0A 0H0", "NU")).toBe(true);
    expect(postalCodeMatchesProvince("V6B 1A1", "ON")).toBe(false);
    expect(postalCodeMatchesProvince("V6B 1A1", "ZZ")).toBe(false);
  });

  it("lists the 13 provinces and territories", () => {
    expect(PROVINCES).toHaveLength(13);
  });
});

describe("normalizePhone", () => {
  it("formats 10 digits (or 11 starting with 1) as xxx-xxx-xxxx", () => {
    expect(normalizePhone("(604) 555-0199")).toBe("604-555-0199");
    expect(normalizePhone("+1 416 555 0100")).toBe("416-555-0100");
    expect(normalizePhone("555-0100")).toBeNull();
    expect(normalizePhone("2 416 555 0100")).toBeNull();
  });
});
