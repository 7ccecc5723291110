/**
 * The customer CSV import's rules (docs/product/customers-and-marketing.md#customer-csv-import) as
 * pure functions: which columns are required, how each row is checked (with its exact messages) and
 * cleaned. The server parses the file with papaparse and runs these; unit tests cover each message.
 */

import { countText } from "./text";

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 50_000;
const IMPORT_ADDRESS_DEFAULT = "Address not provided";

export const FIX_ERRORS_FIRST = "Please fix the errors before importing";
export const NOTHING_TO_IMPORT = "No valid customers to import";
export const FILE_TOO_LARGE = "This file is larger than 5 MB. Split it into smaller files.";
export const TOO_MANY_ROWS = `This file has more than ${MAX_IMPORT_ROWS.toLocaleString("en-CA")} rows. Split it into smaller files.`;
export const NOT_UTF8 =
  'This file is not UTF-8 text. Save it as "CSV UTF-8 (comma delimited)" and try again.';
export const NOT_CSV =
  "This file is not a CSV file (it looks like binary data). Choose a .csv file.";
export const EMPTY_FILE = "This file is empty. Choose a CSV file with a header row and customers.";

export function importedMessage(count: number): string {
  return `Successfully imported ${countText(count, "customer")}!`;
}

interface ImportColumns {
  name: number;
  email: number;
  phone: number;
  address?: number;
  consent?: number;
}

const REQUIRED = ["name", "email", "phone"] as const;

/** The first header cell that is `word` exactly, else the first that contains it. */
function findColumn(headers: string[], words: string[], taken: Set<number>): number | undefined {
  for (const exact of [true, false]) {
    const index = headers.findIndex(
      (h, i) => !taken.has(i) && words.some((w) => (exact ? h === w : h.includes(w))),
    );
    if (index >= 0) return index;
  }
  return undefined;
}

/**
 * Finds the columns by their header ("Name", "Customer Name", "Email Address", "Phone Number" …,
 * any case). Name, email and phone are required: 'Missing required columns: …' names the missing.
 */
export function findImportColumns(
  header: string[],
): { ok: true; columns: ImportColumns } | { ok: false; message: string } {
  const headers = header.map((h) => h.trim().toLowerCase().replace(/\s+/g, " "));
  const taken = new Set<number>();
  const pick = (words: string[]) => {
    const index = findColumn(headers, words, taken);
    if (index !== undefined) taken.add(index);
    return index;
  };
  // Email and phone first, so "Email" is never taken for a column whose header merely has "name".
  const email = pick(["email", "e-mail", "email address"]);
  const phone = pick(["phone", "phone number", "telephone", "mobile"]);
  const consent = pick(["marketing consent", "consent", "accepts marketing", "newsletter"]);
  const name = pick(["name", "customer name", "full name"]);
  const address = pick(["address", "street"]);
  const found = { name, email, phone };
  const missing = REQUIRED.filter((column) => found[column] === undefined);
  if (missing.length > 0)
    return { ok: false, message: `Missing required columns: ${missing.join(", ")}` };
  return { ok: true, columns: { name: name!, email: email!, phone: phone!, address, consent } };
}

/** "mARY  o'neil-smith" → "Mary O'neil-Smith": each word (and each part after a hyphen) capitalised. */
export function capitaliseName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((word) =>
      word
        .toLowerCase()
        .replace(
          /(^|-)(\p{L})/gu,
          (_, start: string, letter: string) => start + letter.toUpperCase(),
        ),
    )
    .join(" ");
}

/** Phone cleanup: 10 digits; 11 starting with 1 drops the 1; 7 digits get 555 first. */
export function cleanImportPhone(phone: string): string | null {
  let digits = phone.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  else if (digits.length === 7) digits = `555${digits}`;
  if (digits.length !== 10) return null;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

// A simple email check, without the characters the outbox refuses in an address.
const EMAIL = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/;

/** Yes/no cells of the optional consent column; blank is no. Undefined when it is neither. */
function parseConsent(value: string): boolean | undefined {
  const v = value.trim().toLowerCase();
  if (["", "no", "n", "false", "0", "unsubscribed", "not subscribed"].includes(v)) return false;
  if (["yes", "y", "true", "1", "x", "subscribed", "opted in", "opt-in"].includes(v)) return true;
  return undefined;
}

export interface ImportRow {
  /** The row's line in the file as a spreadsheet numbers it (the header is row 1). */
  row: number;
  name: string;
  email: string;
  phone: string;
  address: string;
  consent: boolean;
  errors: string[];
}

const cell = (values: string[], index: number | undefined) =>
  index === undefined ? "" : (values[index] ?? "").trim();

/** Checks and cleans one data row; `errors` holds the messages for whatever is wrong. */
export function checkImportRow(values: string[], row: number, columns: ImportColumns): ImportRow {
  const raw = {
    name: cell(values, columns.name),
    email: cell(values, columns.email),
    phone: cell(values, columns.phone),
  };
  const result: ImportRow = {
    row,
    name: capitaliseName(raw.name),
    email: raw.email.toLowerCase(),
    phone: raw.phone,
    address: cell(values, columns.address) || IMPORT_ADDRESS_DEFAULT,
    consent: false,
    errors: [],
  };
  if (values.length < 3) {
    result.errors.push(`Row ${row}: Insufficient data`);
    return result;
  }
  const missing = REQUIRED.filter((field) => !raw[field]);
  if (missing.length > 0)
    result.errors.push(`Row ${row}: Missing required fields (${missing.join(", ")})`);
  if (raw.email && (!EMAIL.test(result.email) || result.email.length > 254))
    result.errors.push(`Row ${row}: Invalid email format - ${raw.email}`);
  if (raw.phone) {
    const phone = cleanImportPhone(raw.phone);
    if (phone) result.phone = phone;
    else
      result.errors.push(`Row ${row}: Invalid phone format - ${raw.phone} (should be 10 digits)`);
  }
  if (result.name.length > 200)
    result.errors.push(`Row ${row}: Name is too long (at most 200 characters)`);
  if (result.address.length > 500)
    result.errors.push(`Row ${row}: Address is too long (at most 500 characters)`);
  const consentCell = cell(values, columns.consent);
  const consent = parseConsent(consentCell);
  if (consent === undefined)
    result.errors.push(`Row ${row}: Invalid consent value - ${consentCell} (use yes or no)`);
  else result.consent = consent;
  return result;
}

/**
 * Every data row checked, plus the file's own problems: a header without the required columns, and
 * the same email twice in the file (the second and later rows are errors).
 */
export function checkImportRows(
  table: string[][],
): { ok: true; rows: ImportRow[] } | { ok: false; message: string } {
  const [header, ...data] = table;
  if (!header || header.every((h) => !h.trim())) return { ok: false, message: EMPTY_FILE };
  const found = findImportColumns(header);
  if (!found.ok) return found;
  const seen = new Map<string, number>();
  const rows: ImportRow[] = [];
  data.forEach((values, i) => {
    // Blank lines (a trailing newline, spacing between blocks) are not rows; numbering keeps them.
    if (values.every((v) => !v.trim())) return;
    const row = checkImportRow(values, i + 2, found.columns);
    if (row.email && row.errors.length === 0) {
      const first = seen.get(row.email);
      if (first !== undefined)
        row.errors.push(`Row ${row.row}: Duplicate email - ${row.email} (also on row ${first})`);
      else seen.set(row.email, row.row);
    }
    rows.push(row);
  });
  return { ok: true, rows };
}
