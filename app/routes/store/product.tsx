import { Minus, Plus, ShieldCheck, Truck } from "lucide-react";
import { useState } from "react";
import { PageLink } from "~/components/ui/page-link";
import type { Route } from "./+types/product";
import { AddToCartButton } from "~/components/store/add-to-cart";
import { ProductGallery } from "~/components/store/product-gallery";
import { ProductGrid, productFacts } from "~/components/store/product-card";
import { Rating } from "~/components/store/rating";
import { SizePicker } from "~/components/store/size-picker";
import { StockBadge } from "~/components/store/stock-badge";
import { useStoreShipping } from "~/components/store/use-store-shipping";
import { useNonce } from "~/lib/nonce";
import { ErrorPage } from "~/components/ui/error-page";
import { findCategory } from "~/lib/categories";
import { localeOfPath, localizePath, requestLocale, type Locale } from "~/lib/i18n/locale";
import { catalogMessages } from "~/lib/i18n/messages/catalog";
import { productPageMessages } from "~/lib/i18n/messages/product-page";
import { combineMessages, translator, type Translate } from "~/lib/i18n/translate";
import { useLocale, useMoney, useT } from "~/lib/i18n/use-locale";
import { resolveKind } from "~/lib/cannabis-limit";
import { potencyProperties } from "~/lib/potency";
import { defaultVariationId, galleryImages, shownPotency, variationPrice } from "~/lib/product";
import { excerpt } from "~/lib/text";
import { absoluteUrl, scriptJson, seoMeta, storeFromMatches } from "~/lib/seo";
import { availableStock, stockBadge } from "~/lib/stock";
import { shippingTermsLine } from "~/lib/store-settings";
import { getProductPage } from "~/server/catalog/products.server";
import { config } from "~/server/config.server";
import { invariantResponse } from "~/server/http/responses.server";
import { publicPageHeaders } from "~/server/storefront/visitor.server";

const productMessages = combineMessages(catalogMessages, productPageMessages);

export async function loader({ params, request }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  const page = await getProductPage(params.slug, locale);
  invariantResponse(page, translator(productMessages, locale)("productNotFound"), {
    status: 404,
  });
  const { product } = page;
  const base = config().publicUrl;
  const url = absoluteUrl(base, localizePath(`/products/${product.slug}`, locale));
  const prices = product.variations.length
    ? product.variations.map((v) => v.priceCents)
    : [product.priceCents];
  // The potency shown before a size is picked (the default size's, or the product's own).
  const potency = potencyProperties(resolveKind(product), shownPotency(product).values, locale);
  // schema.org Product, rendered with the CSP nonce.
  const structuredData = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    sku: product.sku ?? undefined,
    category: findCategory(product.category, locale)?.name,
    image: galleryImages(product).map((src) => absoluteUrl(base, src)),
    url,
    additionalProperty: potency.length > 0 ? potency : undefined,
    offers: {
      "@type": "AggregateOffer",
      priceCurrency: "CAD",
      lowPrice: (Math.min(...prices) / 100).toFixed(2),
      highPrice: (Math.max(...prices) / 100).toFixed(2),
      offerCount: prices.length,
      availability:
        availableStock(product) > 0
          ? "https://schema.org/InStock"
          : "https://schema.org/OutOfStock",
    },
  };
  return { ...page, url, structuredData };
}

export const headers = publicPageHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  const store = storeFromMatches(matches);
  if (!data) {
    const t = translator(productMessages, localeOfPath(location.pathname));
    return seoMeta({ title: `${t("productNotFound")} | ${store.storeName}`, noindex: true });
  }
  const { product } = data;
  return seoMeta({
    title: `${product.name} | ${store.storeName}`,
    description: excerpt(product.description, 160),
    url: data.url,
    type: "product",
    siteName: store.storeName,
    image: product.imageUrl ? absoluteUrl(store.publicUrl, product.imageUrl) : undefined,
  });
}

