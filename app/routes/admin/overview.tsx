import { countText, formatCount } from "~/lib/text";
import {
  DollarSign,
  Package,
  PackagePlus,
  PackageX,
  ShoppingBag,
  TriangleAlert,
  Truck,
  Users,
} from "lucide-react";
import { href, Link } from "react-router";
import type { Route } from "./+types/overview";
import { OrderStatusBadge } from "~/components/admin/badges";
import { screenHref } from "~/components/admin/nav";
import { PageHeader } from "~/components/admin/page";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { StatCard } from "~/components/admin/stat-card";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { formatMoney } from "~/lib/money";
import { lowStockText } from "~/lib/stock";
import { getOverview } from "~/server/admin/overview.server";
import { BackupAgeNotice } from "~/components/admin/backups";
import { overdueBackup } from "~/server/backup/backup-admin.server";
import { storageWarnings } from "~/server/backup/storage-warnings.server";
import { StorageWarnings } from "~/components/admin/storage-warnings";
import { formatDate, withDateTexts } from "~/lib/dates";
import { config } from "~/server/config.server";
import { currentAdmin, requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("admin")];

export const meta: Route.MetaFunction = () => [{ title: "Overview · Admin" }];

export async function loader({ context }: Route.LoaderArgs) {
  const admin = currentAdmin(context);
  const overview = await getOverview();
  const owner = admin.role === "owner";
  // Owners: the last good backup's age, when it is older than the daily schedule allows, and
  // where a store with real orders keeps its data and backups.
  const backup = owner ? await overdueBackup() : null;
  const warnings = owner ? await storageWarnings() : [];
  return withDateTexts(
    { overview, role: admin.role, backup, storageWarnings: warnings },
    config().STORE_TIMEZONE,
  );
}

/** "1 size", "12 sizes". */
function sizesText(n: number): string {
  return countText(n, "size");
}

