/**
 * True when `error` (or one of its causes: Drizzle wraps the driver's error) is PostgreSQL's
 * unique_violation (23505) on `constraint`. node-postgres names the constraint; PGlite may only
 * mention it in the message.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const pgError = e as { code?: string; constraint?: string; message?: string };
    if (
      pgError.code === "23505" &&
      (pgError.constraint === constraint || pgError.message?.includes(constraint))
    )
      return true;
  }
  return false;
}
