/**
 * The storefront's text inputs and selects (inside the form layer's `Field`, which marks a field at
 * fault with aria-invalid): red border and focus ring while it is invalid.
 */
export const inputClass =
  "block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none sm:text-sm aria-invalid:border-red-400 aria-invalid:focus:border-red-500 aria-invalid:focus:ring-red-500/20";

/** A checkbox's own message (a checkbox is laid out by the page, not by `Field`). */
export const checkboxErrorClass = "mt-2 text-sm text-red-700";
