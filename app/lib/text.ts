/**
 * At most `max` characters of a text on one line, cut at the last word boundary that fits and
 * ended with "…" when anything was left out (never mid-word).
 */
export function excerpt(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  const words = space > max / 2 ? cut.slice(0, space) : cut;
  return `${words.replace(/[\s,.;:!?-]+$/, "")}…`;
}

/** A whole number as staff read it: "12,500". */
export function formatCount(n: number): string {
  return n.toLocaleString("en-CA");
}

/** "850 KB", "1.2 MB", "3.4 GB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/**
 * A noun as counts write it: its singular when the plural adds an "s" ("order"), else both forms
 * (["province or territory", "provinces and territories"]).
 */
export type Noun = string | readonly [one: string, many: string];

/** The form of a noun that agrees with a count: "order" for 1, "orders" for 0, 2 or 1,000. */
export function nounFor(count: number, noun: Noun): string {
  if (typeof noun !== "string") return count === 1 ? noun[0] : noun[1];
  return count === 1 ? noun : `${noun}s`;
}

/** A count with its noun, the one way counts are written: "1 admin", "12,500 admins". */
export function countText(count: number, noun: Noun): string {
  return `${formatCount(count)} ${nounFor(count, noun)}`;
}
