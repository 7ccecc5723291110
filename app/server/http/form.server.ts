import { data } from "react-router";
import { stripControlCharacters } from "~/schemas/text";

/**
 * One way to read a posted form, for every action (storefront and admin, page and `.data`
 * requests alike). A body that is not a form is refused with a 4xx and a message, never handed to
 * `request.formData()` to throw a 500; control characters (NUL and friends, which PostgreSQL
 * refuses in text) are removed from every text value before anything else sees them.
 */

export const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"] as const;
type FormType = (typeof FORM_TYPES)[number];

export const WRONG_CONTENT_TYPE =
  "This form must be sent as application/x-www-form-urlencoded or multipart/form-data.";
export const UNREADABLE_FORM = "The form could not be read. Please reload the page and try again.";

export interface FormProblem {
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
  if (problem) throw data({ message: problem.message }, { status: problem.status });
  try {
    return cleanForm(await request.formData());
  } catch {
    throw data({ message: UNREADABLE_FORM }, { status: 400 });
  }
}

/** The form's text values as a plain object (the last value of a repeated name wins). */
export async function readFormValues(request: Request): Promise<Record<string, string>> {
  const form = await readForm(request);
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string") values[name] = value;
  return values;
}