/** "12 available": the count as today in English ("1234"), the French way in French ("1 234"). */
function availableText(
  available: number,
  locale: Locale,
  t: Translate<(typeof productMessages)["en"]>,
): string {
  return t("available", { count: locale === "en" ? String(available) : available });
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, related, structuredData } = loaderData;
  const locale = useLocale();
  const t = useT(productMessages);
  const { money } = useMoney();
  const nonce = useNonce();
  const shipping = useStoreShipping();
  const [variationId, setVariationId] = useState(() => defaultVariationId(product));
  const [quantity, setQuantity] = useState(1);
  const [lastProduct, setLastProduct] = useState(product.id);
  if (lastProduct !== product.id) {
    // Client navigation to another product reuses this component: start from its defaults.
    setLastProduct(product.id);
    setVariationId(defaultVariationId(product));
    setQuantity(1);
  }
  const available = availableStock(product, variationId);
  const category = findCategory(product.category, locale);
  const clampedQuantity = Math.max(1, Math.min(quantity, Math.max(available, 1)));

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <script
        type="application/ld+json"
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: scriptJson(structuredData) }}
      />
      <nav aria-label={t("breadcrumb")} className="text-sm text-stone-600">
        <PageLink to="/" className="hover:text-brand-800">
          {t("home")}
        </PageLink>
        <span aria-hidden="true"> / </span>
        {category ? (
          <>
            <PageLink to={`/category/${category.slug}`} className="hover:text-brand-800">
              {category.name}
            </PageLink>
            <span aria-hidden="true"> / </span>
          </>
        ) : null}
        <span aria-current="page">{product.name}</span>
      </nav>

      <div className="mt-6 grid gap-10 lg:grid-cols-2 lg:gap-14">
        <ProductGallery key={product.id} images={galleryImages(product)} name={product.name} />
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            {category?.name ?? product.category}
          </p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">
            {product.name}
          </h1>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <Rating value={product.rating} size="md" />
            <StockBadge badge={stockBadge(available, product.stockAlertLevel)} />
          </div>
          <p className="mt-2 text-sm text-stone-600">
            {productFacts(product, variationId, locale)}
          </p>
          <p
            role="status"
            aria-label={t("price")}
            className="mt-6 text-3xl font-bold text-brand-900"
          >
            {money(variationPrice(product, variationId))}
          </p>
          <div className="mt-6">
            <SizePicker
              name="size"
              variations={product.variations}
              value={variationId}
              onChange={(id) => {
                setVariationId(id);
                setQuantity(1);
              }}
            />
          </div>
          <p className="mt-4 text-sm text-stone-700">
            {available > 0 ? availableText(available, locale, t) : t("unavailableInSize")}
          </p>
          <div className="mt-6 flex flex-wrap items-center gap-4">
            <div
              className="flex items-center rounded-full border border-stone-300 bg-white"
              role="group"
              aria-label={t("quantity")}
            >
              <button
                type="button"
                onClick={() => setQuantity(clampedQuantity - 1)}
                disabled={clampedQuantity <= 1}
                className="rounded-full p-3 text-stone-700 hover:bg-stone-100 disabled:opacity-40"
                aria-label={t("decreaseQuantity")}
              >
                <Minus className="h-4 w-4" aria-hidden="true" />
              </button>
              <span className="w-8 text-center font-semibold tabular-nums" aria-live="polite">
                {clampedQuantity}
              </span>
              <button
                type="button"
                onClick={() => setQuantity(clampedQuantity + 1)}
                disabled={clampedQuantity >= available}
                className="rounded-full p-3 text-stone-700 hover:bg-stone-100 disabled:opacity-40"
                aria-label={t("increaseQuantity")}
              >
                <Plus className="h-4 w-4" aria-hidden="true" />
              </button>
            </div>
            <AddToCartButton
              product={product}
              variationId={variationId}
              quantity={clampedQuantity}
              available={available}
            />
          </div>
          <ul className="mt-8 grid gap-3 rounded-2xl bg-brand-50 p-5 text-sm text-brand-950">
            {shipping ? (
              <li className="flex items-center gap-3">
                <Truck className="h-5 w-5 text-brand-700" aria-hidden="true" />
                {shippingTermsLine(shipping, locale)}
              </li>
            ) : null}
            <li className="flex items-center gap-3">
              <ShieldCheck className="h-5 w-5 text-brand-700" aria-hidden="true" />
              {t("payAndPackaging")}
            </li>
          </ul>
          <section aria-labelledby="description-title" className="mt-10">
            <h2 id="description-title" className="text-lg font-semibold text-stone-900">
              {t("description")}
            </h2>
            <p className="mt-3 leading-7 whitespace-pre-line text-stone-700">
              {product.description}
            </p>
            {product.sku ? (
              <p className="mt-4 text-xs text-stone-600">{t("sku", { sku: product.sku })}</p>
            ) : null}
          </section>
        </div>
      </div>

      {related.length > 0 ? (
        <section aria-labelledby="related-title" className="mt-20">
          <h2 id="related-title" className="text-2xl font-bold tracking-tight text-stone-900">
            {t("relatedProducts")}
          </h2>
          <div className="mt-8">
            <ProductGrid products={related} />
          </div>
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage variant="store" error={error} />;
}