export default function Overview({ loaderData }: Route.ComponentProps) {
  const { overview, role, dates } = loaderData;
  const orders = screenHref("orders", role);
  const customers = screenHref("customers", role);
  const products = screenHref("products", role)!;
  const quickActions = [
    { label: "Add product", href: href("/budzadmin/dashboard/products/new"), icon: PackagePlus },
    orders ? { label: "Process orders", href: `${orders}?status=paid`, icon: Truck } : undefined,
    customers ? { label: "Manage customers", href: customers, icon: Users } : undefined,
  ].filter((a) => a !== undefined);

  return (
    <>
      <PageHeader title="Overview" description="How the store is doing, from live data." />
      <StorageWarnings warnings={loaderData.storageWarnings} />
      {loaderData.backup ? <BackupAgeNotice {...loaderData.backup} dates={dates} /> : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <StatCard
          label="Total Revenue"
          value={formatMoney(overview.revenueCents)}
          hint="Net sales: paid orders before tax and shipping, less refunds"
          icon={DollarSign}
          href={orders}
        />
        <StatCard
          label="Orders"
          value={formatCount(overview.orderCount)}
          hint="All orders"
          icon={ShoppingBag}
          href={orders}
        />
        <StatCard
          label="Customers"
          value={formatCount(overview.customerCount)}
          hint="Customer records"
          icon={Users}
          href={customers}
        />
        <StatCard
          label="Products"
          value={formatCount(overview.productCount)}
          hint="Active in the catalogue"
          icon={Package}
          href={products}
        />
        <StatCard
          label="Low Stock"
          value={sizesText(overview.stock.low)}
          hint="Sizes at or under their alert level, sold-out included"
          icon={TriangleAlert}
          href={`${href("/budzadmin/dashboard/products")}?stock=low`}
        />
        <StatCard
          label="Out of Stock"
          value={sizesText(overview.stock.out)}
          hint="Sizes with none left; a product without sizes is one"
          icon={PackageX}
          href={`${href("/budzadmin/dashboard/products")}?stock=out`}
        />
      </div>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <section className="rounded-xl border border-stone-200 bg-white shadow-sm lg:col-span-2">
          <header className="flex items-center justify-between border-b border-stone-200 px-5 py-4">
            <h2 className="font-semibold text-stone-900">Recent orders</h2>
            {orders ? (
              <Link to={orders} className="text-sm font-medium text-brand-700 hover:text-brand-900">
                View all
              </Link>
            ) : null}
          </header>
          {overview.recentOrders.length === 0 ? (
            <p className="px-5 py-10 text-center text-sm text-stone-500">No orders yet.</p>
          ) : (
            <ul className="divide-y divide-stone-100">
              {overview.recentOrders.map((order) => (
                <li key={order.id} className="flex items-center gap-4 px-5 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-medium whitespace-nowrap text-stone-900">
                      {orders ? (
                        <Link
                          to={href("/budzadmin/dashboard/orders/:orderNumber", {
                            orderNumber: order.orderNumber,
                          })}
                          className="hover:text-brand-700"
                        >
                          {order.orderNumber}
                        </Link>
                      ) : (
                        order.orderNumber
                      )}
                    </p>
                    <p className="truncate text-xs text-stone-500">
                      {order.customerName} · {formatDate(order.createdAt, dates)}
                    </p>
                  </div>
                  <OrderStatusBadge status={order.status} />
                  <p className="w-20 shrink-0 text-right text-sm font-semibold sm:w-24 text-stone-900 tabular-nums">
                    {formatMoney(order.totalCents)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>

        <div className="space-y-6">
          <section className="rounded-xl border border-stone-200 bg-white shadow-sm">
            <h2 className="border-b border-stone-200 px-5 py-4 font-semibold text-stone-900">
              Quick Actions
            </h2>
            <ul className="space-y-2 p-4">
              {quickActions.map((action) => (
                <li key={action.label}>
                  <Link
                    to={action.href}
                    className="flex items-center gap-3 rounded-lg border border-stone-200 px-4 py-3 text-sm font-medium text-stone-800 transition hover:border-brand-300 hover:bg-brand-50"
                  >
                    <action.icon className="h-5 w-5 text-brand-700" aria-hidden />
                    {action.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>

          <section className="rounded-xl border border-stone-200 bg-white shadow-sm">
            <h2 className="border-b border-stone-200 px-5 py-4 font-semibold text-stone-900">
              Top products
            </h2>
            {overview.topProducts.length === 0 ? (
              <p className="px-5 py-8 text-center text-sm text-stone-500">Nothing sold yet.</p>
            ) : (
              <ol className="divide-y divide-stone-100">
                {overview.topProducts.map((product) => (
                  <li key={product.id}>
                    <Link
                      to={href("/budzadmin/dashboard/products/:productId", {
                        productId: product.id,
                      })}
                      className="flex items-center gap-3 px-5 py-3 hover:bg-stone-50"
                    >
                      <ResponsiveImage
                        src={product.imageUrl}
                        alt=""
                        sizes="40px"
                        width={40}
                        height={40}
                        className="h-10 w-10 rounded-lg bg-stone-100 object-cover"
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate text-sm font-medium text-stone-900">
                          {product.name}
                        </span>
                        <span className="text-xs text-stone-500">
                          {formatCount(product.unitsSold)} sold
                        </span>
                      </span>
                      <span className="text-sm font-semibold text-stone-900 tabular-nums">
                        {formatMoney(product.revenueCents)}
                      </span>
                    </Link>
                  </li>
                ))}
              </ol>
            )}
          </section>

          <section
            aria-labelledby="overview-low-stock"
            className="rounded-xl border border-stone-200 bg-white shadow-sm"
          >
            <header className="flex items-center justify-between border-b border-stone-200 px-5 py-4">
              <h2 id="overview-low-stock" className="font-semibold text-stone-900">
                Low stock
              </h2>
              {overview.stock.low > overview.lowStock.length ? (
                <Link
                  to={`${href("/budzadmin/dashboard/products")}?stock=low`}
                  className="text-sm font-medium text-brand-700 hover:text-brand-900"
                >
                  View all
                </Link>
              ) : null}
            </header>
            {overview.lowStock.length === 0 ? (
              <p className="px-5 py-8 text-center text-sm text-stone-500">
                Nothing is at or under its alert level.
              </p>
            ) : (
              <ul className="divide-y divide-stone-100">
                {overview.lowStock.map((item) => (
                  <li key={`${item.productId}-${item.size ?? ""}`}>
                    <Link
                      to={href("/budzadmin/dashboard/products/:productId", {
                        productId: item.productId,
                      })}
                      className={`block px-5 py-3 text-sm hover:bg-stone-50 ${item.stock === 0 ? "text-red-700" : "text-stone-800"}`}
                    >
                      {lowStockText(item)}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
