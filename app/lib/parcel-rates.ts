/**
 * The owner's parcel rate table (docs/product/fulfilment.md#parcel-prices): what a Canada Post
 * parcel costs by its weight and where it goes, when the store is not connected to Canada Post's
 * live rates (and as their fallback). Pure: checkout, the settings form and the tests share it.
 */
export interface ParcelRateTable {
  /** The weight bands' upper limits in grams, increasing; one more band goes above the last. */
  bandLimitsGrams: number[];
  /** Zones by postal-code prefix (1 to 3 characters); the longest matching prefix wins. */
  zones: RateZone[];
  /** Fees of a postal code in no zone, one per band. */
  elsewhereFeesCents: number[];
}

export interface RateZone {
  name: string;
  prefixes: string[];
  /** One fee per band, in cents. */
  feesCents: number[];
}

/** The most bands and zones a table holds (a form row each). */
export const MAX_RATE_BANDS = 8;
export const MAX_RATE_ZONES = 20;

/** What a parcel of this weight to this (normalised) postal code costs by the table. */
export function rateTableFee(
  table: ParcelRateTable,
  grams: number,
  postalCode: string,
): { feeCents: number; zone: string; band: string } {
  let zone: RateZone | null = null;
  let matched = 0;
  for (const candidate of table.zones)
    for (const prefix of candidate.prefixes)
      if (postalCode.startsWith(prefix) && prefix.length > matched) {
        zone = candidate;
        matched = prefix.length;
      }
  const bandIndex = bandOf(table.bandLimitsGrams, grams);
  const fees = zone?.feesCents ?? table.elsewhereFeesCents;
  return {
    feeCents: fees[bandIndex]!,
    zone: zone?.name ?? "Everywhere else",
    band: bandLabels(table.bandLimitsGrams)[bandIndex]!,
  };
}

/** The band a weight falls in: the first whose limit it does not pass, else the last (above all). */
function bandOf(limits: readonly number[], grams: number): number {
  const index = limits.findIndex((limit) => grams <= limit);
  return index === -1 ? limits.length : index;
}

/** "Up to 500 g", "Up to 1 kg", …, "Over 2 kg": one per band. */
export function bandLabels(limits: readonly number[]): string[] {
  const last = limits[limits.length - 1];
  return [
    ...limits.map((limit) => `Up to ${weightText(limit)}`),
    last === undefined ? "Any weight" : `Over ${weightText(last)}`,
  ];
}

/** 500 → "500 g", 1000 → "1 kg", 2500 → "2.5 kg". */
export function weightText(grams: number): string {
  return grams < 1000 ? `${grams} g` : `${Number((grams / 1000).toFixed(3))} kg`;
}

/** A zone's fees as the form shows them: "9.50, 12.00, 16.00". */
export function feesText(feesCents: readonly number[]): string {
  return feesCents.map((cents) => (cents / 100).toFixed(2)).join(", ");
}
