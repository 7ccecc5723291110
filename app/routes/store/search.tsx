import { Search } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { ErrorPage } from "~/components/ui/error-page";
import type { Route } from "./+types/search";
import { Link } from "~/components/store/localized-link";
import { ProductGrid, ProductGridSkeleton, SKELETON_CARDS } from "~/components/store/product-card";
import { localeOfPath, localizePath, requestLocale } from "~/lib/i18n/locale";
import { searchMessages } from "~/lib/i18n/messages/search";
import { translator } from "~/lib/i18n/translate";
import { useLocale, useT } from "~/lib/i18n/use-locale";
import { absoluteUrl, seoMeta, storeFromMatches } from "~/lib/seo";
import { stripControlCharacters } from "~/schemas/text";
import { searchProducts } from "~/server/catalog/search.server";
import { invariantResponse } from "~/server/http/responses.server";
import { publicPageHeaders } from "~/server/storefront/visitor.server";

const MAX_QUERY = 100;

export async function loader({ request }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  const params = new URL(request.url).searchParams;
  const q = stripControlCharacters(params.get("q") ?? "")
    .trim()
    .slice(0, MAX_QUERY);
  const rawPage = params.get("page");
  const page = rawPage === null ? 1 : Number(rawPage);
  invariantResponse(
    Number.isInteger(page) && page >= 1 && page <= 1000,
    translator(searchMessages, locale)("invalidPage"),
  );
  const result = q ? await searchProducts({ q, page, locale }) : undefined;
  return { q, page, result };
}

export const headers = publicPageHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  const store = storeFromMatches(matches);
  const locale = localeOfPath(location.pathname);
  const t = translator(searchMessages, locale);
  const { storeName } = store;
  const q = data?.q;
  return seoMeta({
    title: q ? t("metaTitleResults", { q, storeName }) : t("metaTitle", { storeName }),
    description: t("metaDescription", { storeName }),
    url: absoluteUrl(store.publicUrl, localizePath("/search", locale)),
    siteName: store.storeName,
    noindex: Boolean(q),
  });
}

function pageLink(q: string, page: number) {
  const params = new URLSearchParams({ q });
  if (page > 1) params.set("page", String(page));
  return `/search?${params}`;
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, result } = loaderData;
  const t = useT(searchMessages);
  const locale = useLocale();
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" &&
    navigation.location.pathname === localizePath("/search", locale);
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">
        {t("heading")}
      </h1>
      <Form method="get" role="search" className="mt-6 flex max-w-2xl gap-2">
        <label htmlFor="search-page-q" className="sr-only">
          {t("inputLabel")}
        </label>
        <input
          id="search-page-q"
          key={q}
          type="search"
          name="q"
          defaultValue={q}
          maxLength={MAX_QUERY}
          placeholder={t("inputPlaceholder")}
          className="min-w-0 flex-1 rounded-full border border-stone-300 bg-white px-5 py-3 text-base focus:border-brand-600 focus:outline-none"
        />
        <button
          type="submit"
          className="inline-flex items-center gap-2 rounded-full bg-brand-800 px-6 py-3 font-semibold text-white hover:bg-brand-900"
        >
          <Search className="h-4 w-4" aria-hidden="true" />
          {t("submit")}
        </button>
      </Form>
      <div className="mt-8">
        <h2 className="sr-only">{t("resultsHeading")}</h2>
        {loading ? (
          <ProductGridSkeleton count={SKELETON_CARDS} />
        ) : !result ? (
          <p className="text-stone-600">{t("prompt")}</p>
        ) : result.total === 0 ? (
          <div className="rounded-2xl border border-dashed border-stone-300 p-10 text-center">
            <p className="text-stone-700">{t("noResults", { q })}</p>
            <Link
              to="/products"
              className="mt-4 inline-block font-semibold text-brand-800 underline"
            >
              {t("browseAll")}
            </Link>
          </div>
        ) : (
          <>
            <p
              className="mb-6 text-sm text-stone-700"
              aria-live="polite"
              data-testid="search-count"
            >
              {t("resultCount", { count: result.total, q })}
            </p>
            <ProductGrid products={result.products} priorityCount={2} />
            {result.pageCount > 1 ? (
              <nav
                aria-label={t("pagination")}
                className="mt-10 flex items-center justify-between gap-4"
              >
                {result.page > 1 ? (
                  <Link
                    to={pageLink(q, result.page - 1)}
                    rel="prev"
                    className="rounded-full border border-stone-300 bg-white px-5 py-2 text-sm font-semibold hover:bg-stone-100"
                  >
                    {t("previousPage")}
                  </Link>
                ) : (
                  <span />
                )}
                <p className="text-sm text-stone-600">
                  {t("pageOf", { page: result.page, pageCount: result.pageCount })}
                </p>
                {result.page < result.pageCount ? (
                  <Link
                    to={pageLink(q, result.page + 1)}
                    rel="next"
                    className="rounded-full border border-stone-300 bg-white px-5 py-2 text-sm font-semibold hover:bg-stone-100"
                  >
                    {t("nextPage")}
                  </Link>
                ) : (
                  <span />
                )}
              </nav>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage variant="store" error={error} />;
}
