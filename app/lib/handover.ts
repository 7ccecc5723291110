/**
 * Handing an order over at the door or the counter (docs/product/fulfilment.md#handing-over):
 * the ID check and its outcome. Pure: the driver's form shows the same rules the server enforces.
 */

/** The photo ID a driver or the counter may accept, by what the record stores of it. */
export const ID_KINDS = [
  "drivers_licence",
  "provincial_id",
  "passport",
  "other_government",
] as const;
export type IdKind = (typeof ID_KINDS)[number];

export const ID_KIND_NAMES: Record<IdKind, string> = {
  drivers_licence: "Driver's licence",
  provincial_id: "Provincial photo ID card",
  passport: "Passport",
  other_government: "Other government photo ID",
};

/** Why an order was not handed over. */
export const REFUSAL_REASONS = ["no_id", "under_age", "intoxicated", "nobody_home"] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export const REFUSAL_REASON_NAMES: Record<RefusalReason, string> = {
  no_id: "No valid ID",
  under_age: "Under age",
  intoxicated: "Appeared intoxicated",
  nobody_home: "Nobody there",
};

export type HandoverResult = "delivered" | "refused";

export const HANDOVER_RESULT_NAMES: Record<HandoverResult, string> = {
  delivered: "Handed over",
  refused: "Refused",
};

export function isIdKind(value: unknown): value is IdKind {
  return ID_KINDS.includes(value as IdKind);
}

export function isRefusalReason(value: unknown): value is RefusalReason {
  return REFUSAL_REASONS.includes(value as RefusalReason);
}

/** The oldest birth year the form takes (a typo, not a shopper, before it). */
export const EARLIEST_BIRTH_YEAR = 1900;

/**
 * Whether a person born in `birthYear` is of `legalAge` in `currentYear`. The year alone decides
 * unless they turn that age this year: then only a birthday already passed (`birthdayPassed`) does.
 * The reason is the form's message when they are not (or when the year is not a year).
 */
export function ageCheck(input: {
  birthYear: number;
  legalAge: number;
  currentYear: number;
  birthdayPassed: boolean;
}): { ok: true } | { ok: false; field: "birthYear" | "birthdayPassed"; message: string } {
  const { birthYear, legalAge, currentYear } = input;
  if (!Number.isInteger(birthYear) || birthYear < EARLIEST_BIRTH_YEAR || birthYear > currentYear)
    return {
      ok: false,
      field: "birthYear",
      message: `Enter the year of birth on the ID, from ${EARLIEST_BIRTH_YEAR} to ${currentYear}.`,
    };
  const ageThisYear = currentYear - birthYear;
  if (ageThisYear > legalAge) return { ok: true };
  if (ageThisYear === legalAge) {
    if (input.birthdayPassed) return { ok: true };
    return {
      ok: false,
      field: "birthdayPassed",
      message: `Born in ${birthYear}, they turn ${legalAge} this year: check the birthday on the ID has passed and tick the box. If it has not, record the order as refused (under age).`,
    };
  }
  return {
    ok: false,
    field: "birthYear",
    message: `Born in ${birthYear}, they are under ${legalAge}: the order cannot be handed over. Record it as refused (under age).`,
  };
}
