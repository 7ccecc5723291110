import { useId, useState } from "react";
import { PageLink } from "~/components/ui/page-link";
import { findCategory } from "~/lib/categories";
import type { Locale } from "~/lib/i18n/locale";
import { productCardMessages } from "~/lib/i18n/messages/product-card";
import { shellMessages } from "~/lib/i18n/messages/shell";
import { translator } from "~/lib/i18n/translate";
import { useLocale, useMoney, useT } from "~/lib/i18n/use-locale";
import { resolveKind } from "~/lib/cannabis-limit";
import { potencyLabel } from "~/lib/potency";
import {
  defaultVariationId,
  shownPotency,
  variationPrice,
  type ProductSummary,
} from "~/lib/product";
import { availableStock, stockBadge } from "~/lib/stock";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { AddToCartButton } from "./add-to-cart";
import { Rating } from "./rating";
import { SizePicker } from "./size-picker";
import { StockBadge } from "./stock-badge";

/**
 * The strain and the potency as the package reads (app/lib/potency.ts), of the chosen size like
 * the price (the default size's until one is picked; the product's own without sizes).
 */
export function productFacts(
  product: ProductSummary,
  variationId: string | undefined,
  locale: Locale,
): string {
  const { values, size } = shownPotency(product, variationId);
  return [
    strainName(product.strain, locale),
    potencyLabel(resolveKind(product), values, size, locale),
  ]
    .filter(Boolean)
    .join(" · ");
}

const STRAIN_KEYS = {
  indica: "strainIndica",
  sativa: "strainSativa",
  hybrid: "strainHybrid",
} as const;

/** The strain as typed by staff; the three strain types are said in the page's language. */
function strainName(strain: string | null, locale: Locale): string | null {
  const key = strain
    ? STRAIN_KEYS[strain.trim().toLowerCase() as keyof typeof STRAIN_KEYS]
    : undefined;
  return key ? translator(productCardMessages, locale)(key) : strain;
}

/** Placeholder cards while a listing loads (the layout, Home, listings and search). */
export const SKELETON_CARDS = 8;

/**
 * A product card (docs/product/storefront.md#product-cards-and-stock-badges): size choice drives
 * price, stock badge and Add to Cart; the first size in stock is chosen to start with.
 */
export function ProductCard({
  product,
  priority = false,
  layout = "grid",
}: {
  product: ProductSummary;
  priority?: boolean;
  layout?: "grid" | "list";
}) {
  const locale = useLocale();
  const { money } = useMoney();
  const [variationId, setVariationId] = useState(() => defaultVariationId(product));
  const sizeName = useId();
  const available = availableStock(product, variationId);
  const list = layout === "list";
  const href = `/products/${product.slug}` as const;
  return (
    // Repeated up to 24 times a page: the long class lists live in app.css (card-*).
    <article className={`group card ${list ? "flex-row" : "flex-col"}`}>
      <PageLink
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        className={`card-media${list ? " w-32 sm:w-48" : ""}`}
      >
        <ResponsiveImage
          src={product.imageUrl}
          alt=""
          width={640}
          height={640}
          sizes={list ? "192px" : "(min-width: 1280px) 300px, (min-width: 1024px) 33vw, 50vw"}
          priority={priority}
          className="card-img"
        />
      </PageLink>
      <div className="card-body">
        <div className="card-meta">
          <span className="card-category">
            {findCategory(product.category, locale)?.name ?? product.category}
          </span>
          <StockBadge badge={stockBadge(available, product.stockAlertLevel)} />
        </div>
        <h3 className="font-semibold text-stone-900">
          <PageLink to={href} className="hover:text-brand-700">
            {product.name}
          </PageLink>
        </h3>
        <p className="text-xs text-stone-600">{productFacts(product, variationId, locale)}</p>
        <Rating value={product.rating} />
        {product.variations.length > 1 ? (
          <SizePicker
            name={sizeName}
            variations={product.variations}
            value={variationId}
            onChange={setVariationId}
            compact
          />
        ) : null}
        <div className="card-foot">
          <span className="card-price" data-testid="price">
            {money(variationPrice(product, variationId))}
          </span>
          <AddToCartButton
            product={product}
            variationId={variationId}
            available={available}
            size="sm"
          />
        </div>
      </div>
    </article>
  );
}

export function ProductGrid({
  products,
  layout = "grid",
  priorityCount = 0,
}: {
  products: ProductSummary[];
  layout?: "grid" | "list";
  priorityCount?: number;
}) {
  return (
    <ul
      className={
        layout === "list"
          ? "grid gap-4"
          : "grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4"
      }
    >
      {products.map((product, i) => (
        <li key={product.id} className="flex">
          <ProductCard product={product} layout={layout} priority={i < priorityCount} />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({
  count,
  layout = "grid",
}: {
  count: number;
  layout?: "grid" | "list";
}) {
  const t = useT(shellMessages);
  return (
    <ul
      aria-busy="true"
      aria-label={t("loadingProducts")}
      data-testid="product-skeleton"
      className={
        layout === "list"
          ? "grid gap-4"
          : "grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4"
      }
    >
      {Array.from({ length: count }, (_, i) => (
        <li
          key={i}
          className={`flex animate-pulse overflow-hidden rounded-2xl border border-stone-200 bg-white ${layout === "list" ? "flex-row" : "flex-col"}`}
        >
          <div
            className={`bg-stone-200 ${layout === "list" ? "aspect-square w-32 sm:w-48" : "aspect-square"}`}
          />
          <div className="flex flex-1 flex-col gap-3 p-4">
            <div className="h-3 w-1/3 rounded bg-stone-200" />
            <div className="h-4 w-3/4 rounded bg-stone-200" />
            <div className="h-3 w-1/2 rounded bg-stone-200" />
            <div className="mt-4 h-8 w-full rounded-full bg-stone-200" />
          </div>
        </li>
      ))}
    </ul>
  );
}
