import { typedDollarsToCents } from "~/lib/money";
import { describe, expect, it } from "vitest";
import {
  fullRefundRequest,
  lineNetCents,
  mulDivRound,
  NOTHING_REFUNDED,
  refundState,
  remainingOf,
  splitRefund,
  type RefundRequest,
  type RefundSplit,
  type RefundableOrder,
  type RefundedSoFar,
} from "~/lib/refund-math";
import { computeTaxLines, DEFAULT_TAX_RATES } from "~/lib/taxes";

/** An order as checkout prices it: lines, a discount, shipping, the province's tax lines. */
function order(options: {
  province: string;
  lines: [price: number, quantity: number][];
  discountCents?: number;
  shippingCents: number;
}): RefundableOrder {
  const lines = options.lines.map(([priceCents, quantity], i) => ({
    id: `line-${i + 1}`,
    priceCents,
    quantity,
    label: `Item ${i + 1}`,
  }));
  const subtotal = lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);
  const discountCents = options.discountCents ?? 0;
  const taxLines = computeTaxLines({
    rates: DEFAULT_TAX_RATES,
    province: options.province,
    day: "2026-06-01",
    goodsCents: subtotal - discountCents,
    shippingCents: options.shippingCents,
  }).map((t, i) => ({ id: `tax-${i + 1}`, ...t }));
  const tax = taxLines.reduce((sum, t) => sum + t.amountCents, 0);
  return {
    totalCents: subtotal - discountCents + options.shippingCents + tax,
    discountCents,
    shippingCents: options.shippingCents,
    lines,
    taxLines,
  };
}

/** What the refunds so far add up to, as the service reads it from the database. */
function after(splits: RefundSplit[]): RefundedSoFar {
  const so: RefundedSoFar = {
    totalCents: 0,
    goodsCents: 0,
    shippingCents: 0,
    lines: {},
    taxLines: {},
  };
  for (const s of splits) {
    so.totalCents += s.amountCents;
    so.goodsCents += s.goodsCents;
    so.shippingCents += s.shippingCents;
    for (const l of s.lines) {
      const done = (so.lines[l.id] ??= { quantity: 0, amountCents: 0 });
      done.quantity += l.quantity;
      done.amountCents += l.amountCents;
    }
    for (const t of s.taxLines) so.taxLines[t.id] = (so.taxLines[t.id] ?? 0) + t.amountCents;
  }
  return so;
}

/** Makes the refunds one after another; each must succeed. */
function refundInTurn(o: RefundableOrder, requests: RefundRequest[]): RefundSplit[] {
  const splits: RefundSplit[] = [];
  for (const request of requests) {
    const split = splitRefund(o, after(splits), request);
    if (!split.ok) throw new Error(split.message);
    expect(split.amountCents).toBe(split.goodsCents + split.shippingCents + split.taxCents);
    expect(split.taxCents).toBe(split.taxLines.reduce((sum, t) => sum + t.amountCents, 0));
    splits.push(split);
  }
  return splits;
}

function splitOk(split: ReturnType<typeof splitRefund>): RefundSplit {
  if (!split.ok) throw new Error(split.message);
  return split;
}

function expectRefundedInFull(o: RefundableOrder, splits: RefundSplit[]) {
  const done = after(splits);
  expect(done.totalCents).toBe(o.totalCents);
  for (const t of o.taxLines) expect(done.taxLines[t.id], t.label).toBe(t.amountCents);
  expect(done.shippingCents).toBe(o.shippingCents);
  const remaining = remainingOf(o, done);
  expect(remaining.totalCents).toBe(0);
  expect(remaining.goodsCents).toBe(0);
}

const items = (
  lines: [id: string, quantity: number][],
  shippingCents = 0,
  restock = true,
): RefundRequest => ({
  kind: "items",
  lines: lines.map(([id, quantity]) => ({ id, quantity, restock })),
  shippingCents,
});

describe("mulDivRound", () => {
  it("rounds half up, exactly, even past 2^53", () => {
    expect(mulDivRound(1, 1, 2)).toBe(1);
    expect(mulDivRound(1, 1, 3)).toBe(0);
    expect(mulDivRound(2, 1, 3)).toBe(1);
    expect(mulDivRound(0, 5, 7)).toBe(0);
    expect(mulDivRound(99_999_999_999, 99_999_999, 100_000_000)).toBe(99_999_998_999);
  });
});

