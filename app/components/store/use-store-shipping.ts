import { useRouteLoaderData } from "react-router";
import type { ShippingSettings } from "~/lib/store-settings";
import type { loader as layoutLoader } from "~/routes/store/layout";

/**
 * Settings → Shipping as the storefront layout loaded it: every shipping promise a page makes
 * reads its figures here, never from a constant. Null outside the storefront layout.
 */
export function useStoreShipping(): ShippingSettings | null {
  return useRouteLoaderData<typeof layoutLoader>("routes/store/layout")?.shipping ?? null;
}
