import { isRouteErrorResponse } from "react-router";

/**
 * One shape for every error: routes throw `data({ message }, { status })` (through
 * `invariantResponse` and friends in app/server/http/responses.server.ts), domain functions return
 * a `Failure`, and every error page words each status through `describeError`.
 */
export interface ErrorPayload {
  message: string;
}

/** An expected failure, returned (never thrown) by domain functions. */
export interface Failure {
  ok: false;
  status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429;
  message: string;
  /** Field name → message, for a form that shows them next to its fields. */
  errors?: Partial<Record<string, string>>;
}

/** What a domain function returns: its value with `ok: true`, or why not. */
export type Result<T extends object = object> = ({ ok: true } & T) | Failure;

export function fail(
  status: Failure["status"],
  message: string,
  errors?: Failure["errors"],
): Failure {
  return errors ? { ok: false, status, message, errors } : { ok: false, status, message };
}

/**
 * Thrown inside a transaction to roll it back with its reason: the status, the message and, when
 * one field is at fault, its name (or several fields' messages). `refusalFailure` turns it into the
 * `Failure` the domain function returns once the transaction is undone.
 */
export class Refusal extends Error {
  readonly failure: Failure;
  /** The one field at fault, when the refusal names one. */
  readonly field?: string;

  constructor(status: Failure["status"], message: string, field?: string | Failure["errors"]) {
    super(message);
    this.name = "Refusal";
    if (typeof field === "string") this.field = field;
    this.failure = fail(status, message, typeof field === "string" ? { [field]: message } : field);
  }

  /** A failure computed inside the transaction (a pure plan's), thrown to roll it back. */
  static of(failure: Failure): Refusal {
    return new Refusal(failure.status, failure.message, failure.errors);
  }
}

/** The failure a caught error stands for, when it is a refusal; null for anything else. */
export function refusalFailure(error: unknown): Failure | null {
  return error instanceof Refusal ? error.failure : null;
}

const STATUS_WORDS: Record<number, { title: string; message: string }> = {
  400: {
    title: "That request could not be used",
    message: "Something in it was not valid. Please go back and try again.",
  },
  401: { title: "Please sign in again", message: "Your session has ended. Please sign in again." },
  403: {
    title: "Not allowed",
    message: "This request was refused: you are not allowed to do this.",
  },
  404: {
    title: "Page not found",
    message: "Sorry, we couldn't find the page you were looking for.",
  },
  405: { title: "Not allowed here", message: "This page does not accept that kind of request." },
  409: {
    title: "Changed in the meantime",
    message: "Someone changed this in the meantime. Please reload the page and try again.",
  },
  413: { title: "Too large", message: "What was sent is larger than this form accepts." },
  415: {
    title: "Wrong kind of request",
    message: "This form must be sent as a form. Please reload the page and try again.",
  },
  422: { title: "Could not be done", message: "That could not be done. Please try again." },
  429: {
    title: "Too many attempts",
    message: "Too many attempts. Please wait a moment and try again.",
  },
};

const SERVER_ERROR = {
  title: "Something went wrong",
  message: "Something went wrong on our side. Please try again in a moment.",
};

interface ErrorDescription {
  status: number;
  title: string;
  message: string;
}

/** The status, title and words an error page shows for anything a route threw. */
export function describeError(error: unknown): ErrorDescription {
  if (!isRouteErrorResponse(error)) return { status: 500, ...SERVER_ERROR };
  const words =
    STATUS_WORDS[error.status] ?? (error.status >= 500 ? SERVER_ERROR : STATUS_WORDS[400]!);
  const payload = error.data as Partial<ErrorPayload> | string | null;
  const given =
    typeof payload === "string"
      ? payload
      : typeof payload?.message === "string"
        ? payload.message
        : undefined;
  // A server error's own words are never shown: they are for the log, not the visitor.
  const message = error.status >= 500 ? words.message : given || words.message;
  return { status: error.status, title: words.title, message };
}
