export type CanadaPostErrorKind =
  "auth" | "rejected" | "unavailable" | "timeout" | "malformed" | "rate_limited";

/** A failed Canada Post call. The message is a plain sentence staff can act on (never a secret). */
export class CanadaPostError extends Error {
  readonly kind: CanadaPostErrorKind;
  /** HTTP status, when Canada Post answered. */
  readonly status: number | null;
  /** Canada Post's message code, when it sent one. */
  readonly code: string | null;
  readonly retryAfterMs: number | null;

  constructor(
    kind: CanadaPostErrorKind,
    message: string,
    details: { status?: number | null; code?: string | null; retryAfterMs?: number | null } = {},
  ) {
    super(message);
    this.name = "CanadaPostError";
    this.kind = kind;
    this.status = details.status ?? null;
    this.code = details.code ?? null;
    this.retryAfterMs = details.retryAfterMs ?? null;
  }
}