describe("lineNetCents: the discount shared over the lines", () => {
  it("adds up to the discount exactly, the odd cent to the largest remainder", () => {
    const net = lineNetCents({
      discountCents: 100,
      lines: [
        { id: "a", priceCents: 1, quantity: 1 },
        { id: "b", priceCents: 1, quantity: 1 },
        { id: "c", priceCents: 1, quantity: 1 },
      ],
    });
    // A discount above the goods is cut to the goods: no line goes below $0.00.
    expect([...net.values()].reduce((s, v) => s + v, 0)).toBe(0);
    const even = lineNetCents({
      discountCents: 100,
      lines: [
        { id: "c", priceCents: 100, quantity: 1 },
        { id: "a", priceCents: 100, quantity: 1 },
        { id: "b", priceCents: 100, quantity: 1 },
      ],
    });
    // 100 cents over three equal lines: 34 + 33 + 33, the odd cent to the first id.
    expect([even.get("a"), even.get("b"), even.get("c")]).toEqual([66, 67, 67]);
    const odd = lineNetCents({
      discountCents: 1000,
      lines: [
        { id: "a", priceCents: 333, quantity: 3 },
        { id: "b", priceCents: 1001, quantity: 1 },
        { id: "c", priceCents: 1, quantity: 7 },
      ],
    });
    // 2007 of goods less 1000 of discount.
    expect([...odd.values()].reduce((s, v) => s + v, 0)).toBe(1007);
    expect(odd.get("a")).toBe(999 - 498);
    expect(odd.get("b")).toBe(1001 - 499);
    expect(odd.get("c")).toBe(7 - 3);
  });
});

