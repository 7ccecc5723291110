import { ChevronLeft, ChevronRight, Search } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";
import type { FilterOption } from "./list-page";

const CONTROL =
  "h-10 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none";
const LABEL = "mb-1 block text-xs font-medium text-stone-600";

export interface MovementFilterValues {
  q: string;
  reason: string;
  staff: string;
  from: string;
  to: string;
}

/**
 * The Stock movements filters, kept in the URL: a GET form the server reads with zod (product
 * search, reason, staff member, days from and to). Like ListToolbar it submits as you type
 * (debounced) or pick, and works as a plain form without JavaScript; its five controls have
 * visible labels (a date box has no placeholder to name it) and wrap on narrow screens.
 */
export function MovementFilters({
  values,
  reasons,
  staff,
}: {
  values: MovementFilterValues;
  reasons: FilterOption[];
  staff: FilterOption[];
}) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const searchInput = useRef<HTMLInputElement>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Back/forward or a link changes the URL: show its search unless the admin is typing.
  useEffect(() => {
    const input = searchInput.current;
    if (input && document.activeElement !== input) input.value = values.q;
  }, [values.q]);
  const send = (form: HTMLFormElement | null, delay: number) => {
    clearTimeout(timer.current);
    if (!form) return;
    timer.current = setTimeout(() => {
      void submit(form, { replace: true, preventScrollReset: true });
    }, delay);
  };
  const select = (name: string, label: string, value: string, options: FilterOption[]) => (
    <div>
      <label htmlFor={`movement-${name}`} className={LABEL}>
        {label}
      </label>
      <select
        key={value}
        id={`movement-${name}`}
        name={name}
        defaultValue={value}
        onChange={(e) => send(e.currentTarget.form, 0)}
        className={CONTROL}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
  const day = (name: "from" | "to", label: string) => (
    <div>
      <label htmlFor={`movement-${name}`} className={LABEL}>
        {label}
      </label>
      <input
        key={values[name]}
        id={`movement-${name}`}
        type="date"
        name={name}
        defaultValue={values[name]}
        min="2000-01-01"
        max="2100-12-31"
        onChange={(e) => {
          // Only a whole date (or a cleared box) filters: not each digit typed into the year.
          const value = e.currentTarget.value;
          if (value === "" || /^\d{4}-\d{2}-\d{2}$/.test(value)) send(e.currentTarget.form, 300);
        }}
        className={CONTROL}
      />
    </div>
  );
  return (
    <Form
      method="get"
      role="search"
      aria-label="Filter stock movements"
      className="grid grid-cols-2 gap-3 border-b border-stone-200 p-4 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]"
    >
      <div className="col-span-2 lg:col-span-1">
        <label htmlFor="movement-q" className={LABEL}>
          Product
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-stone-400"
            aria-hidden
          />
          <input
            ref={searchInput}
            id="movement-q"
            type="search"
            name="q"
            defaultValue={values.q}
            placeholder="Name or SKU"
            maxLength={100}
            onChange={(e) => send(e.currentTarget.form, 350)}
            className={`${CONTROL} pl-9 placeholder:text-stone-400`}
          />
        </div>
      </div>
      {select("reason", "Reason", values.reason, reasons)}
      {select("staff", "Staff", values.staff, staff)}
      {day("from", "From")}
      {day("to", "To")}
      <noscript>
        <button type="submit" className="h-10 rounded-lg bg-brand-700 px-4 text-sm text-white">
          Filter
        </button>
      </noscript>
    </Form>
  );
}

/** "+5" or "−2": stock added in green, taken in red. */
export function QuantityChange({ quantity }: { quantity: number }) {
  return (
    <span
      className={`font-semibold whitespace-nowrap tabular-nums ${quantity > 0 ? "text-brand-700" : "text-red-700"}`}
    >
      {quantity > 0 ? `+${quantity}` : `−${-quantity}`}
    </span>
  );
}

/**
 * Newer / Older links of a keyset list: each keeps the filters and carries the cursor of the row
 * its page starts after (`after`) or before (`before`).
 */
export function NewerOlderPager({
  newer,
  older,
  label,
}: {
  newer?: string;
  older?: string;
  label: string;
}) {
  const location = useLocation();
  const to = (key: "after" | "before", cursor: string) => {
    const params = new URLSearchParams(location.search);
    params.delete("after");
    params.delete("before");
    params.set(key, cursor);
    return `${location.pathname}?${params}`;
  };
  if (!newer && !older) return null;
  const link = (cursor: string | undefined, key: "after" | "before", children: React.ReactNode) =>
    cursor ? (
      <Link
        to={to(key, cursor)}
        preventScrollReset
        className="inline-flex h-9 items-center gap-1 rounded-lg border border-stone-300 bg-white px-3 font-medium text-stone-700 hover:bg-stone-50"
      >
        {children}
      </Link>
    ) : (
      <span
        aria-hidden
        className="inline-flex h-9 items-center gap-1 rounded-lg border border-stone-200 px-3 text-stone-300"
      >
        {children}
      </span>
    );
  return (
    <nav
      aria-label={label}
      className="flex items-center justify-between gap-4 border-t border-stone-200 px-4 py-3 text-sm text-stone-600"
    >
      <p>Newest first</p>
      <div className="flex items-center gap-2">
        {link(
          newer,
          "before",
          <>
            <ChevronLeft className="h-4 w-4" aria-hidden /> Newer
          </>,
        )}
        {link(
          older,
          "after",
          <>
            Older <ChevronRight className="h-4 w-4" aria-hidden />
          </>,
        )}
      </div>
    </nav>
  );
}
