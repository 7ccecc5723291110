import { ChevronLeft, ChevronRight, Search } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigation, useSubmit } from "react-router";
import { PageHeader } from "./page";
import { countText, formatCount, nounFor, type Noun } from "~/lib/text";

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * Search box and filters of a list, kept in the URL: a GET form the server reads with zod. It
 * submits as you type (debounced) or pick, and always works as a plain form without JavaScript.
 */
interface ListFilter {
  name: string;
  label: string;
  value: string;
  options: FilterOption[];
}

/** The Status filter of a list: "All statuses", then each status by its name. */
export function statusFilter<S extends string>(
  value: string,
  statuses: readonly S[],
  name: (status: S) => string,
): ListFilter {
  return {
    name: "status",
    label: "Status",
    value,
    options: [
      { value: "all", label: "All statuses" },
      ...statuses.map((status) => ({ value: status, label: name(status) })),
    ],
  };
}

/**
 * A GET filter form that submits itself: `send(form, delay)` after a pause in typing (or at once
 * for a select), replacing the history entry. The search box (`searchInput`) follows the URL's
 * `q` on back/forward or a link, unless the admin is typing in it.
 */
export function useFilterForm(q: string) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const searchInput = useRef<HTMLInputElement>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    const input = searchInput.current;
    if (input && document.activeElement !== input) input.value = q;
  }, [q]);
  const send = (form: HTMLFormElement | null, delay: number) => {
    clearTimeout(timer.current);
    if (!form) return;
    timer.current = setTimeout(() => {
      void submit(form, { replace: true, preventScrollReset: true });
    }, delay);
  };
  return { searchInput, send };
}

