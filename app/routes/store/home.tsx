import { ArrowRight, Lock, RefreshCw, Truck, Wallet } from "lucide-react";
import { useRevalidator } from "react-router";
import { PageLink } from "~/components/ui/page-link";
import type { Route } from "./+types/home";
import {
  HOME_HERO_CLASS,
  HOME_HERO_INNER_CLASS,
  HOME_INTRO_CLASS,
} from "~/components/store/page-markup";
import { ProductGrid, ProductGridSkeleton, SKELETON_CARDS } from "~/components/store/product-card";
import { useStoreShipping } from "~/components/store/use-store-shipping";
import { localeOfPath, localizePath, requestLocale } from "~/lib/i18n/locale";
import { catalogMessages } from "~/lib/i18n/messages/catalog";
import { translator } from "~/lib/i18n/translate";
import { useLocale, useT } from "~/lib/i18n/use-locale";
import { freeShippingBadge } from "~/lib/store-settings";
import { absoluteUrl, seoMeta, storeFromMatches } from "~/lib/seo";
import { listFeaturedProducts } from "~/server/catalog/products.server";
import { getLiveAnnouncement } from "~/server/content/announcements.server";
import { getPublishedPage } from "~/server/content/pages.server";
import { logger } from "~/server/logger.server";
import { publicPageHeaders, visitorState } from "~/server/storefront/visitor.server";

const FEATURED_COUNT = 8;

export async function loader({ request }: Route.LoaderArgs) {
  const visitor = visitorState(request);
  const locale = requestLocale(request);
  const [page, announcement, featured] = await Promise.all([
    getPublishedPage("home", locale),
    getLiveAnnouncement(new Date(), locale),
    // The featured section fails on its own (error box with Try Again), not the whole page.
    listFeaturedProducts(FEATURED_COUNT, locale).then(
      (products) => ({ products, error: undefined }),
      (error: unknown) => {
        logger.error({ err: error }, "featured products failed to load");
        return {
          products: [],
          error: translator(catalogMessages, locale)("failedToLoadProducts"),
        };
      },
    ),
  ]);
  return {
    page,
    featured,
    announcement:
      announcement && !visitor.dismissedAnnouncements.includes(announcement.id)
        ? announcement
        : undefined,
  };
}

export const headers = publicPageHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  const store = storeFromMatches(matches);
  return seoMeta({
    title: data?.page?.title ?? store.storeName,
    description: data?.page?.description,
    url: absoluteUrl(store.publicUrl, localizePath("/", localeOfPath(location.pathname))),
    siteName: store.storeName,
  });
}

function FeaturedProducts({
  featured,
}: {
  featured: Route.ComponentProps["loaderData"]["featured"];
}) {
  const revalidator = useRevalidator();
  const t = useT(catalogMessages);
  const loading = revalidator.state === "loading";
  return (
    <section
      id="featured"
      aria-labelledby="featured-title"
      className="mx-auto max-w-7xl scroll-mt-20 px-4 py-16 sm:px-6"
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2
            id="featured-title"
            className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl"
          >
            {t("featuredTitle")}
          </h2>
          <p className="mt-1 text-stone-600">{t("featuredIntro")}</p>
        </div>
        <button
          type="button"
          onClick={() => void revalidator.revalidate()}
          disabled={loading}
          className="inline-flex items-center gap-2 rounded-full border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-100 disabled:opacity-60"
        >
          <RefreshCw className={`h-4 w-4 ${loading ? "animate-spin" : ""}`} aria-hidden="true" />
          {t("refreshProducts")}
        </button>
      </div>
      <div className="mt-8">
        {loading ? (
          <ProductGridSkeleton count={SKELETON_CARDS} />
        ) : featured.error ? (
          <div
            role="alert"
            className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900"
          >
            <p className="font-semibold">
              {t("errorLoadingProducts", { message: featured.error })}
            </p>
            <button
              type="button"
              onClick={() => void revalidator.revalidate()}
              className="mt-4 rounded-full bg-red-700 px-5 py-2 text-sm font-semibold text-white hover:bg-red-800"
            >
              {t("tryAgain")}
            </button>
          </div>
        ) : featured.products.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-stone-300 p-10 text-center text-stone-600">
            {t("noProductsAvailable")}
          </p>
        ) : (
          <ProductGrid products={featured.products} priorityCount={0} />
        )}
      </div>
      <div className="mt-10 flex justify-center">
        <PageLink
          to="/products"
          className="inline-flex items-center gap-2 rounded-full bg-brand-800 px-7 py-3 text-sm font-semibold text-white shadow hover:bg-brand-900"
        >
          {t("viewAllProducts")}
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </PageLink>
      </div>
    </section>
  );
}

export default function Home({ loaderData, matches }: Route.ComponentProps) {
  const { page, featured } = loaderData;
  const { storeName } = storeFromMatches(matches);
  const shipping = useStoreShipping();
  const locale = useLocale();
  const t = useT(catalogMessages);
  return (
    <>
      <section className={HOME_HERO_CLASS}>
        <svg
          viewBox="0 0 64 64"
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 -right-24 hidden h-[34rem] w-[34rem] -translate-y-1/2 rotate-12 text-brand-400/15 lg:block"
        >
          <path
            d="M32 4c5 10 6 19 3 29 7-9 16-13 25-13-6 9-15 15-24 16 9 1 16 6 20 11-9 0-16-2-21-7v20h-6V50c-5 5-12 7-21 7 4-5 11-10 20-11-9-1-18-7-24-16 9 0 18 4 25 13-3-10-2-19 3-29z"
            fill="currentColor"
          />
        </svg>
        <div className={HOME_HERO_INNER_CLASS}>
          <div
            className={HOME_INTRO_CLASS}
            dangerouslySetInnerHTML={{
              __html: page?.content ?? `<h1>${t("welcomeTo", { store: storeName })}</h1>`,
            }}
          />
          <div className="mt-9 flex flex-wrap gap-3">
            <PageLink
              to="/products"
              className="inline-flex items-center gap-2 rounded-full bg-accent-400 px-7 py-3 text-sm font-semibold text-brand-950 shadow hover:bg-accent-500"
            >
              {t("shopNow")}
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </PageLink>
            <PageLink
              to="/category/flowers"
              className="inline-flex items-center rounded-full border border-white/40 px-7 py-3 text-sm font-semibold text-white hover:bg-white/10"
            >
              {t("browseFlowers")}
            </PageLink>
          </div>
          <ul className="mt-12 grid max-w-2xl gap-4 text-sm text-brand-100 sm:grid-cols-3">
            {shipping ? (
              <li className="flex items-center gap-2">
                <Truck className="h-5 w-5 shrink-0 text-accent-400" aria-hidden="true" />
                {freeShippingBadge(shipping, locale)}
              </li>
            ) : null}
            <li className="flex items-center gap-2">
              <Wallet className="h-5 w-5 shrink-0 text-accent-400" aria-hidden="true" />
              {t("payByInterac")}
            </li>
            <li className="flex items-center gap-2">
              <Lock className="h-5 w-5 shrink-0 text-accent-400" aria-hidden="true" />
              {t("discreetParcels")}
            </li>
          </ul>
        </div>
      </section>
      <FeaturedProducts featured={featured} />
    </>
  );
}
