import { data } from "react-router";
import type { ErrorPayload, Failure } from "~/lib/errors";

/**
 * Throws an error response (`{ message }` with its status) unless the condition holds; the route's
 * error boundary shows it with that status's words. For a missing record: `status: 404`.
 */
export function invariantResponse(
  condition: unknown,
  message: string,
  init: { status?: number; headers?: HeadersInit } = {},
): asserts condition {
  if (!condition) throw errorResponse(message, init.status ?? 400, init.headers);
}

export function errorResponse(message: string, status: number, headers?: HeadersInit) {
  return data<ErrorPayload>({ message }, { status, headers });
}

/** Throws a domain function's failure as the error page of its status. */
export function throwFailure(failure: Failure): never {
  throw errorResponse(failure.message, failure.status);
}
