import type { z } from "zod";

/**
 * The one form layer (docs/decisions/forms-errors-and-admin-screens.md). A form is described once
 * by its `FormRules`: the zod schema the action parses and how a posted FormData becomes the
 * schema's input. The action reads it with `parseForm(request, rules)`
 * (app/server/http/form.server.ts); the page runs the same rules in the browser with `useForm`
 * (app/components/form/form.tsx), loading them on first focus where zod must stay off the page's
 * first load.
 */

/** Field name → its first message ("variations.0.size" for a cell of a repeated row; "form" for
 * the whole form). */
export type FormErrors = Partial<Record<string, string>>;

/** What an action answers when it refuses a form: the messages, and the text typed (so a page
 * rendered without JavaScript keeps it). */
export interface FormReply {
  errors: FormErrors;
  values?: Record<string, string>;
  /**
   * A warning to confirm rather than an error (e.g. a tracking number already on another order):
   * the page shows the message with a confirm field posting `confirm` under `name`, and the next
   * submit with it saves.
   */
  warning?: { message: string; name: string; confirm: string };
}

/** The answer of the form that was posted, for the form of `intent` only (each form of a page with
 * several shows only its own messages). */
export function replyOf<R extends FormReply>(reply: R | undefined, intent: string): R | undefined {
  return reply?.values?.intent === intent ? reply : undefined;
}

export interface FormRules<S extends z.ZodType = z.ZodType> {
  schema: S;
  toValues: (form: FormData) => unknown;
}

/** The form's text values as a plain object (the last value of a repeated name wins). */
export function textValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string") values[name] = value;
  return values;
}

export function formRules<S extends z.ZodType>(
  schema: S,
  toValues: (form: FormData) => unknown = textValues,
): FormRules<S> {
  return { schema, toValues };
}

/** The one error mapper: a zod error as the first message per field. */
export function formErrors(error: z.ZodError): FormErrors {
  const errors: FormErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

type FormCheck<T> = { ok: true; data: T } | { ok: false; errors: FormErrors };

/** Runs a form's rules on what it holds (in the browser and in the action alike). */
export function checkForm<S extends z.ZodType>(
  rules: FormRules<S>,
  form: FormData,
): FormCheck<z.output<S>> {
  const parsed = rules.schema.safeParse(rules.toValues(form));
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, errors: formErrors(parsed.error) };
}

/** Fields never echoed back to the page. */
const SECRET = /password|token|secret|^code$|recovery/i;

/** What the person typed, to fill the form again (never a password or a token). */
export function echoValues(form: FormData): Record<string, string> {
  const values = textValues(form);
  for (const name of Object.keys(values)) if (SECRET.test(name)) delete values[name];
  return values;
}
