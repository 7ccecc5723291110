import { z } from "zod";

// C0 controls other than tab, line feed and carriage return, and DEL. PostgreSQL refuses NUL in
// text, and none of these belong in anything a person types.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

export function stripControlCharacters(value: string): string {
  return value.replace(CONTROL, "");
}

/**
 * A typed text field: control characters removed, trimmed, at most `max` characters; `required`
 * is the message when nothing is left.
 */
export function plainText(max: number, required?: string) {
  const cleaned = z.string().max(max, `At most ${max} characters.`);
  return z
    .string()
    .transform((value) => stripControlCharacters(value).trim())
    .pipe(required ? cleaned.min(1, required) : cleaned);
}
