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
