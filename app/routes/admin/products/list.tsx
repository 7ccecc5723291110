import { Download, Eye, Pencil, Plus, Upload } from "lucide-react";
import { auditActor } from "~/server/auth/actor.server";
import { href, Link, Outlet, useLocation, useSubmit } from "react-router";
import type { Route } from "./+types/list";
import { Badge, StockCell } from "~/components/admin/badges";
import { stockLeftText } from "~/lib/stock";
import {
  BulkActionBar,
  PageCheckbox,
  RowCheckbox,
  useProductSelection,
} from "~/components/admin/bulk-product-actions";
import { buttonClass } from "~/components/admin/button";
import { ListPage, type Column } from "~/components/admin/list-page";
import { DeleteButton } from "~/components/admin/modal";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import type { z } from "zod";
import { CATEGORIES, findCategory } from "~/lib/categories";
import { isUuid } from "~/lib/ids";
import type { FormRules } from "~/lib/form";
import {
  DELETE_PRODUCT_CONFIRMATION,
  PRODUCT_STATUS_NAMES,
  PRODUCT_STATUSES,
} from "~/lib/product-fields";
import {
  bulkDoneMessage,
  formatPriceRange,
  POTENCY_FILTER_LABELS,
  POTENCY_FILTERS,
  PRODUCT_SORT_LABELS,
  PRODUCT_SORTS,
  STOCK_FILTER_LABELS,
  STOCK_FILTERS,
  TRANSLATION_FILTER_LABELS,
  TRANSLATION_FILTERS,
} from "~/lib/product-list";
import { parseListQuery } from "~/schemas/admin-list";
import {
  bulkCategoryForm,
  bulkPriceForm,
  bulkStatusForm,
  ProductListQuerySchema,
} from "~/schemas/product-list";
import { redirectWithToast } from "~/server/admin/flash.server";
import { deleteProduct } from "~/server/catalog/product-admin.server";
import {
  listAdminProducts,
  type AdminProductRow,
} from "~/server/catalog/product-admin-list.server";
import { bulkUpdateProducts, type BulkChange } from "~/server/catalog/product-bulk.server";
import { dispatchIntent, formReply, parseForm, readForm } from "~/server/http/form.server";
import { invariantResponse } from "~/server/http/responses.server";
import { assertPermission, requirePermission } from "~/server/auth/admin-guard.server";
import { useCan } from "~/components/admin/use-can";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("products")];

