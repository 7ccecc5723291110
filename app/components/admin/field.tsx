import { CircleAlert } from "lucide-react";
import { useId, useState } from "react";
import type { z } from "zod";
import { formErrors, type FormErrors } from "~/schemas/form-errors";

export const inputClass =
  "block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 shadow-xs placeholder:text-stone-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-stone-100 disabled:text-stone-500 aria-invalid:border-red-400 aria-invalid:focus:ring-red-100";

export const selectClass = `${inputClass} pr-8`;

/**
 * A labelled form control with its error message next to it; the control comes from a render
 * function that receives the ids to wire (id, aria-invalid, aria-describedby).
 */
export function Field({
  label,
  error,
  hint,
  required,
  className = "",
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  className?: string;
  children: (props: {
    id: string;
    "aria-invalid"?: true;
    "aria-describedby"?: string;
  }) => React.ReactNode;
}) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : "", hint ? `${id}-hint` : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-700">
        {label}
        {required ? <span className="text-red-600"> *</span> : null}
      </label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A form's or screen's error, announced to screen readers (nothing when there is none). */
export function FormAlert({ message, wide = false }: { message?: string; wide?: boolean }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className={`mb-4 flex items-start gap-2 border border-red-200 bg-red-50 text-sm text-red-800 ${wide ? "rounded-xl px-4 py-3" : "rounded-lg px-3 py-2"}`}
    >
      <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      {message}
    </p>
  );
}

/**
 * Runs a form's zod schema in the browser before it is sent (instant messages next to the fields);
 * the action runs the same schema as the authority. Returns the errors to show (the browser's,
 * else the server's) and the form's onSubmit.
 */
export function useSchemaErrors(schema: z.ZodType, serverErrors: FormErrors | undefined) {
  const [clientErrors, setClientErrors] = useState<FormErrors | undefined>();
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const parsed = schema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (parsed.success) return setClientErrors(undefined);
    event.preventDefault();
    setClientErrors(formErrors(parsed.error));
  };
  return { errors: clientErrors ?? serverErrors ?? {}, onSubmit };
}
