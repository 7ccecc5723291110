/**
 * CSV cells for spreadsheets. Text that a spreadsheet would read as a formula (starting with =, +,
 * -, @, a tab or a carriage return) is prefixed with ' so it stays text (OWASP "CSV injection").
 * Numbers are written as they are: they are ours, not typed by anyone.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

type Cell = string | number | null | undefined;

/** One CSV record without its line end. */
export function csvLine(cells: Cell[]): string {
  return cells.map(csvCell).join(",");
}

/** One CSV line (CRLF, as RFC 4180 and spreadsheets expect). */
export function csvRow(cells: Cell[]): string {
  return `${csvLine(cells)}\r\n`;
}
