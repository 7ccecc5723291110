import { MINIMUM_PARCEL_GRAMS, proofOfAge } from "./fulfilment";
import { DEFAULT_PROVINCE_RULES, STORE_MINIMUM_AGE } from "./taxes";

/**
 * A Canada Post parcel's weight and the words staff buy its label by
 * (docs/product/fulfilment.md#parcels-proof-of-age-and-weight). Pure: the packing slips, the
 * Shipping screen and the shipment's record use the same rules.
 */

export interface ParcelLine {
  /** One unit as it goes in a parcel, package and all; null when nobody has weighed it. */
  packedGrams: number | null;
  quantity: number;
  /** How the line is named when its weight is missing: "Blue Dream 3.5g". */
  label: string;
}

export interface ParcelWeight {
  /** The known packed weights, raised to Canada Post's minimum. */
  grams: number;
  /** What the known packed weights add up to, before the minimum. */
  packedGrams: number;
  /** The sum was under the minimum: the parcel is packed up to it. */
  raised: boolean;
  /** The lines without a packed weight, each named once: the parcel must be weighed. */
  missing: string[];
}

export function parcelWeight(lines: readonly ParcelLine[]): ParcelWeight {
  let packedGrams = 0;
  const missing: string[] = [];
  for (const line of lines) {
    if (line.packedGrams === null) {
      if (!missing.includes(line.label)) missing.push(line.label);
    } else packedGrams += line.packedGrams * line.quantity;
  }
  const raised = packedGrams < MINIMUM_PARCEL_GRAMS;
  return { grams: raised ? MINIMUM_PARCEL_GRAMS : packedGrams, packedGrams, raised, missing };
}

/** A parcel as staff buy its label: the order's Proof of Age code and the weight. */
export interface Parcel extends ParcelWeight {
  proofOfAge: string;
}

/** What an order says of how it goes, for its parcel. */
export interface ParcelOrder {
  fulfilmentMethod: string;
  /** Recorded when the order was placed (null for an order placed before it was). */
  proofOfAge: string | null;
  /** The destination's province code. */
  province: string;
}

/** An order's line as printed: its name, size, quantity and one unit's packed weight. */
export interface PackedItem {
  name: string;
  size: string | null;
  quantity: number;
  packedGrams: number | null;
}

/**
 * An order's parcel, or null when it is not sent by Canada Post (local delivery, pickup). An order
 * placed before orders recorded their Proof of Age takes its province's legal age.
 */
export function orderParcel(order: ParcelOrder, items: readonly PackedItem[]): Parcel | null {
  if (order.fulfilmentMethod !== "parcel") return null;
  const legalAge =
    DEFAULT_PROVINCE_RULES.find((rule) => rule.province === order.province)?.minimumAge ??
    STORE_MINIMUM_AGE;
  return {
    proofOfAge: order.proofOfAge ?? proofOfAge(legalAge),
    ...parcelWeight(
      items.map((item) => ({
        packedGrams: item.packedGrams,
        quantity: item.quantity,
        label: item.size ? `${item.name} ${item.size}` : item.name,
      })),
    ),
  };
}

/**
 * A shipment's parcel: what its shipment recorded (when the order went to processing, and again
 * when it shipped) over what its sizes' packed weights say now. A recorded weight was complete.
 */
export function recordedParcel(
  parcel: Parcel,
  recorded: { proofOfAge: string | null; weightGrams: number | null },
): Parcel {
  const proofOfAge = recorded.proofOfAge ?? parcel.proofOfAge;
  if (recorded.weightGrams === null) return { ...parcel, proofOfAge };
  return {
    proofOfAge,
    grams: recorded.weightGrams,
    packedGrams: parcel.packedGrams,
    raised: parcel.raised && recorded.weightGrams === MINIMUM_PARCEL_GRAMS,
    missing: [],
  };
}

/**
 * What the packing slip and the Shipping screen say of a parcel: the label line first, then what
 * to do about its weight, if anything.
 * - "Canada Post: buy the label with Proof of Age PA19 · parcel 120 g"
 * - "Under 50 g (38 g packed): pack it up to 50 g, Canada Post's minimum for a cannabis parcel."
 * - "Weigh the parcel: no packed weight for Blue Dream 3.5g, Papers." (the weight then says
 *   "at least": only the weighed lines count in it)
 */
export function parcelNotes(parcel: Parcel): { label: string; notes: string[] } {
  const weight = parcel.missing.length > 0 ? `at least ${parcel.grams} g` : `${parcel.grams} g`;
  const notes: string[] = [];
  if (parcel.missing.length > 0)
    notes.push(`Weigh the parcel: no packed weight for ${parcel.missing.join(", ")}.`);
  else if (parcel.raised)
    notes.push(
      `Under ${MINIMUM_PARCEL_GRAMS} g (${parcel.packedGrams} g packed): pack it up to ${MINIMUM_PARCEL_GRAMS} g, Canada Post's minimum for a cannabis parcel.`,
    );
  return {
    label: `Canada Post: buy the label with Proof of Age ${parcel.proofOfAge} · parcel ${weight}`,
    notes,
  };
}
