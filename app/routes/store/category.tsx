import { isRouteErrorResponse, Link, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/category";
import {
  ListingControls,
  ListingFilters,
  ListingPagination,
} from "~/components/store/listing-controls";
import { ProductGrid, ProductGridSkeleton } from "~/components/store/product-card";
import { PageLink } from "~/components/ui/page-link";
import { ErrorPage } from "~/components/ui/error-page";
import { findCategory } from "~/lib/categories";
import { describeError } from "~/lib/errors";
import {
  catalogSearch,
  filtersOf,
  PAGE_SIZE,
  parseCatalogQuery,
  SKELETON_CARDS,
} from "~/lib/catalog-query";
import { CATEGORY_CANNABIS_KIND } from "~/lib/cannabis-limit";
import { potencyBasis, potencyUnit } from "~/lib/potency";
import { absoluteUrl, seoMeta, storeFromMatches } from "~/lib/seo";
import { InvalidCursorError, listCatalogPage } from "~/server/catalog/listing.server";
import { errorResponse, invariantResponse } from "~/server/http/responses.server";
import { publicPageHeaders } from "~/server/storefront/visitor.server";

const ALL_PRODUCTS = {
  name: "All Products",
  blurb:
    "Everything on our shelves: flowers, concentrates, edibles, vapes, hash, mushrooms and bulk buys.",
};

/** /category/:slug and /products (all products): sorted, filtered and paged on the server. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const category = params.slug === undefined ? undefined : findCategory(params.slug);
  invariantResponse(params.slug === undefined || category, "Category not found", { status: 404 });
  const parsed = parseCatalogQuery(new URL(request.url).searchParams);
  if (!parsed.ok) throw errorResponse(parsed.message, 400);
  const query = parsed.value;
  try {
    const page = await listCatalogPage({
      category: category?.slug,
      sort: query.sort,
      maxPrice: query.maxPrice,
      ...filtersOf(query),
      after: query.after,
      before: query.before,
    });
    return {
      category: category ?? null,
      heading: category ?? ALL_PRODUCTS,
      query,
      ...page,
      pageCount: Math.ceil(page.total / PAGE_SIZE),
    };
  } catch (error) {
    if (error instanceof InvalidCursorError) throw errorResponse(error.message, 400);
    throw error;
  }
}

export const headers = publicPageHeaders;

/**
 * The unit the potency filter's numbers are in: the category's (mg/g, or mg per unit for edibles
 * and drinks); on all products each product compares in its own unit, so both are named.
 */
function potencyFilterUnit(slug: string | undefined): string {
  const kind = slug === undefined ? undefined : CATEGORY_CANNABIS_KIND[slug];
  const basis = kind ? potencyBasis(kind) : null;
  return basis ? potencyUnit(basis) : "mg/g or mg per unit";
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  const store = storeFromMatches(matches);
  if (!data) return seoMeta({ title: `Products | ${store.storeName}` });
  const path = data.category ? `/category/${data.category.slug}` : "/products";
  const suffix = data.query.page > 1 ? ` (page ${data.query.page})` : "";
  return seoMeta({
    title: `${data.heading.name}${suffix} | ${store.storeName}`,
    description: data.heading.blurb,
    url: absoluteUrl(store.publicUrl, path + (data.query.after ? location.search : "")),
    siteName: store.storeName,
    image: data.products[0]?.imageUrl
      ? absoluteUrl(store.publicUrl, data.products[0].imageUrl)
      : undefined,
  });
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, heading, query, products, total, next, previous, pageCount } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  // A new sort, price or page of this same listing: show the skeleton while it loads.
  const loading =
    navigation.state === "loading" && navigation.location.pathname === location.pathname;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <nav aria-label="Breadcrumb" className="text-sm text-stone-600">
        <PageLink to="/" className="hover:text-brand-800">
          Home
        </PageLink>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{heading.name}</span>
      </nav>
      <header className="mt-3 mb-8 max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">
          {heading.name}
        </h1>
        <p className="mt-3 text-lg text-stone-600">{heading.blurb}</p>
      </header>
      <ListingControls query={query} total={total} />
      <ListingFilters query={query} unit={potencyFilterUnit(category?.slug)} />
      <div className="mt-8">
        <h2 className="sr-only">Products</h2>
        {loading ? (
          <ProductGridSkeleton count={SKELETON_CARDS} layout={query.view} />
        ) : products.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-stone-300 p-10 text-center text-stone-600">
            No products found in this category.
          </p>
        ) : (
          <ProductGrid
            products={products}
            layout={query.view}
            priorityCount={query.view === "list" ? 1 : 2}
          />
        )}
      </div>
      <ListingPagination query={query} next={next} previous={previous} pageCount={pageCount} />
      {query.page > 1 && !loading ? (
        <p className="mt-4 text-center text-sm">
          <Link
            to={catalogSearch({
              sort: query.sort,
              maxPrice: query.maxPrice,
              view: query.view,
              ...filtersOf(query),
            })}
            className="text-brand-800 underline"
          >
            Back to the first page
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** 'Error loading products: {message}' with Try Again, which reloads the page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404)
    return <ErrorPage variant="store" error={error} />;
  // A refused listing (bad sort, page or cursor) says why; a failure of ours says 'Failed to load
  // products' (docs/product/storefront.md#categories-and-listings).
  const given = isRouteErrorResponse(error) && error.status < 500 ? describeError(error) : null;
  const message = given?.message ?? "Failed to load products";
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-8 text-red-900">
        <h1 className="text-lg font-semibold">Error loading products: {message}</h1>
        <div className="mt-6 flex flex-wrap gap-3">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="rounded-full bg-red-700 px-5 py-2 text-sm font-semibold text-white hover:bg-red-800"
          >
            Try Again
          </button>
          <Link
            to={location.pathname}
            reloadDocument
            className="rounded-full border border-red-300 px-5 py-2 text-sm font-semibold text-red-900 hover:bg-red-100"
          >
            Start over
          </Link>
        </div>
      </div>
    </div>
  );
}
