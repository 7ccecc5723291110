/**
 * An order's payment reference: eight characters a shopper types in the e-Transfer's message, like
 * "7KQ4-MXP2" (docs/product/payments.md). Seven characters encode the order number, scrambled so
 * that neighbouring orders do not look alike; the eighth is a check character.
 *
 * - The alphabet has 29 characters: the digits 2–9 and the letters without I, L, O, S and U, which
 *   are read as 1, 1, 0, 5 and V. Case does not matter; a dash or space between the halves is
 *   optional.
 * - The check: with the values v0…v6 of the seven characters and c of the check character,
 *   2·v0 + 3·v1 + … + 8·v6 + 1·c is a multiple of 29. As 29 is prime and the weights 1…8 are
 *   distinct, one wrong character, or two neighbouring characters swapped, always breaks it.
 * - The code follows from the order number alone, so it never changes (an edited order keeps it),
 *   needs no column, and two orders never share one.
 */

export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRTVWXYZ";
const BASE = 29n;
const PAYLOAD = 7;
const SPACE = BASE ** BigInt(PAYLOAD); // 29^7 = 17,249,876,309 codes
// The scramble x = (n·A + B) mod 29^7: A is not a multiple of 29, so every n has its own x.
const A = 3_690_419_257n;
const B = 5_215_902_671n;
const A_INVERSE = modularInverse(A, SPACE);
const WEIGHTS = [2, 3, 4, 5, 6, 7, 8];

const ORDER_NUMBER = /^BBS-(\d{1,11})$/;

/** The payment reference of an order number ("BBS-00001042" → "7KQ4-MXP2"), null if not one. */
export function paymentReference(orderNumber: string): string | null {
  const match = ORDER_NUMBER.exec(orderNumber);
  if (!match) return null;
  let x = (BigInt(match[1]!) * A + B) % SPACE;
  const values: number[] = [];
  for (let i = 0; i < PAYLOAD; i++) {
    values.unshift(Number(x % BASE));
    x /= BASE;
  }
  const code = [...values, checkValue(values)].map((v) => REFERENCE_ALPHABET[v]).join("");
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** The check character's value that makes the weighted sum a multiple of 29. */
function checkValue(values: number[]): number {
  const sum = values.reduce((total, value, i) => total + WEIGHTS[i]! * value, 0);
  return (29 - (sum % 29)) % 29;
}

function isValid(values: number[]): boolean {
  return checkValue(values.slice(0, PAYLOAD)) === values[PAYLOAD];
}

/** The order number a well-formed, valid reference stands for; null otherwise. */
export function orderNumberOfReference(reference: string): string | null {
  const values = referenceValues(reference);
  return values && isValid(values) ? orderNumberOf(values) : null;
}

function orderNumberOf(values: number[]): string {
  let x = 0n;
  for (const value of values.slice(0, PAYLOAD)) x = x * BASE + BigInt(value);
  const n = (((x - B) % SPACE) + SPACE) % SPACE;
  return `BBS-${String((n * A_INVERSE) % SPACE).padStart(8, "0")}`;
}

/** The eight values of "7KQ4-MXP2" / "7kq4mxp2"; null when it is not eight alphabet characters. */
function referenceValues(reference: string): number[] | null {
  const compact = reference.toUpperCase().replace(/[\s-]/g, "");
  if (compact.length !== PAYLOAD + 1) return null;
  const values = [...compact].map((char) => REFERENCE_ALPHABET.indexOf(char));
  return values.every((value) => value >= 0) ? values : null;
}

/** What a transfer's message says about the order it pays. */
export interface ReferenceReading {
  /** Order numbers of the valid references in the message (normally one). */
  exact: string[];
  /**
   * Order numbers one typing mistake away from a reference-shaped word whose check fails: one
   * character changed, or two neighbours swapped. The caller keeps those of orders that exist.
   */
  nearMisses: string[];
}

// Eight characters, optionally as two halves of four; not part of a longer word or number.
const CANDIDATE = /(?<![A-Z0-9])([A-Z0-9]{4})[ -]?([A-Z0-9]{4})(?![A-Z0-9])/g;

/** Finds payment references in a transfer's message (or any text). */
export function readReferences(text: string | null | undefined): ReferenceReading {
  const exact = new Set<string>();
  const nearMisses = new Set<string>();
  for (const match of (text ?? "").toUpperCase().matchAll(CANDIDATE)) {
    const values = referenceValues(match[1]! + match[2]!);
    if (!values) continue;
    if (isValid(values)) exact.add(orderNumberOf(values));
    else for (const variant of oneMistakeAway(values)) nearMisses.add(orderNumberOf(variant));
  }
  for (const number of exact) nearMisses.delete(number);
  return { exact: [...exact], nearMisses: [...nearMisses] };
}

/** The valid codes one substitution or one swap of neighbours away from `values`. */
function oneMistakeAway(values: number[]): number[][] {
  const found: number[][] = [];
  for (let i = 0; i < values.length; i++) {
    for (let v = 0; v < 29; v++) {
      if (v === values[i]) continue;
      const variant = values.with(i, v);
      if (isValid(variant)) found.push(variant);
    }
    if (i + 1 < values.length && values[i] !== values[i + 1]) {
      const swapped = values.with(i, values[i + 1]!).with(i + 1, values[i]!);
      if (isValid(swapped)) found.push(swapped);
    }
  }
  return found;
}

function modularInverse(a: bigint, m: bigint): bigint {
  let [oldR, r] = [a % m, m];
  let [oldS, s] = [1n, 0n];
  while (r !== 0n) {
    const q = oldR / r;
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  return ((oldS % m) + m) % m;
}
