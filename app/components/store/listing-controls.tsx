import { LayoutGrid, List } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, useSubmit } from "react-router";
import { Link } from "~/components/store/localized-link";
import type { Locale } from "~/lib/i18n/locale";
import { listingMessages } from "~/lib/i18n/messages/listing";
import { productCardMessages } from "~/lib/i18n/messages/product-card";
import { useLocale, useMoney, useT } from "~/lib/i18n/use-locale";
import {
  catalogSearch,
  filtersOf,
  hasFilters,
  POTENCY_FILTER_MAX,
  PRICE_SLIDER_MAX,
  PRICE_SLIDER_STEP,
  SORT_OPTIONS,
  STRAIN_OPTIONS,
  type CatalogFilters,
  type CatalogQuery,
  type SortKey,
  type StrainFilter,
} from "~/lib/catalog-query";

/** A count as today in English ("1234"), the French way in French ("1 234"). */
function shownCount(value: number, locale: Locale): string | number {
  return locale === "en" ? String(value) : value;
}

/** Each sort's and strain's label in the catalogue. */
const SORT_LABELS = {
  name: "sortName",
  "price-asc": "sortPriceAsc",
  "price-desc": "sortPriceDesc",
  rating: "sortRating",
} as const satisfies Record<SortKey, string>;
const STRAIN_LABELS = {
  indica: "strainIndica",
  sativa: "strainSativa",
  hybrid: "strainHybrid",
} as const satisfies Record<StrainFilter, string>;

/** Hidden inputs carrying the strain and potency filters through another GET form. */
function FilterInputs({ filters }: { filters: CatalogFilters }) {
  return (
    <>
      {Object.entries(filtersOf(filters)).map(([name, value]) =>
        value === undefined ? null : (
          <input key={name} type="hidden" name={name} value={String(value)} />
        ),
      )}
    </>
  );
}

/**
 * Sort, price bound and view as a plain GET form: it works without JavaScript (Apply button) and,
 * with it, submits on change. Changing a filter starts again from the first page.
 */
