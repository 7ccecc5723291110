import { Search } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { ErrorPage } from "~/components/ui/error-page";
import type { Route } from "./+types/search";
import { ProductGrid, ProductGridSkeleton } from "~/components/store/product-card";
import { SKELETON_CARDS } from "~/lib/catalog-query";
import { absoluteUrl, seoMeta, storeFromMatches } from "~/lib/seo";
import { stripControlCharacters } from "~/schemas/text";
import { searchProducts } from "~/server/catalog/search.server";
import { invariantResponse } from "~/server/http/responses.server";
import { publicPageHeaders } from "~/server/storefront/visitor.server";

const MAX_QUERY = 100;

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = stripControlCharacters(params.get("q") ?? "")
    .trim()
    .slice(0, MAX_QUERY);
  const rawPage = params.get("page");
  const page = rawPage === null ? 1 : Number(rawPage);
  invariantResponse(
    Number.isInteger(page) && page >= 1 && page <= 1000,
    "The page number is not valid.",
  );
  const result = q ? await searchProducts({ q, page }) : undefined;
  return { q, page, result };
}

export const headers = publicPageHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  const store = storeFromMatches(matches);
  const q = data?.q;
  return seoMeta({
    title: q ? `Search results for “${q}” | ${store.storeName}` : `Search | ${store.storeName}`,
    description: `Search the ${store.storeName} catalogue by name, strain, category or description.`,
    url: absoluteUrl(store.publicUrl, "/search"),
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
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/search";
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">Search</h1>
      <Form method="get" role="search" className="mt-6 flex max-w-2xl gap-2">
        <label htmlFor="search-page-q" className="sr-only">
          Search products
        </label>
        <input
          id="search-page-q"
          key={q}
          type="search"
          name="q"
          defaultValue={q}
          maxLength={MAX_QUERY}
          placeholder="Name, strain, category or description"
          className="min-w-0 flex-1 rounded-full border border-stone-300 bg-white px-5 py-3 text-base focus:border-brand-600 focus:outline-none"
        />
        <button
          type="submit"
          className="inline-flex items-center gap-2 rounded-full bg-brand-800 px-6 py-3 font-semibold text-white hover:bg-brand-900"
        >
          <Search className="h-4 w-4" aria-hidden="true" />
          Search
        </button>
      </Form>
      <div className="mt-8">
        <h2 className="sr-only">Results</h2>
        {loading ? (
          <ProductGridSkeleton count={SKELETON_CARDS} />
        ) : !result ? (
          <p className="text-stone-600">
            Type a product name, strain (Indica, Sativa, Hybrid), category or flavour.
          </p>
        ) : result.total === 0 ? (
          <div className="rounded-2xl border border-dashed border-stone-300 p-10 text-center">
            <p className="text-stone-700">No products match “{q}”.</p>
            <Link
              to="/products"
              className="mt-4 inline-block font-semibold text-brand-800 underline"
            >
              Browse all products
            </Link>
          </div>
        ) : (
          <>
            <p
              className="mb-6 text-sm text-stone-700"
              aria-live="polite"
              data-testid="search-count"
            >
              {result.total} {result.total === 1 ? "result" : "results"} for “{q}”
            </p>
            <ProductGrid products={result.products} priorityCount={2} />
            {result.pageCount > 1 ? (
              <nav
                aria-label="Pagination"
                className="mt-10 flex items-center justify-between gap-4"
              >
                {result.page > 1 ? (
                  <Link
                    to={pageLink(q, result.page - 1)}
                    rel="prev"
                    className="rounded-full border border-stone-300 bg-white px-5 py-2 text-sm font-semibold hover:bg-stone-100"
                  >
                    ← Previous
                  </Link>
                ) : (
                  <span />
                )}
                <p className="text-sm text-stone-600">
                  Page {result.page} of {result.pageCount}
                </p>
                {result.page < result.pageCount ? (
                  <Link
                    to={pageLink(q, result.page + 1)}
                    rel="next"
                    className="rounded-full border border-stone-300 bg-white px-5 py-2 text-sm font-semibold hover:bg-stone-100"
                  >
                    Next →
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