export const meta: Route.MetaFunction = () => [{ title: "Products · Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const query = parseListQuery(request.url, ProductListQuerySchema);
  return { query, list: await listAdminProducts(query) };
}

/**
 * A row's Delete button, and the bulk actions on the ticked rows or on every product matching the
 * list's filter (the URL's, as the page shows it).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const back = `${href("/budzadmin/dashboard/products")}${new URL(request.url).search}`;
  const bulk = async <S extends z.ZodType<{ scope: string; ids: string[] }>>(
    rules: FormRules<S>,
    change: (data: z.output<S>) => BulkChange,
  ) => {
    // Bulk changes need more than the page (app/lib/permissions.ts).
    assertPermission(context, "products.bulk");
    const submission = await parseForm(form, rules);
    if (!submission.ok) return submission.reply;
    const { scope, ids } = submission.data;
    const wanted = change(submission.data);
    const result = await bulkUpdateProducts(
      scope === "filter"
        ? { filter: parseListQuery(request.url, ProductListQuerySchema) }
        : { ids },
      wanted,
      auditActor(context),
    );
    if (!result.ok)
      return formReply(result.errors ?? { form: result.message }, { status: result.status, form });
    const done =
      wanted.action === "category"
        ? { action: wanted.action, categoryName: categoryName(wanted.category) }
        : wanted;
    return redirectWithToast(back, bulkDoneMessage(done, result.matched, result.changed));
  };
  return dispatchIntent(form, {
    archive: () => bulk(bulkStatusForm, () => ({ action: "archive" })),
    unarchive: () => bulk(bulkStatusForm, () => ({ action: "unarchive" })),
    category: () => bulk(bulkCategoryForm, (d) => ({ action: "category", category: d.category })),
    price: () => bulk(bulkPriceForm, (d) => ({ action: "price", percent: d.percent })),
    delete: async () => {
      const id = form.get("id");
      invariantResponse(typeof id === "string" && isUuid(id), "Unknown product");
      const result = await deleteProduct(id, auditActor(context));
      if (!result.ok)
        return redirectWithToast(back, "Failed to delete product: it no longer exists", "error");
      return redirectWithToast(
        back,
        result.outcome === "deleted"
          ? "Product deleted successfully!"
          : result.outcome === "archived"
            ? "Product archived: past orders include it, so it is hidden from the store instead of deleted."
            : "Product archived: its lots are on record, so it is hidden from the store instead of deleted.",
      );
    },
  });
}

const detailPath = (productId: string) =>
  href("/budzadmin/dashboard/products/:productId", { productId });

function categoryName(slug: string) {
  return findCategory(slug)?.name ?? slug;
}

/** Low sizes named under a row's stock, at most this many ("+2 more" after). */
const LOW_SIZES_SHOWN = 3;

/**
 * The product's stock in the admin's words ('Out of Stock', '12 (Low Stock)'), and under it each
 * size at or under the alert level by name, one a line: "28g: 2 left", "1g: out of stock".
 */
function ProductStock({ product: p }: { product: AdminProductRow }) {
  const low = p.variationCount > 0 ? p.lowSizes : [];
  const more = low.length - LOW_SIZES_SHOWN;
  return (
    <>
      <StockCell stock={p.stock} alertLevel={p.stockAlertLevel} />
      {low.length > 0 ? (
        <span
          className={`block text-xs whitespace-nowrap ${p.outSizeCount > 0 ? "text-red-700" : "text-amber-700"}`}
        >
          {low.slice(0, LOW_SIZES_SHOWN).map((size, i) => (
            <span key={i} className="block">
              {size.size}: {stockLeftText(size.stock)}
            </span>
          ))}
          {more > 0 ? <span className="block">+{more} more</span> : null}
        </span>
      ) : null}
    </>
  );
}

export default function ProductList({ loaderData }: Route.ComponentProps) {
  const allowed = useCan();
  const { query, list } = loaderData;
  const { search } = useLocation();
  const submit = useSubmit();
  const selection = useProductSelection(
    list,
    list.rows.map((p) => p.id),
    list.total,
  );
  const columns: Column<AdminProductRow>[] = [
    {
      key: "select",
      header: <PageCheckbox selection={selection} />,
      className: "w-10 pr-0",
      cell: (p) => <RowCheckbox selection={selection} id={p.id} name={p.name} />,
    },
    {
      key: "product",
      header: "Product",
      className: "sm:min-w-64",
      cell: (p) => (
        <div className="flex items-center gap-3">
          <ResponsiveImage
            src={p.imageUrl}
            alt=""
            sizes="48px"
            width={48}
            height={48}
            className="hidden h-12 w-12 shrink-0 rounded-lg bg-stone-100 object-cover sm:block"
          />
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-stone-900">
              <Link to={`${detailPath(p.id)}${search}`} className="hover:text-brand-700">
                {p.name}
              </Link>
              {p.status === "archived" || p.status === "draft" ? (
                <Badge>{PRODUCT_STATUS_NAMES[p.status]}</Badge>
              ) : null}
              {p.untranslated ? (
                <span title="The French store shows its English name or description">
                  <Badge tone="amber">No French</Badge>
                </span>
              ) : null}
            </p>
            <p className="hidden max-w-md text-xs text-stone-500 sm:line-clamp-1">
              {p.description}
            </p>
            <p className="text-xs text-stone-600 sm:hidden">
              {formatPriceRange(p.minPriceCents, p.maxPriceCents)} · <ProductStock product={p} />
            </p>
          </div>
        </div>
      ),
    },
    { key: "category", header: "Category", hideBelow: "md", cell: (p) => categoryName(p.category) },
    {
      key: "price",
      header: "Price",
      hideBelow: "sm",
      className: "text-right whitespace-nowrap tabular-nums",
      cell: (p) => formatPriceRange(p.minPriceCents, p.maxPriceCents),
    },
    {
      key: "stock",
      header: "Stock Qty",
      hideBelow: "sm",
      className: "text-right",
      cell: (p) => <ProductStock product={p} />,
    },
    {
      key: "alert",
      header: "Alert Level",
      hideBelow: "lg",
      className: "text-right tabular-nums",
      cell: (p) => p.stockAlertLevel,
    },
    {
      key: "actions",
      header: "Actions",
      className: "text-right",
      cell: (p) => (
        <div className="flex justify-end gap-1">
          <Link
            to={`${detailPath(p.id)}${search}`}
            className={buttonClass("ghost", "icon")}
            aria-label={`View ${p.name}`}
            title="View"
          >
            <Eye className="h-4 w-4" aria-hidden />
          </Link>
          <Link
            to={`${href("/budzadmin/dashboard/products/:productId/edit", { productId: p.id })}${search}`}
            className={buttonClass("ghost", "icon")}
            aria-label={`Edit ${p.name}`}
            title="Edit"
          >
            <Pencil className="h-4 w-4" aria-hidden />
          </Link>
          <DeleteButton
            label={`Delete ${p.name}`}
            title="Delete product"
            message={DELETE_PRODUCT_CONFIRMATION}
            onConfirm={() =>
              void submit(
                { intent: "delete", id: p.id },
                {
                  method: "post",
                  action: `${href("/budzadmin/dashboard/products")}${search}`,
                  preventScrollReset: true,
                },
              )
            }
          />
        </div>
      ),
    },
  ];

  return (
    <ListPage
      title="Product Management"
      description="Your catalogue: prices, stock and what shoppers see."
      actions={
        <>
          {allowed("products.transfer") ? (
            <>
              <Link
                to={`${href("/budzadmin/dashboard/products/import")}${search}`}
                preventScrollReset
                className={buttonClass("secondary")}
              >
                <Upload className="h-4 w-4" aria-hidden />
                Import CSV
              </Link>
              <a
                href={href("/budzadmin/dashboard/products/export.csv")}
                download
                className={buttonClass("secondary")}
              >
                <Download className="h-4 w-4" aria-hidden />
                Export CSV
              </a>
            </>
          ) : null}
          <Link
            to={`${href("/budzadmin/dashboard/products/new")}${search}`}
            className={buttonClass("primary")}
          >
            <Plus className="h-4 w-4" aria-hidden />
            Add New Product
          </Link>
        </>
      }
      search={{
        q: query.q,
        searchLabel: "Search products by name or SKU",
        filters: [
          {
            name: "category",
            label: "Category",
            value: query.category,
            options: [
              { value: "all", label: "All categories" },
              ...CATEGORIES.map((c) => ({ value: c.slug, label: c.name })),
            ],
          },
          {
            name: "status",
            label: "Status",
            value: query.status,
            options: [
              ...PRODUCT_STATUSES.map((value) => ({ value, label: PRODUCT_STATUS_NAMES[value] })),
              { value: "all", label: "All statuses" },
            ],
          },
          {
            name: "potency",
            label: "Potency",
            value: query.potency,
            options: POTENCY_FILTERS.map((value) => ({
              value,
              label: POTENCY_FILTER_LABELS[value],
            })),
          },
          {
            name: "translation",
            label: "Translation",
            value: query.translation,
            options: TRANSLATION_FILTERS.map((value) => ({
              value,
              label: TRANSLATION_FILTER_LABELS[value],
            })),
          },
          {
            name: "stock",
            label: "Stock",
            value: query.stock,
            options: STOCK_FILTERS.map((value) => ({ value, label: STOCK_FILTER_LABELS[value] })),
          },
          {
            name: "sort",
            label: "Sort by",
            value: query.sort,
            options: PRODUCT_SORTS.map((value) => ({ value, label: PRODUCT_SORT_LABELS[value] })),
          },
        ],
      }}
      list={list}
      noun="product"
      bar={allowed("products.bulk") ? <BulkActionBar selection={selection} /> : undefined}
      after={<Outlet />}
      table={{
        columns,
        rowKey: (p) => p.id,
        selected: (p) => selection.allMatching || selection.ids.has(p.id),
        caption: "Products",
        empty: "No products match your search.",
      }}
    />
  );
}

export const ErrorBoundary = AdminErrorBoundary;
