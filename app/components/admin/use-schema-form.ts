import { useState } from "react";
import type { z } from "zod";
import { formErrors, type FormErrors } from "~/schemas/form-errors";

/**
 * Instant feedback from the same zod schema the action parses: a field is checked when it loses
 * focus (and again as it is corrected), the whole form on submit (which is stopped while anything
 * is wrong, focusing the first field at fault). The server's errors show until the next check.
 */
export function useSchemaForm(schema: z.ZodType, serverErrors: FormErrors | undefined) {
  const [clientErrors, setClientErrors] = useState<FormErrors>();
  const [attempted, setAttempted] = useState(false);
  // A new answer from the server replaces what the browser found (derived during render).
  const [lastServerErrors, setLastServerErrors] = useState(serverErrors);
  if (lastServerErrors !== serverErrors) {
    setLastServerErrors(serverErrors);
    setClientErrors(undefined);
  }
  const errors = clientErrors ?? serverErrors ?? {};

  const check = (form: HTMLFormElement): FormErrors => {
    const parsed = schema.safeParse(Object.fromEntries(new FormData(form)));
    return parsed.success ? {} : formErrors(parsed.error);
  };

  /** Rechecks the field the person left (or is correcting); other messages stay. */
  const recheck = (form: HTMLFormElement, name: string) => {
    const shown: FormErrors = { ...errors, [name]: check(form)[name] };
    if (!shown[name]) delete shown[name];
    setClientErrors(shown);
  };

  return {
    errors,
    /** Whether to sum up above the form: only once a save was tried (not while filling it in). */
    showSummary: Object.keys(errors).length > 0 && (attempted || serverErrors !== undefined),
    onBlur(event: React.FocusEvent<HTMLFormElement>) {
      const name = (event.target as unknown as { name?: string }).name;
      // Leaving for the submit button: the submit checks everything. Drawing a message now would
      // move the button from under the pointer before the click lands.
      const next = event.relatedTarget as HTMLElement | null;
      if (!name || next?.getAttribute("type") === "submit") return;
      recheck(event.currentTarget, name);
    },
    onChange(event: React.FormEvent<HTMLFormElement>) {
      const name = (event.target as unknown as { name?: string }).name;
      if (name && errors[name]) recheck(event.currentTarget, name);
    },
    onSubmit(event: React.FormEvent<HTMLFormElement>) {
      const form = event.currentTarget;
      const found = check(form);
      if (Object.keys(found).length === 0) {
        setClientErrors({});
        return;
      }
      event.preventDefault();
      setAttempted(true);
      setClientErrors(found);
      const first = form.querySelector<HTMLElement>(`[name="${Object.keys(found)[0]}"]`);
      first?.focus();
      // Again once the messages are drawn: a dialog's focus trap may have moved focus meanwhile.
      requestAnimationFrame(() => {
        if (document.activeElement !== first) first?.focus();
      });
    },
  };
}