describe("splitRefund", () => {
  // BC: GST 5 % and PST 7 %, both on shipping. $19.99 × 3 and $45.00, 15 % off, $20 shipping.
  const bc = order({
    province: "BC",
    lines: [
      [1999, 3],
      [4500, 1],
    ],
    discountCents: 1575,
    shippingCents: 2000,
  });

  it("three partial refunds of every line return exactly the total, tax line by tax line", () => {
    expect(bc.taxLines.map((t) => t.label)).toEqual(["GST 5%", "PST 7%"]);
    const splits = refundInTurn(bc, [
      items([["line-1", 1]], 2000),
      items([["line-1", 2]]),
      items([["line-2", 1]]),
    ]);
    expectRefundedInFull(bc, splits);
    // The first: one unit's share of line 1 ($19.99 less its part of the discount) and shipping.
    const net1 = lineNetCents(bc).get("line-1")!;
    expect(splits[0]!.goodsCents).toBe(mulDivRound(net1, 1, 3));
    expect(splits[0]!.shippingCents).toBe(2000);
    // GST on what it gives back: 5 % of (goods + shipping), rounded half up.
    expect(splits[0]!.taxLines[0]!.amountCents).toBe(
      mulDivRound(
        bc.taxLines[0]!.amountCents,
        splits[0]!.goodsCents + 2000,
        bc.taxLines[0]!.taxableCents,
      ),
    );
  });

  it("odd cents: one unit at a time of a line of 7 returns its net to the cent", () => {
    const o = order({ province: "ON", lines: [[333, 7]], discountCents: 101, shippingCents: 2000 });
    const requests: RefundRequest[] = Array.from({ length: 7 }, () => items([["line-1", 1]]));
    requests.push(items([], 2000));
    const splits = refundInTurn(o, requests);
    expectRefundedInFull(o, splits);
    const goods = splits.map((s) => s.goodsCents);
    // 2331 - 101 = 2230 over 7 units: 318 or 319 each, never drifting.
    expect(goods.reduce((s, g) => s + g, 0)).toBe(2230);
    for (const g of goods.slice(0, 7)) expect([318, 319]).toContain(g);
  });

  it("shipping only: its tax lines give back the tax on shipping, the goods' stay", () => {
    const split = splitRefund(bc, NOTHING_REFUNDED, items([], 2000));
    if (!split.ok) throw new Error(split.message);
    expect(split.goodsCents).toBe(0);
    expect(split.lines).toEqual([]);
    expect(split.shippingCents).toBe(2000);
    expect(split.taxLines.map((t) => t.amountCents)).toEqual([100, 140]);
    expect(split.amountCents).toBe(2240);
    // Part of the shipping, then the rest.
    const splits = refundInTurn(bc, [
      items([], 999),
      items([], 1001),
      items([
        ["line-1", 3],
        ["line-2", 1],
      ]),
    ]);
    expect(splits[0]!.shippingCents + splits[1]!.shippingCents).toBe(2000);
    expectRefundedInFull(bc, splits);
  });

  it("Manitoba: RST is not on shipping, so a shipping refund gives back GST only", () => {
    const mb = order({ province: "MB", lines: [[2500, 2]], shippingCents: 2000 });
    expect(mb.taxLines.map((t) => t.label)).toEqual(["GST 5%", "RST 7%"]);
    const split = splitRefund(mb, NOTHING_REFUNDED, items([], 2000));
    if (!split.ok) throw new Error(split.message);
    expect(split.taxLines.map((t) => t.amountCents)).toEqual([100, 0]);
    const splits = refundInTurn(mb, [
      items([], 2000),
      items([["line-1", 1]]),
      items([["line-1", 1]]),
    ]);
    expectRefundedInFull(mb, splits);
  });

  it("Quebec: GST and QST (9.975 %) per tax line, in three pieces, exact", () => {
    const qc = order({
      province: "QC",
      lines: [
        [1234, 3],
        [999, 2],
        [5001, 1],
      ],
      discountCents: 777,
      shippingCents: 2000,
    });
    expect(qc.taxLines.map((t) => t.label)).toEqual(["GST 5%", "QST 9.975%"]);
    const splits = refundInTurn(qc, [
      items([
        ["line-1", 2],
        ["line-3", 1],
      ]),
      items([["line-2", 1]], 1500),
      items(
        [
          ["line-1", 1],
          ["line-2", 1],
        ],
        500,
      ),
    ]);
    expectRefundedInFull(qc, splits);
  });

  it("an amount is split over goods, shipping and each tax line in proportion to what remains", () => {
    const split = splitRefund(bc, NOTHING_REFUNDED, { kind: "amount", amountCents: 1000 });
    if (!split.ok) throw new Error(split.message);
    expect(split.amountCents).toBe(1000);
    expect(split.lines).toEqual([]);
    const remaining = remainingOf(bc, NOTHING_REFUNDED);
    const ratio = 1000 / remaining.totalCents;
    expect(Math.abs(split.goodsCents - remaining.goodsCents * ratio)).toBeLessThan(1);
    expect(Math.abs(split.shippingCents - 2000 * ratio)).toBeLessThan(1);
    for (const [i, t] of split.taxLines.entries())
      expect(Math.abs(t.amountCents - bc.taxLines[i]!.amountCents * ratio)).toBeLessThan(1);
    // Then the items and the rest: never more than the total, and exactly the total at the end.
    const splits = refundInTurn(bc, [
      { kind: "amount", amountCents: 1000 },
      items([["line-1", 3]], 2000 - split.shippingCents),
    ]);
    // What is left is line 2: the full-refund request takes it, and exactly the rest.
    const rest = fullRefundRequest(bc, after(splits));
    expect(rest).toEqual(items([["line-2", 1]], 0));
    splits.push(splitOk(splitRefund(bc, after(splits), rest)));
    expectRefundedInFull(bc, splits);
  });

  it("an amount equal to what remains refunds exactly the rest", () => {
    const first = refundInTurn(bc, [items([["line-2", 1]])]);
    const rest = remainingOf(bc, after(first)).totalCents;
    const splits = refundInTurn(bc, [
      items([["line-2", 1]]),
      { kind: "amount", amountCents: rest },
    ]);
    expectRefundedInFull(bc, splits);
  });

  it("random orders refunded in three random pieces always add up to their total", () => {
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let run = 0; run < 300; run++) {
      const province = ["BC", "QC", "MB", "ON", "AB", "SK", "NS"][random(7)]!;
      const lines = Array.from(
        { length: 1 + random(4) },
        () => [1 + random(9000), 1 + random(5)] as [number, number],
      );
      const subtotal = lines.reduce((s, [p, q]) => s + p * q, 0);
      const o = order({
        province,
        lines,
        discountCents: random(3) === 0 ? random(subtotal) : 0,
        shippingCents: random(2) ? 2000 : 0,
      });
      // Split every line's units and the shipping over three refunds.
      const requests: RefundRequest[] = [0, 1, 2].map(() => ({
        kind: "items",
        lines: [],
        shippingCents: 0,
      }));
      for (const line of o.lines) {
        let left = line.quantity;
        for (let r = 0; r < 3; r++) {
          const q = r === 2 ? left : random(left + 1);
          left -= q;
          if (q > 0)
            (requests[r] as Extract<RefundRequest, { kind: "items" }>).lines.push({
              id: line.id,
              quantity: q,
              restock: true,
            });
        }
      }
      (requests[2] as Extract<RefundRequest, { kind: "items" }>).shippingCents = o.shippingCents;
      const splits: RefundSplit[] = [];
      for (const request of requests) {
        const split = splitRefund(o, after(splits), request);
        // A piece with nothing in it (or worth $0.00 after the discount) is refused, not stored.
        if (!split.ok) {
          expect(split.status, split.message).toBeGreaterThanOrEqual(400);
          continue;
        }
        splits.push(split);
      }
      expectRefundedInFull(o, splits);
    }
  });
});

