import { CircleAlert } from "lucide-react";
import { createContext, use, useEffect, useId, useRef, useState } from "react";
import { checkForm, type FormErrors, type FormReply, type FormRules } from "~/lib/form";
import { formMessages } from "~/lib/i18n/messages/form";
import { useT } from "~/lib/i18n/use-locale";

/**
 * The one form hook (docs/decisions/forms-errors-and-admin-screens.md). The form's rules run in the
 * browser before it is sent (the action runs them again as the authority): a field is checked when
 * it is left and as it is corrected, the whole form on submit. A refused submit (the browser's or
 * the server's) moves focus to the first field at fault and the summary says how many there are.
 *
 *   const form = useForm({ rules: couponForm, lastResult: actionData });
 *   <Form method="post" {...form.props}>
 *     <FormProvider form={form}>
 *       <FormSummary />
 *       <Field name="code" label="Code">{(p) => <input {...p} className={inputClass} />}</Field>
 *
 * `rules` may be a lazy module (`lazyModule(() => import(...))`) so zod stays off the page's first
 * load: it is fetched on first focus, and until it has arrived the server checks.
 */
type Rules = FormRules | { current: () => FormRules | undefined; load: () => Promise<unknown> };

export interface FormState {
  errors: FormErrors;
  /** What the server echoed back with a refusal (for a page rendered without JavaScript). */
  values: Record<string, string> | undefined;
  /** Whether to sum up above the form: once a submit was refused, not while it is filled in. */
  refused: boolean;
  /** Sets or clears messages the page computes itself (e.g. a rule outside the schema). */
  setErrors: (errors: FormErrors) => void;
  props: {
    ref: React.RefObject<HTMLFormElement | null>;
    noValidate: true;
    onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
    onBlur: (event: React.FocusEvent<HTMLFormElement>) => void;
    onChange: (event: React.FormEvent<HTMLFormElement>) => void;
    onFocus: () => void;
  };
}

function currentRules(rules: Rules | undefined): FormRules | undefined {
  if (!rules) return undefined;
  return "schema" in rules ? rules : rules.current();
}

function fieldName(target: EventTarget): string | undefined {
  return (target as { name?: unknown }).name as string | undefined;
}

// Whether a pointer is pressed right now (a field left by a press, not by the keyboard).
let pointerPressed = false;
if (typeof document !== "undefined") {
  document.addEventListener("pointerdown", () => (pointerPressed = true), true);
  document.addEventListener("pointerup", () => (pointerPressed = false), true);
  document.addEventListener("pointercancel", () => (pointerPressed = false), true);
}

/** Runs `then` once the press is over and its click has landed. */
function afterPress(then: () => void) {
  const done = () => {
    document.removeEventListener("pointerup", done, true);
    document.removeEventListener("pointercancel", done, true);
    setTimeout(then);
  };
  document.addEventListener("pointerup", done, true);
  document.addEventListener("pointercancel", done, true);
}

export function useForm({
  rules,
  lastResult,
}: {
  rules?: Rules;
  lastResult?: Partial<FormReply> | null;
}): FormState {
  const ref = useRef<HTMLFormElement>(null);
  const serverErrors = lastResult?.errors;
  const [clientErrors, setClientErrors] = useState<FormErrors>();
  const [refusedCount, setRefusedCount] = useState(0);
  // A new answer from the server replaces what the browser found (derived during render).
  const [lastServerErrors, setLastServerErrors] = useState(serverErrors);
  if (lastServerErrors !== serverErrors) {
    setLastServerErrors(serverErrors);
    setClientErrors(undefined);
    if (serverErrors && Object.keys(serverErrors).length > 0) setRefusedCount((n) => n + 1);
  }
  const errors = clientErrors ?? serverErrors ?? {};

  // After a refusal is drawn: focus the first field at fault, in the order the page shows them.
  useEffect(() => {
    if (refusedCount === 0) return;
    const form = ref.current;
    const first =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form?.querySelector<HTMLElement>("[data-form-summary]");
    first?.focus();
  }, [refusedCount]);

  const check = (form: HTMLFormElement): FormErrors | undefined => {
    const found = currentRules(rules);
    if (!found) return undefined;
    const checked = checkForm(found, new FormData(form));
    return checked.ok ? {} : checked.errors;
  };

  /** Rechecks the field the person left (or is correcting); other messages stay. */
  const recheck = (form: HTMLFormElement, name: string) => {
    const found = check(form);
    if (!found) return;
    const shown: FormErrors = { ...errors, [name]: found[name] };
    if (!shown[name]) delete shown[name];
    setClientErrors(shown);
  };

  return {
    errors,
    values: lastResult?.values,
    refused: refusedCount > 0 && Object.keys(errors).length > 0,
    setErrors: setClientErrors,
    props: {
      ref,
      noValidate: true,
      onFocus() {
        if (rules && !("schema" in rules)) void rules.load();
      },
      onBlur(event) {
        const name = fieldName(event.target);
        // Leaving for the submit button: the submit checks everything.
        const next = event.relatedTarget as HTMLElement | null;
        if (!name || next?.getAttribute("type") === "submit") return;
        if ((event.target as unknown as { value?: string }).value === "" && !errors[name]) return;
        const form = event.currentTarget;
        // Left by pressing on something else: a message drawn (or removed) now would move it from
        // under the pointer (a centred dialog re-centres) before the click lands.
        if (pointerPressed) afterPress(() => recheck(form, name));
        else recheck(form, name);
      },
      onChange(event) {
        const name = fieldName(event.target);
        if (name && errors[name]) recheck(event.currentTarget, name);
      },
      onSubmit(event) {
        const found = check(event.currentTarget);
        if (!found) return; // rules not loaded yet: the server checks
        if (Object.keys(found).length === 0) {
          setClientErrors({});
          return;
        }
        event.preventDefault();
        setClientErrors(found);
        setRefusedCount((n) => n + 1);
      },
    },
  };
}

