import { ShoppingBag } from "lucide-react";
import { unitDriedMg } from "~/lib/cannabis-limit";
import { cartItemId, setCartDrawerOpen } from "~/lib/cart";
import { productCardMessages } from "~/lib/i18n/messages/product-card";
import { useLocale, useT } from "~/lib/i18n/use-locale";
import { variationPrice, type ProductSummary } from "~/lib/product";
import { useHydrated } from "~/lib/use-hydrated";
import { addWithinLimit } from "./cannabis-meter";
import { localizedSizeLabel } from "./size-picker";

/**
 * Adds the chosen size to the browser cart and opens the drawer; disabled when out of stock, and
 * until the page is hydrated (the cart lives in the browser: a tap before that would be lost).
 */
export function AddToCartButton({
  product,
  variationId,
  quantity = 1,
  available,
  size = "md",
}: {
  product: ProductSummary;
  variationId: string | undefined;
  quantity?: number;
  available: number;
  size?: "sm" | "md";
}) {
  const variation = product.variations.find((v) => v.id === variationId);
  const hydrated = useHydrated();
  const t = useT(productCardMessages);
  const locale = useLocale();
  const disabled = available <= 0 || !hydrated;
  return (
    <button
      type="button"
      disabled={disabled}
      onClick={() => {
        const label = variation ? localizedSizeLabel(variation, locale) : undefined;
        const item = {
          id: cartItemId(product.id, variation?.id),
          name: label ? `${product.name} (${label})` : product.name,
          price: variationPrice(product, variation?.id) / 100,
          image: product.imageUrl,
          quantity,
          selectedSize: label,
          driedMg: unitDriedMg(product, variation),
        };
        // Past 30 g of dried cannabis the addition is refused and the drawer says why.
        if (addWithinLimit(item, locale)) setCartDrawerOpen(true);
      }}
      className={`cart-button ${
        available <= 0
          ? "disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600 disabled:shadow-none"
          : "disabled:cursor-wait"
      } ${size === "sm" ? "px-4 py-2 text-sm" : "px-6 py-3 text-base"}`}
    >
      {size === "md" ? <ShoppingBag className="h-5 w-5" aria-hidden="true" /> : null}
      {t("addToCart")}
    </button>
  );
}
