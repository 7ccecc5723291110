import { Link } from "react-router";
import { findCategory } from "~/lib/categories";
import { formatMoney } from "~/lib/money";
import type { ProductSummary } from "~/lib/product";
import { availableStock, STOCK_BADGE_LABELS, stockBadge } from "~/lib/stock";
import { ResponsiveImage } from "~/components/ui/responsive-image";

const BADGE_STYLES = {
  out: "bg-stone-200 text-stone-700",
  low: "bg-amber-100 text-amber-800",
  in: "bg-brand-100 text-brand-800",
};

export function ProductCard({
  product,
  priority = false,
}: {
  product: ProductSummary;
  priority?: boolean;
}) {
  const first = product.variations[0];
  const price = first?.priceCents ?? product.priceCents;
  const badge = stockBadge(availableStock(product, first?.id), product.stockAlertLevel);
  return (
    <article className="group flex flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition hover:shadow-md">
      <Link
        to={`/products/${product.slug}`}
        className="block aspect-square overflow-hidden bg-stone-100"
      >
        <ResponsiveImage
          src={product.imageUrl}
          alt={product.name}
          width={640}
          height={640}
          sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
          priority={priority}
          className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-center justify-between gap-2 text-xs">
          <span className="font-medium uppercase tracking-wide text-stone-500">
            {findCategory(product.category)?.name ?? product.category}
          </span>
          <span className={`rounded-full px-2 py-0.5 font-semibold ${BADGE_STYLES[badge]}`}>
            {STOCK_BADGE_LABELS[badge]}
          </span>
        </div>
        <h3 className="font-semibold text-stone-900">
          <Link to={`/products/${product.slug}`} className="hover:text-brand-700">
            {product.name}
          </Link>
        </h3>
        <p className="text-xs text-stone-500">
          {[
            product.strain,
            product.thc && `THC ${product.thc}`,
            product.cbd && `CBD ${product.cbd}`,
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
        <div className="mt-auto flex items-center justify-between pt-2">
          <span className="text-lg font-bold text-brand-900">{formatMoney(price)}</span>
          <span className="text-xs text-amber-600" aria-label={`Rated ${product.rating} out of 5`}>
            ★ {product.rating.toFixed(1)}
          </span>
        </div>
      </div>
    </article>
  );
}
