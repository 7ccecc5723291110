import { isRouteErrorResponse, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/category";
import {
  ListingControls,
  ListingFilters,
  ListingPagination,
} from "~/components/store/listing-controls";
import { Link } from "~/components/store/localized-link";
import { ProductGrid, ProductGridSkeleton, SKELETON_CARDS } from "~/components/store/product-card";
import { PageLink } from "~/components/ui/page-link";
import { ErrorPage } from "~/components/ui/error-page";
import { findCategory } from "~/lib/categories";
import { describeError } from "~/lib/errors";
import { catalogSearch, filtersOf, PAGE_SIZE, parseCatalogQuery } from "~/lib/catalog-query";
import { CATEGORY_CANNABIS_KIND } from "~/lib/cannabis-limit";
import { localeOfPath, localizePath, requestLocale, type Locale } from "~/lib/i18n/locale";
import { catalogMessages } from "~/lib/i18n/messages/catalog";
import { listingMessages } from "~/lib/i18n/messages/listing";
import { combineMessages, translator } from "~/lib/i18n/translate";
import { useLocale, useT } from "~/lib/i18n/use-locale";
import { potencyBasis, potencyUnit } from "~/lib/potency";
import { absoluteUrl, seoMeta, storeFromMatches } from "~/lib/seo";
import { InvalidCursorError, listCatalogPage } from "~/server/catalog/listing.server";
import { errorResponse, invariantResponse } from "~/server/http/responses.server";
import { publicPageHeaders } from "~/server/storefront/visitor.server";

const listingPageMessages = combineMessages(catalogMessages, listingMessages);

/** The page's heading and blurb: the category's, or All Products'. */
function listingHeading(
  category: ReturnType<typeof findCategory>,
  locale: Locale,
): { name: string; blurb: string } {
  if (category) return { name: category.name, blurb: category.blurb };
  const t = translator(listingPageMessages, locale);
  return { name: t("allProductsName"), blurb: t("allProductsBlurb") };
}

/** /category/:slug and /products (all products): sorted, filtered and paged on the server. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  const t = translator(listingPageMessages, locale);
  const category = params.slug === undefined ? undefined : findCategory(params.slug, locale);
  invariantResponse(params.slug === undefined || category, t("categoryNotFound"), {
    status: 404,
  });
  const parsed = parseCatalogQuery(new URL(request.url).searchParams, locale);
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
      locale,
    });
    return {
      category: category ?? null,
      heading: listingHeading(category, locale),
      query,
      ...page,
      pageCount: Math.ceil(page.total / PAGE_SIZE),
    };
  } catch (error) {
    if (error instanceof InvalidCursorError) {
      throw errorResponse(locale === "en" ? error.message : t("invalidPageLink"), 400);
    }
    throw error;
  }
}

export const headers = publicPageHeaders;

/**
 * The unit the potency filter's numbers are in: the category's (mg/g, or mg per unit for edibles
 * and drinks); on all products each product compares in its own unit, so both are named.
 */
function potencyFilterUnit(slug: string | undefined, locale: Locale): string {
  const kind = slug === undefined ? undefined : CATEGORY_CANNABIS_KIND[slug];
  const basis = kind ? potencyBasis(kind) : null;
  return basis ? potencyUnit(basis, locale) : translator(listingPageMessages, locale)("unitBoth");
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  const store = storeFromMatches(matches);
  const locale = localeOfPath(location.pathname);
  const t = translator(listingPageMessages, locale);
  if (!data) return seoMeta({ title: `${t("products")} | ${store.storeName}` });
  const path = localizePath(
    data.category ? `/category/${data.category.slug}` : "/products",
    locale,
  );
  const suffix = data.query.page > 1 ? t("pageSuffix", { page: String(data.query.page) }) : "";
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
  const locale = useLocale();
  const t = useT(listingPageMessages);
  // A new sort, price or page of this same listing: show the skeleton while it loads.
  const loading =
    navigation.state === "loading" && navigation.location.pathname === location.pathname;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <nav aria-label={t("breadcrumb")} className="text-sm text-stone-600">
        <PageLink to="/" className="hover:text-brand-800">
          {t("home")}
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
      <ListingFilters query={query} unit={potencyFilterUnit(category?.slug, locale)} />
      <div className="mt-8">
        <h2 className="sr-only">{t("products")}</h2>
        {loading ? (
          <ProductGridSkeleton count={SKELETON_CARDS} layout={query.view} />
        ) : products.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-stone-300 p-10 text-center text-stone-600">
            {t("noProductsInCategory")}
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
            {t("backToFirstPage")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** 'Error loading products: {message}' with Try Again, which reloads the page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  const t = useT(listingPageMessages);
  if (isRouteErrorResponse(error) && error.status === 404)
    return <ErrorPage variant="store" error={error} />;
  // A refused listing (bad sort, page or cursor) says why; a failure of ours says 'Failed to load
  // products' (docs/product/storefront.md#categories-and-listings).
  const given = isRouteErrorResponse(error) && error.status < 500 ? describeError(error) : null;
  const message = given?.message ?? t("failedToLoadProducts");
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-8 text-red-900">
        <h1 className="text-lg font-semibold">{t("errorLoadingProducts", { message })}</h1>
        <div className="mt-6 flex flex-wrap gap-3">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="rounded-full bg-red-700 px-5 py-2 text-sm font-semibold text-white hover:bg-red-800"
          >
            {t("tryAgain")}
          </button>
          <Link
            to={location.pathname}
            reloadDocument
            className="rounded-full border border-red-300 px-5 py-2 text-sm font-semibold text-red-900 hover:bg-red-100"
          >
            {t("startOver")}
          </Link>
        </div>
      </div>
    </div>
  );
}
