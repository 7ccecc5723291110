import { asc, inArray } from "drizzle-orm";
import { PROVINCE_CODES, type ProvinceCode } from "~/lib/address";
import { dayOf } from "~/lib/coupons";
import { isFulfilmentMethod } from "~/lib/fulfilment";
import {
  computeTaxLines,
  DEFAULT_PROVINCE_RULES,
  DEFAULT_TAX_RATES,
  type ProvinceRule,
  type TaxKind,
  type TaxLine,
  type TaxRate,
  withTaxes,
} from "~/lib/taxes";
import type { Totals } from "~/lib/pricing";
import { config } from "../config.server";
import { db, type Executor, type Transaction } from "../db.server";
import { orderTaxLines, provinceRules, salesTaxRates } from "../db-tables";

/** The day an instant falls on in the store's time zone: the day whose rates apply to an order. */
export function taxDay(now: Date): string {
  return dayOf(now, config().STORE_TIMEZONE);
}

/** Every province's rule: its stored row, or the default for a province without one. */
export async function listProvinceRules(executor: Executor = db()): Promise<ProvinceRule[]> {
  const rows = await executor
    .select({
      province: provinceRules.province,
      ships: provinceRules.ships,
      minimumAge: provinceRules.minimumAge,
      methods: provinceRules.methods,
    })
    .from(provinceRules);
  const stored = new Map(rows.map((r) => [r.province, r]));
  return DEFAULT_PROVINCE_RULES.map((d) => {
    const row = stored.get(d.province);
    if (!row) return d;
    const { ships, minimumAge } = row;
    const methods = row.methods?.filter(isFulfilmentMethod) ?? null;
    return { province: d.province, ships, minimumAge, methods };
  });
}

export async function getProvinceRule(
  province: ProvinceCode,
  executor: Executor = db(),
): Promise<ProvinceRule> {
  const rules = await listProvinceRules(executor);
  return rules.find((r) => r.province === province)!;
}

export interface StoredTaxRate extends TaxRate {
  id: string | null;
  createdBy: string | null;
}

/**
 * The rates table, oldest first per province and kind. A province with no rows at all (a database
 * emptied by hand) follows DEFAULT_TAX_RATES, so an order is never left untaxed by accident.
 */
export async function listTaxRates(
  options: { provinces?: ProvinceCode[]; executor?: Executor } = {},
): Promise<StoredTaxRate[]> {
  const executor = options.executor ?? db();
  const provinces = options.provinces ?? [...PROVINCE_CODES];
  const rows = await executor
    .select({
      id: salesTaxRates.id,
      province: salesTaxRates.province,
      kind: salesTaxRates.kind,
      ratePer100k: salesTaxRates.ratePer100k,
      appliesToShipping: salesTaxRates.appliesToShipping,
      effectiveFrom: salesTaxRates.effectiveFrom,
      createdBy: salesTaxRates.createdBy,
    })
    .from(salesTaxRates)
    .where(inArray(salesTaxRates.province, provinces))
    .orderBy(
      asc(salesTaxRates.province),
      asc(salesTaxRates.effectiveFrom),
      asc(salesTaxRates.kind),
    );
  const withRows = new Set(rows.map((r) => r.province));
  const defaults = DEFAULT_TAX_RATES.filter(
    (r) => provinces.includes(r.province as ProvinceCode) && !withRows.has(r.province),
  ).map((r) => ({ ...r, id: null, createdBy: "default" }));
  return [...rows.map((r) => ({ ...r, kind: r.kind as TaxKind })), ...defaults];
}

/**
 * Writes the default rates of a province that has none, inside the caller's transaction, before
 * the owner adds a rate to it (otherwise the new rate would be its only one).
 */
export async function storeDefaultRatesIfMissing(tx: Transaction, province: ProvinceCode) {
  const existing = await tx
    .select({ id: salesTaxRates.id })
    .from(salesTaxRates)
    .where(inArray(salesTaxRates.province, [province]))
    .limit(1);
  if (existing.length > 0) return;
  const defaults = DEFAULT_TAX_RATES.filter((r) => r.province === province);
  if (defaults.length > 0)
    await tx
      .insert(salesTaxRates)
      .values(defaults.map((r) => ({ ...r, createdBy: "default" })))
      .onConflictDoNothing();
}

interface ProvinceQuote {
  rule: ProvinceRule;
  lines: TaxLine[];
}

/** What taxing an order shipped to a province needs: its rule and its rates. */
interface ProvinceTaxSetup {
  province: ProvinceCode;
  rule: ProvinceRule;
  rates: StoredTaxRate[];
}

export async function readProvinceTaxSetup(
  province: ProvinceCode,
  executor: Executor = db(),
): Promise<ProvinceTaxSetup> {
  const [rule, rates] = await Promise.all([
    getProvinceRule(province, executor),
    listTaxRates({ provinces: [province], executor }),
  ]);
  return { province, rule, rates };
}

/**
 * Totals with the province's taxes added: the goods after discount are taxed, shipping as each rate
 * says. Used by the cart quote and by placeOrder, so both always agree.
 */
export function applyProvinceTaxes(
  setup: ProvinceTaxSetup,
  totals: Totals,
  now: Date,
): ProvinceQuote & { totals: Totals & { taxCents: number } } {
  const lines = computeTaxLines({
    rates: setup.rates,
    province: setup.province,
    day: taxDay(now),
    goodsCents: totals.subtotalCents - totals.discountCents,
    shippingCents: totals.shippingCents,
  });
  return { rule: setup.rule, lines, totals: withTaxes(totals, lines) };
}

/** Stores an order's tax lines (in the order's transaction). */
export async function saveOrderTaxLines(tx: Transaction, orderId: string, lines: TaxLine[]) {
  if (lines.length === 0) return;
  await tx.insert(orderTaxLines).values(orderTaxLineValues(orderId, lines));
}

/** An order's tax lines as rows of `order_tax_lines`, in their order. */
export function orderTaxLineValues(orderId: string, lines: TaxLine[]) {
  return lines.map((line, position) => ({
    orderId,
    position,
    kind: line.kind,
    label: line.label,
    ratePer100k: line.ratePer100k,
    taxableCents: line.taxableCents,
    amountCents: line.amountCents,
  }));
}

/** The tax lines of some orders in one query, by order id (orders placed before taxes have none). */
export async function listOrderTaxLines(
  orderIds: string[],
  executor: Executor = db(),
): Promise<Map<string, TaxLine[]>> {
  const byOrder = new Map<string, TaxLine[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await executor
    .select()
    .from(orderTaxLines)
    .where(inArray(orderTaxLines.orderId, orderIds))
    .orderBy(asc(orderTaxLines.orderId), asc(orderTaxLines.position));
  for (const row of rows) {
    const line: TaxLine = {
      kind: row.kind as TaxKind,
      label: row.label,
      ratePer100k: row.ratePer100k,
      taxableCents: row.taxableCents,
      amountCents: row.amountCents,
    };
    byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), line]);
  }
  return byOrder;
}

export async function getOrderTaxLines(orderId: string, executor: Executor = db()) {
  return (await listOrderTaxLines([orderId], executor)).get(orderId) ?? [];
}
