import type { z } from "zod";

/** Field name → first message ("variations.0.size" for a cell of a repeated row). */
export type FormErrors = Partial<Record<string, string>>;

export function formErrors(error: z.ZodError): FormErrors {
  const errors: FormErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    errors[key] ??= issue.message;
  }
  return errors;
}
