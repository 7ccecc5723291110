import { Eye, Pencil, Plus } from "lucide-react";
import { href, Link, Outlet, useLocation, useSubmit } from "react-router";
import type { Route } from "./+types/list";
import { Badge, StockCell } from "~/components/admin/badges";
import { buttonClass } from "~/components/admin/button";
import { ListPage, type Column } from "~/components/admin/list-page";
import { DeleteButton } from "~/components/admin/modal";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { CATEGORIES, CATEGORY_SLUGS, findCategory } from "~/lib/categories";
import { isUuid } from "~/lib/ids";
import { formatMoney } from "~/lib/money";
import { DELETE_PRODUCT_CONFIRMATION } from "~/lib/product-fields";
import { filterEnum, ListQuerySchema, parseListQuery } from "~/schemas/admin-list";
import { redirectWithToast } from "~/server/admin/flash.server";
import { deleteProduct } from "~/server/catalog/product-admin.server";
import {
  listAdminProducts,
  type AdminProductRow,
} from "~/server/catalog/product-admin-list.server";
import { dispatchIntent, readForm } from "~/server/http/form.server";
import { invariantResponse } from "~/server/http/responses.server";

const ProductListQuery = ListQuerySchema.extend({
  category: filterEnum(["all", ...CATEGORY_SLUGS]),
  status: filterEnum(["active", "archived", "all"]),
});

export const meta: Route.MetaFunction = () => [{ title: "Products · Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const query = parseListQuery(request.url, ProductListQuery);
  return { query, list: await listAdminProducts(query) };
}

/** A row's Delete button posts here. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const id = form.get("id");
  invariantResponse(typeof id === "string" && isUuid(id), "Unknown product");
  const back = `${href("/budzadmin/dashboard/products")}${new URL(request.url).search}`;
  return dispatchIntent(form, {
    delete: async () => {
      const result = await deleteProduct(id);
      if (!result.ok)
        return redirectWithToast(back, "Failed to delete product: it no longer exists", "error");
      return redirectWithToast(
        back,
        result.outcome === "deleted"
          ? "Product deleted successfully!"
          : "Product archived: past orders include it, so it is hidden from the store instead of deleted.",
      );
    },
  });
}

const detailPath = (productId: string) =>
  href("/budzadmin/dashboard/products/:productId", { productId });

function categoryName(slug: string) {
  return findCategory(slug)?.name ?? slug;
}

export default function ProductList({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  const { search } = useLocation();
  const submit = useSubmit();
  const columns: Column<AdminProductRow>[] = [
    {
      key: "product",
      header: "Product",
      className: "min-w-52 sm:min-w-64",
      cell: (p) => (
        <div className="flex items-center gap-3">
          <ResponsiveImage
            src={p.imageUrl}
            alt=""
            sizes="48px"
            width={48}
            height={48}
            className="h-12 w-12 shrink-0 rounded-lg bg-stone-100 object-cover"
          />
          <div className="min-w-0">
            <p className="flex items-center gap-2 font-medium text-stone-900">
              <Link to={`${detailPath(p.id)}${search}`} className="hover:text-brand-700">
                {p.name}
              </Link>
              {p.status === "archived" ? <Badge>Archived</Badge> : null}
            </p>
            <p className="hidden max-w-md text-xs text-stone-500 sm:line-clamp-1">
              {p.description}
            </p>
            <p className="text-xs text-stone-600 sm:hidden">
              {formatMoney(p.priceCents)} ·{" "}
              <StockCell stock={p.stock} alertLevel={p.stockAlertLevel} />
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
      className: "text-right tabular-nums",
      cell: (p) => formatMoney(p.priceCents),
    },
    {
      key: "stock",
      header: "Stock Qty",
      hideBelow: "sm",
      className: "text-right",
      cell: (p) => <StockCell stock={p.stock} alertLevel={p.stockAlertLevel} />,
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
        <Link
          to={`${href("/budzadmin/dashboard/products/new")}${search}`}
          className={buttonClass("primary")}
        >
          <Plus className="h-4 w-4" aria-hidden />
          Add New Product
        </Link>
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
              { value: "active", label: "Active" },
              { value: "archived", label: "Archived" },
              { value: "all", label: "All statuses" },
            ],
          },
        ],
      }}
      list={list}
      noun="products"
      after={<Outlet />}
      table={{
        columns,
        rowKey: (p) => p.id,
        caption: "Products",
        empty: "No products match your search.",
      }}
    />
  );
}

export const ErrorBoundary = AdminErrorBoundary;
