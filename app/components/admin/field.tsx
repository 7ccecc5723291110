/** The admin's text input and select look (controls of the one `Field`, components/form/form.tsx). */
export const inputClass =
  "block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 shadow-xs placeholder:text-stone-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-stone-100 disabled:text-stone-500 aria-invalid:border-red-400 aria-invalid:focus:ring-red-100";

export const selectClass = `${inputClass} pr-8`;
