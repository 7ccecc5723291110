/**
 * Lots (docs/product/lots-and-recalls.md#lots): the producer's lot number, its packaged-on and
 * expiry dates, its supplier and certificate of analysis. Pure rules shared by Adjust stock, the
 * product form, the CSV import and the lots screens.
 */
import { addDays, isCalendarDay, shortDay } from "./report-period";

/** The lot that holds stock from before lots were recorded: one per size, never typed by staff. */
export const UNRECORDED_LOT = "unrecorded";

export const LOT_NUMBER_MAX = 60;
export const SUPPLIER_MAX = 120;

/** How many days ahead the daily warning looks for lots about to expire, unless a setting says. */
export const DEFAULT_EXPIRY_WARNING_DAYS = 30;

export interface LotDetails {
  lotNumber: string;
  packagedOn: string | null;
  expiresOn: string | null;
  supplier: string | null;
  coaUrl: string | null;
}

/** A lot number as stored: trimmed, inner spaces collapsed. */
export function normalizeLotNumber(value: string): string {
  return value.trim().replace(/\s+/g, " ");
}

/** What is wrong with a typed lot number, or null. */
export function lotNumberProblem(value: string): string | null {
  const lot = normalizeLotNumber(value);
  if (!lot) return "Enter the lot number printed on the package.";
  if (lot.length > LOT_NUMBER_MAX) return `A lot number has at most ${LOT_NUMBER_MAX} characters.`;
  if (lot.toLowerCase() === UNRECORDED_LOT)
    return `"${UNRECORDED_LOT}" names the stock from before lots; enter the package's lot number.`;
  return null;
}

/** What is wrong with a lot's dates, or null: real days, the expiry not before the packaging. */
export function lotDatesProblem(
  packagedOn: string | null,
  expiresOn: string | null,
  today: string,
): { field: "packagedOn" | "expiresOn"; message: string } | null {
  if (packagedOn && !isCalendarDay(packagedOn))
    return { field: "packagedOn", message: "Enter the packaged-on date as YYYY-MM-DD." };
  if (expiresOn && !isCalendarDay(expiresOn))
    return { field: "expiresOn", message: "Enter the expiry date as YYYY-MM-DD." };
  if (packagedOn && packagedOn > addDays(today, 1))
    return { field: "packagedOn", message: "The packaged-on date cannot be in the future." };
  if (packagedOn && packagedOn < "2000-01-01")
    return { field: "packagedOn", message: "The packaged-on date is too far in the past." };
  if (packagedOn && expiresOn && expiresOn < packagedOn)
    return {
      field: "expiresOn",
      message: "The expiry date cannot be before the packaged-on date.",
    };
  if (expiresOn && expiresOn > "2100-12-31")
    return { field: "expiresOn", message: "The expiry date is too far in the future." };
  return null;
}

/** A certificate of analysis link: http(s) only. */
export function coaUrlProblem(value: string): string | null {
  if (!value) return null;
  if (value.length > 500) return "A link has at most 500 characters.";
  try {
    const url = new URL(value);
    if (url.protocol === "https:" || url.protocol === "http:") return null;
  } catch {
    // fall through
  }
  return "Enter the certificate's link starting with https://.";
}

/** The same lot received again must carry the same dates: else the number or a date is mistyped. */
export function lotConflict(
  stored: Pick<LotDetails, "lotNumber" | "packagedOn" | "expiresOn">,
  typed: Pick<LotDetails, "packagedOn" | "expiresOn">,
): string | null {
  const differs = (a: string | null, b: string | null) => a !== null && b !== null && a !== b;
  if (!differs(stored.packagedOn, typed.packagedOn) && !differs(stored.expiresOn, typed.expiresOn))
    return null;
  const dates = [
    stored.packagedOn && `packaged ${shortDay(stored.packagedOn)}`,
    stored.expiresOn && `expiring ${shortDay(stored.expiresOn)}`,
  ]
    .filter(Boolean)
    .join(", ");
  return `Lot ${stored.lotNumber} of this size is already recorded ${dates}. Check the lot number and the dates on the package.`;
}

/** How a lot number reads in the admin: the opening lot says what it is. */
export function lotLabel(lotNumber: string): string {
  return lotNumber === UNRECORDED_LOT ? "Unrecorded (stock from before lots)" : lotNumber;
}

/** The window the admin's "Expires in N days" badges use: the warning's setting, or 30 while it is off. */
export function expiryWindowDays(setting: number): number {
  return setting > 0 ? setting : DEFAULT_EXPIRY_WARNING_DAYS;
}

export type ExpiryState = "expired" | "expiring" | "ok" | "none";

/** Whether a lot has expired (its day has passed), expires within `warningDays`, or neither. */
export function expiryState(
  expiresOn: string | null,
  today: string,
  warningDays: number,
): ExpiryState {
  if (!expiresOn) return "none";
  if (expiresOn < today) return "expired";
  return expiresOn <= addDays(today, warningDays) ? "expiring" : "ok";
}

/** Whole days from `today` to `day` (both YYYY-MM-DD): 0 on the day itself, negative once past. */
export function daysUntil(today: string, day: string): number {
  return Math.round(
    (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
  );
}
