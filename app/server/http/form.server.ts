import { data } from "react-router";
import type { z } from "zod";
import { checkForm, echoValues, type FormErrors, type FormReply, type FormRules } from "~/lib/form";
import { isUuid } from "~/lib/ids";
import { stripControlCharacters } from "~/schemas/text";
import { errorResponse } from "./responses.server";

/**
 * One way to read a posted form, for every action (storefront and admin, page and `.data`
 * requests alike). A body that is not a form is refused with a 4xx and a message, never handed to
 * `request.formData()` to throw a 500; control characters (NUL and friends, which PostgreSQL
 * refuses in text) are removed from every text value before anything else sees them.
 */

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"] as const;
type FormType = (typeof FORM_TYPES)[number];

export const WRONG_CONTENT_TYPE =
  "This form must be sent as application/x-www-form-urlencoded or multipart/form-data.";
export const UNREADABLE_FORM = "The form could not be read. Please reload the page and try again.";
export const INVALID_ACTION = "This action is not valid. Reload the page and try again.";

interface FormProblem {
  status: 400 | 415;
  message: string;
}

/** Why a request's body cannot be read as a form (before reading it), or null when it can. */
export function formProblem(
  request: Request,
  accepted: readonly FormType[] = FORM_TYPES,
): FormProblem | null {
  const contentType = request.headers.get("Content-Type") ?? "";
  const [mediaType = "", ...parameters] = contentType.split(";").map((part) => part.trim());
  const type = mediaType.toLowerCase();
  if (!accepted.includes(type as FormType)) {
    return { status: 415, message: WRONG_CONTENT_TYPE };
  }
  if (type === "multipart/form-data") {
    const boundary = parameters
      .map((p) => /^boundary=("?)([^"]{1,70})\1$/i.exec(p))
      .find(Boolean)?.[2];
    if (!boundary) return { status: 400, message: UNREADABLE_FORM };
  }
  return null;
}

/** The form without control characters in its text values; files are kept as they are. */
export function cleanForm(form: FormData): FormData {
  const cleaned = new FormData();
  for (const [name, value] of form.entries()) {
    cleaned.append(
      stripControlCharacters(name),
      typeof value === "string" ? stripControlCharacters(value) : value,
    );
  }
  return cleaned;
}

/**
 * Reads the posted form. Throws a 415 response for a body of another type (JSON, text, none) and
 * a 400 for a broken one (a multipart body without its boundary, truncated, not decodable).
 */
export async function readForm(
  request: Request,
  options: { accepted?: readonly FormType[] } = {},
): Promise<FormData> {
  const problem = formProblem(request, options.accepted);
  if (problem) throw errorResponse(problem.message, problem.status);
  try {
    return cleanForm(await request.formData());
  } catch {
    throw errorResponse(UNREADABLE_FORM, 400);
  }
}

/** An action's answer to a refused form: its messages (and what was typed) with a 4xx. */
export function formReply(errors: FormErrors, options: { status?: number; form?: FormData } = {}) {
  const reply: FormReply = options.form ? { errors, values: echoValues(options.form) } : { errors };
  return data(reply, { status: options.status ?? 400 });
}

/**
 * An action's answer when the form is fine but asks to be confirmed (409): nothing is saved, the
 * page shows the warning with a confirm field (`name`, value `confirm`), and the next submit with
 * it saves.
 */
export function warningReply(warning: NonNullable<FormReply["warning"]>, form: FormData) {
  const reply: FormReply = { errors: {}, values: echoValues(form), warning };
  return data(reply, { status: 409 });
}

type Submission<T> =
  { ok: true; data: T; form: FormData } | { ok: false; reply: ReturnType<typeof formReply> };

/**
 * Reads the posted form (`readForm`) and parses it with its rules. Refused: `reply` is the 400 to
 * return, with every message and what was typed.
 *
 *   const submission = await parseForm(request, couponForm);
 *   if (!submission.ok) return submission.reply;
 */
export async function parseForm<S extends z.ZodType>(
  request: Request | FormData,
  rules: FormRules<S>,
): Promise<Submission<z.output<S>>> {
  const form = request instanceof FormData ? request : await readForm(request);
  const checked = checkForm(rules, form);
  if (checked.ok) return { ok: true, data: checked.data, form };
  return { ok: false, reply: formReply(checked.errors, { form }) };
}

const UNKNOWN_INTENT = "This form's button is not known. Please reload the page and try again.";

/**
 * One way to serve a form with several buttons (`name="intent"`): the handler named by the posted
 * intent runs; an unknown or missing intent is a 400.
 *
 *   return dispatchIntent(form, { save: () => …, delete: () => … });
 */
export function dispatchIntent<R>(
  form: FormData,
  handlers: Record<string, (form: FormData) => R>,
): R {
  const intent = form.get("intent");
  const handler =
    typeof intent === "string" && Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handler) throw errorResponse(UNKNOWN_INTENT, 400);
  return handler(form);
}

/** The record a row's button posts (its `id` field); a 400 when it is missing or not an id. */
export function postedId(form: FormData): string {
  const id = form.get("id");
  if (typeof id !== "string" || !isUuid(id)) throw errorResponse(INVALID_ACTION, 400);
  return id;
}
