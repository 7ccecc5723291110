import type { Failure } from "~/lib/errors";
import { changedFields, recordAudit, type AuditActor } from "../audit/audit-log.server";
import { and, eq, gt } from "drizzle-orm";
import { provinceName, type ProvinceCode } from "~/lib/address";
import { provinceMethods, type FulfilmentMethod } from "~/lib/fulfilment";
import {
  DEFAULT_PROVINCE_RULES,
  ratesInForce,
  type ProvinceRule,
  type TaxKind,
  type TaxRate,
} from "~/lib/taxes";
import { isUniqueViolation } from "../db-errors.server";
import { db } from "../db.server";
import {
  listProvinceRules,
  listTaxRates,
  storeDefaultRatesIfMissing,
  taxDay,
  type StoredTaxRate,
} from "./taxes.server";
import { provinceRules, salesTaxRates } from "../db-tables";

export interface ProvinceSummary extends ProvinceRule {
  /** The rates in force today, and the next change already scheduled (if any). */
  inForce: TaxRate[];
  nextChange: string | null;
}

/** The settings list: the 13 provinces with their rule, today's taxes and the next change. */
export async function listProvinceSettings(now = new Date()): Promise<ProvinceSummary[]> {
  const today = taxDay(now);
  const [rules, rates] = await Promise.all([listProvinceRules(), listTaxRates()]);
  return rules.map((rule) => {
    const own = rates.filter((r) => r.province === rule.province);
    const upcoming = own.filter((r) => r.effectiveFrom > today).map((r) => r.effectiveFrom);
    return {
      ...rule,
      inForce: ratesInForce(own, rule.province, today),
      nextChange: upcoming.sort()[0] ?? null,
    };
  });
}

export type RateState = "in-force" | "scheduled" | "replaced";

export interface ProvinceSettings {
  rule: ProvinceRule;
  today: string;
  rates: (StoredTaxRate & { state: RateState })[];
}

/** One province: its rule and every rate it has had or will have, newest first. */
export async function getProvinceSettings(
  province: ProvinceCode,
  now = new Date(),
): Promise<ProvinceSettings> {
  const today = taxDay(now);
  const [rules, rates] = await Promise.all([
    listProvinceRules(),
    listTaxRates({ provinces: [province] }),
  ]);
  const current = ratesInForce(rates, province, today);
  const state = (rate: StoredTaxRate): RateState =>
    rate.effectiveFrom > today
      ? "scheduled"
      : current.some((c) => c.kind === rate.kind && c.effectiveFrom === rate.effectiveFrom)
        ? "in-force"
        : "replaced";
  return {
    rule: rules.find((r) => r.province === province)!,
    today,
    rates: rates
      .map((rate) => ({ ...rate, state: state(rate) }))
      .sort(
        (a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom) || a.kind.localeCompare(b.kind),
      ),
  };
}

/**
 * Saves whether the store ships to a province, the methods it offers there (kept within what the
 * province's law allows: docs/product/fulfilment.md) and the age its shoppers confirm.
 */
export async function updateProvinceRule(options: {
  province: ProvinceCode;
  ships: boolean;
  minimumAge: number;
  /** Absent: the methods stay as they are. */
  methods?: FulfilmentMethod[];
  actor: AuditActor;
  now?: Date;
}) {
  const now = options.now ?? new Date();
  await db().transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(provinceRules)
      .where(eq(provinceRules.province, options.province))
      .for("update");
    const methods = options.methods
      ? provinceMethods(options.province, options.methods)
      : (before?.methods ?? null);
    const rule = { ships: options.ships, minimumAge: options.minimumAge, methods };
    const values = { ...rule, updatedAt: now, updatedBy: options.actor.name };
    await tx
      .insert(provinceRules)
      .values({ province: options.province, ...values })
      .onConflictDoUpdate({ target: provinceRules.province, set: values });
    const changes = changedFields(
      before ?? DEFAULT_PROVINCE_RULES.find((r) => r.province === options.province),
      rule,
      ["ships", "minimumAge", "methods"],
    );
    if (Object.keys(changes).length > 0)
      await recordAudit(tx, {
        actor: options.actor,
        area: "taxes",
        action: "update",
        record: provinceRecord(options.province),
        changes,
      });
  });
}

const provinceRecord = (province: ProvinceCode) => ({
  type: "province",
  id: province,
  label: provinceName(province),
});

/** Done, or why not, with the form field the message belongs to. */
type RateResult = { ok: true } | (Failure & { field: string });

/**
 * Schedules a rate: from its day on it replaces the province's rate of that kind (orders already
 * placed keep the taxes stored on them). Today or later only: the past is what orders were charged.
 */
export async function addTaxRate(options: {
  province: ProvinceCode;
  kind: TaxKind;
  ratePer100k: number;
  appliesToShipping: boolean;
  effectiveFrom: string;
  actor: AuditActor;
  now?: Date;
}): Promise<RateResult> {
  const today = taxDay(options.now ?? new Date());
  if (options.effectiveFrom < today)
    return {
      ok: false,
      status: 400,
      field: "effectiveFrom",
      message: "The effective date must be today or later: past orders keep the taxes they paid",
    };
  try {
    await db().transaction(async (tx) => {
      await storeDefaultRatesIfMissing(tx, options.province);
      await tx.insert(salesTaxRates).values({
        province: options.province,
        kind: options.kind,
        ratePer100k: options.ratePer100k,
        appliesToShipping: options.appliesToShipping,
        effectiveFrom: options.effectiveFrom,
        createdBy: options.actor.name,
      });
      await recordAudit(tx, {
        actor: options.actor,
        area: "taxes",
        action: "create",
        record: provinceRecord(options.province),
        changes: {
          kind: options.kind,
          ratePer100k: options.ratePer100k,
          appliesToShipping: options.appliesToShipping,
          effectiveFrom: options.effectiveFrom,
        },
      });
    });
    return { ok: true };
  } catch (error) {
    if (isUniqueViolation(error, "sales_tax_rates_key"))
      return {
        ok: false,
        status: 409,
        field: "effectiveFrom",
        message: `There is already a ${options.kind} rate from ${options.effectiveFrom}. Remove it first.`,
      };
    throw error;
  }
}

/** Removes a scheduled rate before it takes effect; a rate in force or past stays (history). */
export async function deleteScheduledRate(options: {
  province: ProvinceCode;
  rateId: string;
  actor: AuditActor;
  now?: Date;
}): Promise<RateResult> {
  const today = taxDay(options.now ?? new Date());
  const removed = await db().transaction(async (tx) => {
    const gone = await tx
      .delete(salesTaxRates)
      .where(
        and(
          eq(salesTaxRates.id, options.rateId),
          eq(salesTaxRates.province, options.province),
          gt(salesTaxRates.effectiveFrom, today),
        ),
      )
      .returning({
        kind: salesTaxRates.kind,
        ratePer100k: salesTaxRates.ratePer100k,
        effectiveFrom: salesTaxRates.effectiveFrom,
      });
    if (gone[0])
      await recordAudit(tx, {
        actor: options.actor,
        area: "taxes",
        action: "delete",
        record: provinceRecord(options.province),
        changes: gone[0],
      });
    return gone;
  });
  return removed.length > 0
    ? { ok: true }
    : {
        ok: false,
        status: 404,
        field: "form",
        message: "Only a rate that has not taken effect yet can be removed.",
      };
}