export function ListToolbar({
  q,
  searchLabel,
  filters = [],
  children,
}: {
  q: string;
  searchLabel: string;
  filters?: ListFilter[];
  children?: React.ReactNode;
}) {
  const { searchInput, send } = useFilterForm(q);
  return (
    <Form
      method="get"
      role="search"
      className="flex flex-col gap-3 border-b border-stone-200 p-4 sm:flex-row sm:flex-wrap sm:items-center"
    >
      <label className="relative flex-1 sm:min-w-56">
        <span className="sr-only">{searchLabel}</span>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-stone-400"
          aria-hidden
        />
        <input
          ref={searchInput}
          type="search"
          name="q"
          defaultValue={q}
          placeholder={searchLabel}
          maxLength={100}
          onChange={(e) => send(e.currentTarget.form, 350)}
          className="h-10 w-full rounded-lg border border-stone-300 bg-white pr-3 pl-9 text-sm placeholder:text-stone-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
      </label>
      {filters.map((filter) => (
        <label key={filter.name} className={filters.length > 2 ? "sm:w-40" : "sm:w-52"}>
          <span className="sr-only">{filter.label}</span>
          <select
            key={filter.value}
            name={filter.name}
            defaultValue={filter.value}
            aria-label={filter.label}
            onChange={(e) => send(e.currentTarget.form, 0)}
            className="h-10 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          >
            {filter.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      ))}
      {children}
      <noscript>
        <button type="submit" className="h-10 rounded-lg bg-brand-700 px-4 text-sm text-white">
          Search
        </button>
      </noscript>
    </Form>
  );
}

export interface Column<T> {
  key: string;
  /** Its title (or a control, such as a "select all" box). */
  header: React.ReactNode;
  cell: (row: T) => React.ReactNode;
  className?: string;
  /** Hidden below this width to keep phones readable. */
  hideBelow?: "sm" | "md" | "lg" | "xl";
}

const HIDE = {
  sm: "hidden sm:table-cell",
  md: "hidden md:table-cell",
  lg: "hidden lg:table-cell",
  xl: "hidden xl:table-cell",
};

export function DataTable<T>({
  columns,
  rows,
  rowKey,
  caption,
  empty,
  selected,
}: {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  caption: string;
  empty: React.ReactNode;
  /** Rows ticked for a bulk action, shown highlighted. */
  selected?: (row: T) => boolean;
}) {
  const navigation = useNavigation();
  const location = useLocation();
  const loading =
    navigation.state === "loading" && navigation.location.pathname === location.pathname;
  if (rows.length === 0)
    return <div className="px-4 py-16 text-center text-stone-500">{empty}</div>;
  return (
    <div className={`overflow-x-auto transition-opacity ${loading ? "opacity-60" : ""}`}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-stone-50 text-xs font-semibold tracking-wide text-stone-500 uppercase">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={`px-4 py-3 whitespace-nowrap ${column.hideBelow ? HIDE[column.hideBelow] : ""} ${column.className ?? ""}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className={selected?.(row) ? "bg-brand-50/60" : "hover:bg-stone-50/70"}
            >
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={`px-4 py-3 align-middle ${column.hideBelow ? HIDE[column.hideBelow] : ""} ${column.className ?? ""}`}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Previous/next links that keep every other URL parameter (search, filters). */
export function Pagination(props: {
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
  noun: Noun;
  /** Keyset lists: the cursors of the neighbouring pages (offset lists leave these out). */
  next?: string;
  previous?: string;
  keyset?: boolean;
}) {
  const location = useLocation();
  const href = (target: number) => {
    const params = new URLSearchParams(location.search);
    params.delete("after");
    params.delete("before");
    if (props.keyset) {
      if (target > props.page && props.next) params.set("after", props.next);
      if (target < props.page && props.previous && target > 1) params.set("before", props.previous);
    }
    if (target <= 1) params.delete("page");
    else params.set("page", String(target));
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ""}`;
  };
  const hasPrevious = props.keyset ? Boolean(props.previous) : props.page > 1;
  const hasNext = props.keyset ? Boolean(props.next) : props.page < props.pageCount;
  return <PageLinks {...props} href={href} hasPrevious={hasPrevious} hasNext={hasNext} />;
}

function PageLinks({
  page,
  pageCount,
  total,
  pageSize,
  noun,
  href,
  hasPrevious,
  hasNext,
}: {
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
  noun: Noun;
  href: (target: number) => string;
  hasPrevious: boolean;
  hasNext: boolean;
}) {
  if (total === 0) return null;
  const first = Math.min((page - 1) * pageSize + 1, total);
  const last = Math.min(page * pageSize, total);
  const link = (target: number, label: string, icon: React.ReactNode, enabled: boolean) =>
    enabled ? (
      <Link
        to={href(target)}
        preventScrollReset
        aria-label={label}
        className="inline-flex h-9 w-9 items-center justify-center rounded-lg border border-stone-300 bg-white text-stone-700 hover:bg-stone-50"
      >
        {icon}
      </Link>
    ) : (
      <span
        aria-hidden
        className="inline-flex h-9 w-9 items-center justify-center rounded-lg border border-stone-200 text-stone-300"
      >
        {icon}
      </span>
    );
  return (
    <nav
      aria-label="Pagination"
      className="flex items-center justify-between gap-4 border-t border-stone-200 px-4 py-3 text-sm text-stone-600"
    >
      <p>
        {first}–{last} of {countText(total, noun)}
      </p>
      <div className="flex items-center gap-2">
        {link(page - 1, "Previous page", <ChevronLeft className="h-4 w-4" />, hasPrevious)}
        <span className="px-1 tabular-nums">
          Page {page} of {pageCount}
        </span>
        {link(page + 1, "Next page", <ChevronRight className="h-4 w-4" />, hasNext)}
      </div>
    </nav>
  );
}

/** "1 order found", "12 orders found" under a list's toolbar, announced as the filters change. */
export function ResultCount({ total, noun }: { total: number; noun: Noun }) {
  return (
    <p className="px-4 pt-3 text-sm text-stone-500" aria-live="polite">
      <span className="font-semibold text-stone-800">{formatCount(total)}</span>{" "}
      {nounFor(total, noun)} found
    </p>
  );
}

/** The white card a list lives in: toolbar, table, pagination. */
export function ListCard({ children }: { children: React.ReactNode }) {
  return (
    <section className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
      {children}
    </section>
  );
}

type PaginationProps = Omit<Parameters<typeof Pagination>[0], "noun">;
type ToolbarProps = Omit<Parameters<typeof ListToolbar>[0], "children">;
type TableProps<T> = Omit<Parameters<typeof DataTable<T>>[0], "rows">;

/**
 * The one shape of a list screen: title row, optional summary (stat cards), then the card with the
 * toolbar (`search`, or a `toolbar` of its own), the count, a `bar` of bulk actions, the table of
 * `list.rows` (`table`, or `children` for another layout) and the pages; `after` holds a modal
 * route's Outlet.
 */
export function ListPage<T>({
  title,
  description,
  actions,
  summary,
  search,
  toolbar,
  list,
  noun,
  bar,
  table,
  children,
  after,
}: {
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  summary?: React.ReactNode;
  search?: ToolbarProps;
  toolbar?: React.ReactNode;
  list: PaginationProps & { rows: T[] };
  noun: Noun;
  bar?: React.ReactNode;
  table?: TableProps<T>;
  children?: React.ReactNode;
  after?: React.ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} description={description} actions={actions} />
      {summary}
      <ListCard>
        {search ? <ListToolbar {...search} /> : toolbar}
        <ResultCount total={list.total} noun={noun} />
        {bar}
        {table ? <DataTable {...table} rows={list.rows} /> : children}
        <Pagination {...list} noun={noun} />
      </ListCard>
      {after}
    </>
  );
}
