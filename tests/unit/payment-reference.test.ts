import { describe, expect, it } from "vitest";
import {
  REFERENCE_ALPHABET,
  orderNumberOfReference,
  paymentReference,
  readReferences,
} from "~/lib/payment-reference";

const number = (n: number) => `BBS-${String(n).padStart(8, "0")}`;

describe("payment references", () => {
  it("are eight characters of the alphabet, distinct per order, and lead back to the order", () => {
    const seen = new Set<string>();
    for (let n = 1; n <= 5000; n++) {
      const reference = paymentReference(number(n))!;
      expect(reference).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
      expect([...reference.replace("-", "")].every((c) => REFERENCE_ALPHABET.includes(c))).toBe(
        true,
      );
      expect(orderNumberOfReference(reference)).toBe(number(n));
      seen.add(reference);
    }
    expect(seen.size).toBe(5000);
    expect(orderNumberOfReference(paymentReference(number(99_999_999))!)).toBe(number(99_999_999));
    expect(paymentReference("not an order")).toBeNull();
  });

  it("neighbouring orders look unalike", () => {
    const [a, b] = [paymentReference(number(1042))!, paymentReference(number(1043))!];
    const same = [...a].filter((c, i) => c === b[i]).length;
    expect(same).toBeLessThan(5);
  });

  it("catch every single wrong character and every swap of neighbours", () => {
    for (let n = 1; n <= 300; n++) {
      const code = paymentReference(number(n))!.replace("-", "");
      for (let i = 0; i < 8; i++) {
        for (const c of REFERENCE_ALPHABET) {
          if (c === code[i]) continue;
          const typo = code.slice(0, i) + c + code.slice(i + 1);
          expect(orderNumberOfReference(typo)).toBeNull();
        }
        if (i < 7 && code[i] !== code[i + 1]) {
          const swapped = code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2);
          expect(orderNumberOfReference(swapped)).toBeNull();
        }
      }
    }
  });

  it("are found in a message whatever the case and spacing, and typos point to their order", () => {
    const reference = paymentReference(number(77))!;
    const compact = reference.replace("-", "");
    expect(readReferences(`Order ${reference.toLowerCase()} thanks`).exact).toEqual([number(77)]);
    expect(readReferences(`pay ${compact.slice(0, 4)} ${compact.slice(4)}`).exact).toEqual([
      number(77),
    ]);
    expect(readReferences(`${compact}`).exact).toEqual([number(77)]);
    // Inside a longer word it is not a reference.
    expect(readReferences(`X${compact}9`).exact).toEqual([]);
    const wrong = [...REFERENCE_ALPHABET].find((c) => c !== compact[3])!;
    const typo = readReferences(`ref ${compact.slice(0, 3)}${wrong}${compact.slice(4)}`);
    expect(typo.exact).toEqual([]);
    expect(typo.nearMisses).toContain(number(77));
    expect(readReferences("Thanks for the great service").exact).toEqual([]);
    expect(readReferences(null)).toEqual({ exact: [], nearMisses: [] });
  });
});
