import { ChevronLeft, ChevronRight, Search } from "lucide-react";
import { Fragment } from "react";
import { Form, Link, useLocation } from "react-router";
import { useFilterForm, type FilterOption } from "./list-page";

const CONTROL =
  "h-10 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none";
const LABEL = "mb-1 block text-xs font-medium text-stone-600";

/** What a log list's filters hold: a search, its selects' values, and days from and to. */
interface LogFilterValues {
  q: string;
  from: string;
  to: string;
  [select: string]: string | undefined;
}

// Tailwind sees whole class names only: the search takes two shares, each other control one.
const GRID: Record<number, string> = {
  4: "lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]",
  5: "lg:grid-cols-[minmax(0,2fr)_repeat(5,minmax(0,1fr))]",
};

/**
 * The filters of a newest-first log (Stock movements, Activity), kept in the URL: a GET form the
 * server reads with zod (a search, the log's selects, days from and to). Like ListToolbar it
 * submits as you type (debounced) or pick, and works as a plain form without JavaScript; its
 * controls have visible labels (a date box has no placeholder to name it) and wrap on narrow screens.
 */
export function LogFilters({
  id,
  label,
  search,
  values,
  selects,
}: {
  /** The prefix of the controls' ids. */
  id: string;
  /** The search landmark's name ("Filter stock movements"). */
  label: string;
  search: { label: string; placeholder: string };
  values: LogFilterValues;
  selects: { name: string; label: string; options: FilterOption[] }[];
}) {
  const { searchInput, send } = useFilterForm(values.q);
  const select = (name: string, label: string, value: string, options: FilterOption[]) => (
    <div>
      <label htmlFor={`${id}-${name}`} className={LABEL}>
        {label}
      </label>
      <select
        key={value}
        id={`${id}-${name}`}
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
      <label htmlFor={`${id}-${name}`} className={LABEL}>
        {label}
      </label>
      <input
        key={values[name]}
        id={`${id}-${name}`}
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
      aria-label={label}
      className={`grid grid-cols-2 gap-3 border-b border-stone-200 p-4 ${GRID[selects.length + 2] ?? ""}`}
    >
      <div className="col-span-2 lg:col-span-1">
        <label htmlFor={`${id}-q`} className={LABEL}>
          {search.label}
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-stone-400"
            aria-hidden
          />
          <input
            ref={searchInput}
            id={`${id}-q`}
            type="search"
            name="q"
            defaultValue={values.q}
            placeholder={search.placeholder}
            maxLength={100}
            onChange={(e) => send(e.currentTarget.form, 350)}
            className={`${CONTROL} pl-9 placeholder:text-stone-400`}
          />
        </div>
      </div>
      {selects.map((s) => (
        <Fragment key={s.name}>
          {select(s.name, s.label, values[s.name] ?? "all", s.options)}
        </Fragment>
      ))}
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
