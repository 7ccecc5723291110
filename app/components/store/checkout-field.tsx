import { cloneElement } from "react";

type InputElement = React.ReactElement<
  React.InputHTMLAttributes<HTMLInputElement> | React.SelectHTMLAttributes<HTMLSelectElement>
>;

/** A labelled form field with its hint, and its error right below it (linked for screen readers). */
export function Field({
  label,
  name,
  error,
  hint,
  className = "",
  children,
}: {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  className?: string;
  children: InputElement;
}) {
  const describedBy = error ? `${name}-error` : hint ? `${name}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={name} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <div className="mt-1.5">
        {cloneElement(children, {
          "aria-describedby": describedBy,
          "aria-invalid": error ? true : undefined,
        })}
      </div>
      {error ? (
        <p id={`${name}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${name}-hint`} className="mt-1.5 text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function inputClass(error?: string) {
  return `block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-stone-900 shadow-sm placeholder:text-stone-400 focus:ring-2 focus:outline-none sm:text-sm ${
    error
      ? "border-red-400 focus:border-red-500 focus:ring-red-500/20"
      : "border-stone-300 focus:border-brand-600 focus:ring-brand-600/20"
  }`;
}