const FormContext = createContext<{ errors: FormErrors; refused: boolean; variant: Variant }>({
  errors: {},
  refused: false,
  variant: "admin",
});

type Variant = "admin" | "store";

/** Gives the fields inside a form their messages (and the store's or the admin's look). */
export function FormProvider({
  form,
  variant = "admin",
  children,
}: {
  form: Pick<FormState, "errors" | "refused">;
  variant?: Variant;
  children: React.ReactNode;
}) {
  return (
    <FormContext value={{ errors: form.errors, refused: form.refused, variant }}>
      {children}
    </FormContext>
  );
}

/** The form's own message, or how many fields need correcting, once a submit was refused. */
export function FormSummary({ className = "" }: { className?: string }) {
  const { errors, refused } = use(FormContext);
  const t = useT(formMessages);
  const count = Object.keys(errors).filter((name) => name !== "form").length;
  if (!errors.form && !(refused && count > 0)) return null;
  const message = errors.form ?? t("correctFields", { count });
  return <Alert message={message} className={className} summary />;
}

/** A form's or screen's error, announced to screen readers (nothing when there is none). */
export function Alert({
  message,
  className = "",
  summary = false,
}: {
  message?: string;
  className?: string;
  summary?: boolean;
}) {
  if (!message) return null;
  return (
    <p
      role="alert"
      tabIndex={summary ? -1 : undefined}
      data-form-summary={summary ? "" : undefined}
      className={`mb-4 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 ${className}`}
    >
      <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      {message}
    </p>
  );
}

interface ControlProps {
  id: string;
  name: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

const LOOK = {
  admin: {
    label: "mb-1.5 block text-sm font-medium text-stone-700",
    hint: "mt-1 text-xs text-stone-500",
    error: "mt-1 text-xs font-medium text-red-600",
  },
  store: {
    label: "mb-1.5 block text-sm font-medium text-stone-800",
    hint: "mt-1.5 text-xs text-stone-500",
    error: "mt-1.5 text-sm text-red-700",
  },
};

/**
 * The one labelled form control: its message (from the form, or `error`) and hint below it, wired
 * for screen readers. The control comes from a render function given its id, name and ARIA props.
 */
export function Field({
  name,
  label,
  hint,
  error,
  required,
  id: givenId,
  className = "",
  children,
}: {
  name: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  /** A message the page computes itself; else the form's message for `name`. */
  error?: string;
  required?: boolean;
  id?: string;
  className?: string;
  children: (props: ControlProps) => React.ReactNode;
}) {
  const { errors, variant } = use(FormContext);
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const message = error ?? errors[name];
  const look = LOOK[variant];
  const describedBy = message ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={look.label}>
        {label}
        {required ? <span className="text-red-600"> *</span> : null}
      </label>
      {children({
        id,
        name,
        "aria-invalid": message ? true : undefined,
        "aria-describedby": describedBy,
      })}
      {message ? (
        <p id={`${id}-error`} className={look.error}>
          {message}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className={look.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The message of a field the page lays out itself (a checkbox, a row of a table). */
export function useFieldError(name: string): string | undefined {
  return use(FormContext).errors[name];
}
