import Papa from "papaparse";
import {
  checkImportRows,
  EMPTY_FILE,
  MAX_IMPORT_ROWS,
  NOT_CSV,
  NOT_UTF8,
  TOO_MANY_ROWS,
  type ImportRow,
} from "./customer-import";

/**
 * Reading customer CSV files (server only: papaparse stays out of the browser bundle).
 * Quotes, commas and line breaks inside quoted fields, a UTF-8 byte-order mark and CRLF line ends
 * are all papaparse's job; these functions add the checks a person needs a clear message for.
 */

type ParsedImport = { ok: true; rows: ImportRow[] } | { ok: false; message: string };

/** UTF-8 text of an upload, or the reason it is not a text file we can read. */
export function decodeCsvBytes(
  bytes: Uint8Array,
): { ok: true; text: string } | { ok: false; message: string } {
  if (bytes.length === 0) return { ok: false, message: EMPTY_FILE };
  // UTF-16 (what "Unicode text" exports from Excel are) has a byte-order mark of its own.
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    return { ok: false, message: NOT_UTF8 };
  if (bytes.includes(0)) return { ok: false, message: NOT_CSV };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { ok: false, message: NOT_UTF8 };
  }
  return { ok: true, text };
}

/** Parses and checks a customer CSV file, or says why the file cannot be used. */
export function parseImportCsv(bytes: Uint8Array): ParsedImport {
  const decoded = decodeCsvBytes(bytes);
  if (!decoded.ok) return decoded;
  const parsed = Papa.parse<string[]>(decoded.text.replace(/^\uFEFF/, ""), {
    skipEmptyLines: false,
    // One more than the limit (plus the header) tells "too many" without parsing a huge file.
    preview: MAX_IMPORT_ROWS + 2,
  });
  const table = parsed.data;
  while (table.length > 0 && table.at(-1)!.every((v) => !v.trim())) table.pop();
  if (table.length - 1 > MAX_IMPORT_ROWS) return { ok: false, message: TOO_MANY_ROWS };
  const checked = checkImportRows(table);
  if (!checked.ok) return checked;
  // A quote left open swallows the rest of the file into one cell: say so on its row.
  for (const error of parsed.errors) {
    if (error.type !== "Quotes" || error.row === undefined) continue;
    const n = error.row + 1;
    checked.rows
      .find((r) => r.row === n)
      ?.errors.push(`Row ${n}: Unclosed quote - check the quotes on this row`);
  }
  return checked;
}
