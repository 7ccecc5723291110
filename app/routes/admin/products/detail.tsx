import { ExternalLink, Pencil } from "lucide-react";
import { href, Link, useLocation } from "react-router";
import type { Route } from "./+types/detail";
import { Badge, StockCell, unitsText } from "~/components/admin/badges";
import { buttonClass } from "~/components/admin/button";
import { CloseButton, Modal, useCloseToList } from "~/components/admin/modal";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { StockHistory } from "~/components/admin/stock-history";
import { AdjustStockButton } from "~/components/admin/stock-adjust-dialog";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { DataTable } from "~/components/admin/list-page";
import { lotColumns } from "~/components/admin/lot-columns";
import { dayOfInstant, withDateTexts } from "~/lib/dates";
import { findCategory } from "~/lib/categories";
import { formatMoney } from "~/lib/money";
import { resolveKind } from "~/lib/cannabis-limit";
import { potencyBasis, potencyLabel } from "~/lib/potency";
import { DEFAULT_RATING, sizeLabel } from "~/lib/product";
import { getAdminProduct, PRODUCT_NOT_FOUND } from "~/server/catalog/product-admin.server";
import { config } from "~/server/config.server";
import { invariantResponse } from "~/server/http/responses.server";
import { listProductLots } from "~/server/inventory/lots.server";
import { storeSettings } from "~/server/settings/store-settings.server";
import { expiryWindowDays } from "~/lib/lots";
import { productMovements } from "~/server/inventory/stock-ledger.server";
import { decodeCursor } from "~/server/keyset.server";
import { currentAdmin, requirePermission } from "~/server/auth/admin-guard.server";
import { recordActivityFor } from "~/server/audit/activity.server";
import { ActivityPanel } from "~/components/admin/activity";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("products")];

/** The Product Details modal, over the list, with Adjust stock and the stock history. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const product = await getAdminProduct(params.productId);
  invariantResponse(product, PRODUCT_NOT_FOUND, { status: 404 });
  const url = new URL(request.url);
  const cursor = url.searchParams.get(HISTORY_PARAM);
  const allLots = url.searchParams.get(LOTS_PARAM) === "all";
  const [history, activity, lots, settings] = await Promise.all([
    productMovements(product.id, decodeCursor(cursor)),
    recordActivityFor(currentAdmin(context), "product", product.id),
    listProductLots(product.id, { all: allLots }),
    storeSettings(),
  ]);
  const timeZone = config().STORE_TIMEZONE;
  return withDateTexts(
    {
      product,
      history,
      activity,
      paged: Boolean(cursor),
      lots,
      allLots,
      today: dayOfInstant(new Date(), timeZone),
      warningDays: expiryWindowDays(settings.notifications.lotExpiryWarningDays),
    },
    timeZone,
  );
}

/** The query parameter of the stock history's page (its cursor). */
const HISTORY_PARAM = "history";
/** `?lots=all`: "Stock by lot" lists the lots that hold nothing too. */
const LOTS_PARAM = "lots";

/** A packed weight as the details show it: "12 g", or that nobody has weighed it. */
const packedText = (grams: number | null) => (grams === null ? "Not weighed" : `${grams} g`);

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">{label}</dt>
      <dd className="mt-1 text-sm text-stone-900">{children}</dd>
    </div>
  );
}

/**
 * The French name and description (the French store's), or what the French store shows in place of
 * those not written: the English.
 */
function FrenchVersion({
  product,
}: {
  product: { name: string; nameFr: string; description: string; descriptionFr: string };
}) {
  const missing = [
    product.nameFr ? null : "name",
    product.descriptionFr || !product.description ? null : "description",
  ].filter(Boolean);
  return (
    <div lang="fr" className="rounded-lg border border-stone-200 bg-stone-50 px-4 py-3">
      <h4 lang="en" className="text-xs font-medium tracking-wide text-stone-500 uppercase">
        French
      </h4>
      {product.nameFr ? (
        <p className="mt-1 text-sm font-medium text-stone-900">{product.nameFr}</p>
      ) : null}
      {product.descriptionFr ? (
        <p className="mt-1 text-sm leading-6 text-stone-700">{product.descriptionFr}</p>
      ) : null}
      {missing.length > 0 ? (
        <p lang="en" className="mt-1 text-xs text-amber-800">
          No French {missing.join(" or ")}: the French store shows the English. Edit the product to
          add {missing.length > 1 ? "them" : "it"}.
        </p>
      ) : null}
    </div>
  );
}