describe("splitRefund refuses", () => {
  const on = order({ province: "ON", lines: [[4000, 2]], shippingCents: 2000 });

  it("more units than are left, another order's line, too much shipping, nothing, and amounts out of range", () => {
    const first = splitRefund(on, NOTHING_REFUNDED, items([["line-1", 1]]));
    if (!first.ok) throw new Error(first.message);
    const done = after([first]);
    const over = splitRefund(on, done, items([["line-1", 2]]));
    expect(over).toMatchObject({ ok: false, status: 422 });
    expect(!over.ok && over.errors?.["lines.0.quantity"]).toMatch(
      /at most 1 of Item 1: only 1 is left/,
    );
    expect(splitRefund(on, done, items([["line-9", 1]]))).toMatchObject({ ok: false, status: 400 });
    expect(
      splitRefund(
        on,
        done,
        items([
          ["line-1", 1],
          ["line-1", 1],
        ]),
      ),
    ).toMatchObject({ ok: false, status: 400 });
    expect(splitRefund(on, done, items([], 2001))).toMatchObject({
      ok: false,
      status: 422,
      errors: { shipping: "At most $20.00 of shipping is left to refund." },
    });
    expect(splitRefund(on, done, items([["line-1", 0]]))).toMatchObject({ ok: false, status: 400 });
    expect(splitRefund(on, done, { kind: "amount", amountCents: 0 })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(splitRefund(on, done, { kind: "amount", amountCents: -5 })).toMatchObject({
      ok: false,
      status: 400,
    });
    const rest = on.totalCents - first.amountCents;
    expect(splitRefund(on, done, { kind: "amount", amountCents: rest + 1 })).toMatchObject({
      ok: false,
      status: 422,
    });
    const all = splitRefund(on, done, { kind: "amount", amountCents: rest });
    expect(all).toMatchObject({ ok: true, amountCents: rest });
    const full = after([first, all as RefundSplit]);
    expect(splitRefund(on, full, { kind: "amount", amountCents: 1 })).toMatchObject({
      ok: false,
      status: 422,
      message: "This order has been refunded in full: nothing remains to refund.",
    });
  });
});

describe("refundState", () => {
  it("is derived from what was refunded against the total", () => {
    expect(refundState({ totalAmountCents: 1000, refundedCents: 0 })).toBeNull();
    expect(refundState({ totalAmountCents: 1000, refundedCents: 1 })).toBe("partly_refunded");
    expect(refundState({ totalAmountCents: 1000, refundedCents: 1000 })).toBe("refunded");
  });
});

describe("typedDollarsToCents (the amounts staff type in refunds and coupons)", () => {
  it("reads dollars with or without cents, a dollar sign and thousands separators", () => {
    expect(typedDollarsToCents("20")).toBe(2000);
    expect(typedDollarsToCents("12.5")).toBe(1250);
    expect(typedDollarsToCents(" $1,234.56 ")).toBe(123456);
    expect(typedDollarsToCents("0.1")).toBe(10);
  });
  it("refuses what is not an amount: negatives, three decimals, words, more than 7 digits", () => {
    for (const typed of ["-5", "1.234", "ten", "", "12345678", "1e3", "."])
      expect(typedDollarsToCents(typed)).toBeNull();
  });
});