export function ListingControls({ query, total }: { query: CatalogQuery; total: number }) {
  const submit = useSubmit();
  const t = useT(listingMessages);
  const locale = useLocale();
  const { money, moneyInText } = useMoney();
  const [maxPrice, setMaxPrice] = useState(query.maxPrice);
  // The value the shopper moved to that the URL does not show yet: a page for an earlier value
  // arriving meanwhile (keys held down on a slow phone) must not move the slider back.
  const [unsubmittedMax, setUnsubmittedMax] = useState<number | null>(null);
  const [lastQueryMax, setLastQueryMax] = useState(query.maxPrice);
  if (lastQueryMax !== query.maxPrice) {
    setLastQueryMax(query.maxPrice);
    if (unsubmittedMax === null || unsubmittedMax === query.maxPrice) {
      setMaxPrice(query.maxPrice);
      setUnsubmittedMax(null);
    }
  }
  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (target.type === "range") return; // submitted when released (see onPointerUp/onKeyUp)
    void submit(event.currentTarget, { preventScrollReset: true });
  };
  // Pointer release submits at once; arrow keys wait for a pause so each press is not a request.
  const keyTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(keyTimer.current), []);
  const submitForm = (event: React.SyntheticEvent<HTMLInputElement>, delay = 0) => {
    const form = event.currentTarget.form;
    clearTimeout(keyTimer.current);
    keyTimer.current = setTimeout(() => void submit(form, { preventScrollReset: true }), delay);
  };

  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm lg:flex-row lg:items-center lg:justify-between">
      <Form
        method="get"
        onChange={onChange}
        className="flex flex-1 flex-col gap-4 sm:flex-row sm:items-center sm:gap-6"
      >
        {query.view === "list" ? <input type="hidden" name="view" value="list" /> : null}
        <FilterInputs filters={query} />
        <div className="flex items-center gap-2">
          <label htmlFor="sort" className="text-sm font-medium whitespace-nowrap text-stone-700">
            {t("sortBy")}
          </label>
          <select
            id="sort"
            name="sort"
            defaultValue={query.sort}
            key={query.sort}
            className="rounded-lg border border-stone-300 bg-white py-2 pr-8 pl-3 text-sm text-stone-900 focus:border-brand-600 focus:outline-none"
          >
            {SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {t(SORT_LABELS[o.value])}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-1 items-center gap-3 sm:max-w-xs">
          <label
            htmlFor="max-price"
            className="text-sm font-medium whitespace-nowrap text-stone-700"
          >
            {t("maxPrice")}
          </label>
          <input
            id="max-price"
            type="range"
            name="max"
            min={0}
            max={PRICE_SLIDER_MAX}
            step={PRICE_SLIDER_STEP}
            value={maxPrice}
            onChange={(e) => {
              setMaxPrice(Number(e.currentTarget.value));
              setUnsubmittedMax(Number(e.currentTarget.value));
            }}
            onPointerUp={submitForm}
            onKeyUp={(e) => {
              if (/^(Arrow|Page|Home|End)/.test(e.key)) submitForm(e, 500);
            }}
            aria-valuetext={maxPrice >= PRICE_SLIDER_MAX ? t("anyPrice") : money(maxPrice * 100)}
            className="w-full accent-brand-700"
          />
          <output
            htmlFor="max-price"
            className="w-20 text-right text-sm font-semibold text-stone-900 tabular-nums"
          >
            {maxPrice >= PRICE_SLIDER_MAX ? t("any") : moneyInText(maxPrice * 100)}
          </output>
        </div>
        <noscript>
          <button
            type="submit"
            className="rounded-full bg-brand-800 px-4 py-2 text-sm font-semibold text-white"
          >
            {t("apply")}
          </button>
        </noscript>
      </Form>
      <div className="flex items-center justify-between gap-4">
        <p className="text-sm text-stone-700" aria-live="polite" data-testid="product-count">
          {t("productCount", { count: shownCount(total, locale) })}
        </p>
        <div
          className="flex rounded-lg border border-stone-300 p-0.5"
          role="group"
          aria-label={t("view")}
        >
          {(["grid", "list"] as const).map((view) => {
            const Icon = view === "grid" ? LayoutGrid : List;
            const active = query.view === view;
            return (
              <Link
                key={view}
                to={catalogSearch({ ...query, view, after: query.after, before: query.before })}
                preventScrollReset
                aria-current={active ? "true" : undefined}
                aria-label={view === "grid" ? t("gridView") : t("listView")}
                className={`rounded-md p-1.5 ${active ? "bg-brand-800 text-white" : "text-stone-600 hover:bg-stone-100"}`}
              >
                <Icon className="h-4 w-4" aria-hidden="true" />
              </Link>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/** Previous / next pages by keyset cursor; the page number is for display. */
export function ListingPagination({
  query,
  next,
  previous,
  pageCount,
}: {
  query: CatalogQuery;
  next?: string;
  previous?: string;
  pageCount: number;
}) {
  const t = useT(listingMessages);
  const locale = useLocale();
  if (!next && !previous) return null;
  const base = {
    sort: query.sort,
    maxPrice: query.maxPrice,
    view: query.view,
    ...filtersOf(query),
  };
  const linkClass =
    "inline-flex items-center rounded-full border border-stone-300 bg-white px-5 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-100";
  return (
    <nav aria-label={t("pagination")} className="mt-10 flex items-center justify-between gap-4">
      {previous ? (
        <Link
          to={catalogSearch(
            query.page === 2
              ? base
              : { ...base, before: previous, page: Math.max(1, query.page - 1) },
          )}
          rel="prev"
          className={linkClass}
        >
          {t("previousPage")}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-stone-600">
        {t("pageOf", {
          page: shownCount(query.page, locale),
          pages: shownCount(Math.max(pageCount, query.page), locale),
        })}
      </p>
      {next ? (
        <Link
          to={catalogSearch({ ...base, after: next, page: query.page + 1 })}
          rel="next"
          className={linkClass}
        >
          {t("nextPage")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

const inputClass =
  "w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 focus:border-brand-600 focus:outline-none";

/**
 * Strain and THC / CBD ranges as a plain GET form (works without JavaScript): Apply starts again
 * from the first page, keeping the sort, price bound and view; Clear filters drops only these.
 * `unit` names what the numbers are in (mg/g, mg per unit, or both on the all-products page).
 */
export function ListingFilters({ query, unit }: { query: CatalogQuery; unit: string }) {
  const t = useT(listingMessages);
  const strainName = useT(productCardMessages);
  const range = (name: "thc" | "cbd", label: string) => (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-stone-700">
        {t("rangeLegend", { label, unit })}
      </legend>
      <div className="mt-1 flex items-center gap-2">
        {(["Min", "Max"] as const).map((end) => {
          const key = `${name}${end}` as const;
          const id = `filter-${name}-${end.toLowerCase()}`;
          return (
            <div key={end} className="flex-1">
              <label htmlFor={id} className="sr-only">
                {t(end === "Min" ? "minimumIn" : "maximumIn", { label, unit })}
              </label>
              <input
                id={id}
                name={key}
                type="number"
                inputMode="decimal"
                min={0}
                max={POTENCY_FILTER_MAX}
                step={0.1}
                placeholder={end === "Min" ? t("min") : t("max")}
                defaultValue={query[key] ?? ""}
                key={String(query[key] ?? "")}
                className={inputClass}
              />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
  const keep = { sort: query.sort, maxPrice: query.maxPrice, view: query.view };
  return (
    <Form
      method="get"
      aria-label={t("filterProducts")}
      className="mt-4 grid gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
    >
      {query.sort !== "name" ? <input type="hidden" name="sort" value={query.sort} /> : null}
      {query.maxPrice < PRICE_SLIDER_MAX ? (
        <input type="hidden" name="max" value={query.maxPrice} />
      ) : null}
      {query.view === "list" ? <input type="hidden" name="view" value="list" /> : null}
      <div>
        <label htmlFor="filter-strain" className="text-sm font-medium text-stone-700">
          {t("strainType")}
        </label>
        <select
          id="filter-strain"
          name="strain"
          defaultValue={query.strain ?? ""}
          key={query.strain ?? ""}
          className={`mt-1 ${inputClass}`}
        >
          <option value="">{t("anyStrain")}</option>
          {STRAIN_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {strainName(STRAIN_LABELS[o.value])}
            </option>
          ))}
        </select>
      </div>
      {range("thc", "THC")}
      {range("cbd", "CBD")}
      <div className="flex items-center gap-4">
        <button
          type="submit"
          className="rounded-full bg-brand-800 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-900"
        >
          {t("applyFilters")}
        </button>
        {hasFilters(query) ? (
          <Link to={catalogSearch(keep)} className="text-sm text-brand-800 underline">
            {t("clearFilters")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