export default function ProductDetail({ loaderData }: Route.ComponentProps) {
  const { product, history, activity, paged, lots, allLots, today, warningDays, dates } =
    loaderData;
  const { search } = useLocation();
  const kind = resolveKind(product);
  const historyHref = (cursor: string | null) => {
    const params = new URLSearchParams(search);
    if (cursor) params.set(HISTORY_PARAM, cursor);
    else params.delete(HISTORY_PARAM);
    const query = params.toString();
    return query ? `?${query}` : "?";
  };
  const lotsHref = (all: boolean) => {
    const params = new URLSearchParams(search);
    if (all) params.set(LOTS_PARAM, "all");
    else params.delete(LOTS_PARAM);
    const query = params.toString();
    return query ? `?${query}` : "?";
  };
  const stockTarget = (variation?: (typeof product.variations)[number]) => ({
    productId: product.id,
    variationId: variation?.id ?? null,
    label: variation ? `${product.name}, ${sizeLabel(variation)}` : product.name,
    stock: variation?.stock ?? product.stock,
  });
  const close = useCloseToList(href("/budzadmin/dashboard/products"));
  return (
    <Modal
      title="Product Details"
      description={product.name}
      size="xl"
      onClose={close}
      footer={
        <>
          <CloseButton onClick={close}>Close</CloseButton>
          <Link
            to={`${href("/budzadmin/dashboard/products/:productId/edit", { productId: product.id })}${search}`}
            className={buttonClass("primary")}
          >
            <Pencil className="h-4 w-4" aria-hidden />
            Edit
          </Link>
        </>
      }
    >
      <div className="grid gap-6 md:grid-cols-[16rem_1fr]">
        <div>
          <ResponsiveImage
            src={product.imageUrl}
            alt={product.name}
            sizes="256px"
            width={256}
            height={256}
            className="aspect-square w-full rounded-xl bg-stone-100 object-cover"
          />
          {product.thumbnailUrls.length > 0 ? (
            <ul className="mt-2 grid grid-cols-4 gap-2">
              {product.thumbnailUrls.map((url) => (
                <li key={url}>
                  <ResponsiveImage
                    src={url}
                    alt=""
                    sizes="64px"
                    width={64}
                    height={64}
                    className="aspect-square w-full rounded-lg bg-stone-100 object-cover"
                  />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="min-w-0 space-y-5">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-xl font-semibold text-stone-900">{product.name}</h3>
            {product.status === "active" ? (
              <Badge tone="green">Active</Badge>
            ) : (
              <Badge>{product.status === "draft" ? "Draft" : "Archived"}</Badge>
            )}
          </div>
          <p className="text-sm leading-6 text-stone-700">{product.description}</p>
          <FrenchVersion product={product} />
          <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3">
            <Detail label="Category">
              {findCategory(product.category)?.name ?? product.category}
            </Detail>
            <Detail label="SKU">{product.sku ?? `SKU-${product.id}`}</Detail>
            <Detail label="Strain">{product.strain ?? "—"}</Detail>
            <Detail label="Selling Price">{formatMoney(product.sellingPriceCents)}</Detail>
            <Detail label="Cost Price">{formatMoney(product.costPriceCents)}</Detail>
            <Detail label="Rating">{(product.rating ?? DEFAULT_RATING).toFixed(1)} / 5</Detail>
            <Detail label="Current Stock">
              <span className="flex flex-wrap items-center gap-2">
                <StockCell stock={product.stock} alertLevel={product.stockAlertLevel} units />
                {product.variations.length === 0 ? (
                  <AdjustStockButton target={stockTarget()} />
                ) : null}
              </span>
            </Detail>
            <Detail label="Stock Alert Level">{unitsText(product.stockAlertLevel)}</Detail>
            {product.variations.length === 0 && potencyBasis(kind) ? (
              <Detail label="Potency">{potencyLabel(kind, product) || "Not given"}</Detail>
            ) : null}
            {product.variations.length === 0 ? (
              <Detail label="Packed weight">{packedText(product.packedGrams)}</Detail>
            ) : null}
          </dl>
          {product.variations.length > 0 ? (
            <div>
              <h4 className="mb-2 text-xs font-medium tracking-wide text-stone-500 uppercase">
                Variations
              </h4>
              <div
                className="overflow-x-auto rounded-lg border border-stone-200"
                tabIndex={0}
                role="group"
                aria-label="Variations"
              >
                <table className="w-full text-sm">
                  <thead className="bg-stone-50 text-left text-xs text-stone-500">
                    <tr>
                      <th className="px-3 py-2 font-medium">Size</th>
                      <th className="px-3 py-2 text-right font-medium">Price</th>
                      <th className="px-3 py-2 text-right font-medium">Stock</th>
                      <th className="px-3 py-2 text-right font-medium">Packed</th>
                      {potencyBasis(kind) ? (
                        <th className="px-3 py-2 font-medium">Potency</th>
                      ) : null}
                      <th className="px-3 py-2">
                        <span className="sr-only">Adjust stock</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-stone-100">
                    {product.variations.map((v) => (
                      <tr key={v.id}>
                        <td className="px-3 py-2">{sizeLabel(v)}</td>
                        <td className="px-3 py-2 text-right tabular-nums">
                          {formatMoney(v.priceCents)}
                        </td>
                        <td className="px-3 py-2 text-right">
                          <StockCell stock={v.stock} alertLevel={product.stockAlertLevel} />
                        </td>
                        <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                          {packedText(v.packedGrams)}
                        </td>
                        {potencyBasis(kind) ? (
                          <td className="px-3 py-2">{potencyLabel(kind, v, v) || "Not given"}</td>
                        ) : null}
                        <td className="px-3 py-1.5 text-right">
                          <AdjustStockButton target={stockTarget(v)} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          ) : null}
        </div>
        {/* Full width: the lots' columns do not fit beside the image. */}
        <section aria-labelledby="stock-by-lot" className="min-w-0 md:col-span-2">
          <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
            <h4
              id="stock-by-lot"
              className="text-xs font-medium tracking-wide text-stone-500 uppercase"
            >
              Stock by lot
            </h4>
            <Link
              to={lotsHref(!allLots)}
              preventScrollReset
              replace
              className="text-sm font-medium text-brand-700 hover:text-brand-900"
            >
              {allLots ? "Hide empty lots" : "Show empty lots"}
            </Link>
          </div>
          <div className="overflow-hidden rounded-lg border border-stone-200">
            <DataTable
              columns={lotColumns({ today, warningDays, sizes: product.variations.length > 0 })}
              rows={lots}
              rowKey={(lot) => lot.id}
              caption={`Stock of ${product.name} by lot`}
              empty={allLots ? "No lots recorded yet." : "No lot holds stock."}
            />
          </div>
        </section>
        <div className="min-w-0 space-y-5 md:col-span-2">
          <StockHistory
            movements={history.rows}
            olderHref={history.next ? historyHref(history.next) : null}
            newestHref={paged ? historyHref(null) : null}
            dates={dates}
          />
          <ActivityPanel activity={activity} recordId={product.id} dates={dates} />
          {product.status === "active" ? (
            <a
              href={href("/products/:slug", { slug: product.slug })}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:text-brand-900"
            >
              View in store <ExternalLink className="h-3.5 w-3.5" aria-hidden />
            </a>
          ) : null}
        </div>
      </div>
    </Modal>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
