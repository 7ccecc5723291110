import { Boxes } from "lucide-react";
import { href, Link } from "react-router";
import type { Route } from "./+types/list";
import { buttonClass } from "~/components/admin/button";
import { ListPage } from "~/components/admin/list-page";
import { lotColumns } from "~/components/admin/lot-columns";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { dayOfInstant } from "~/lib/dates";
import { expiryWindowDays } from "~/lib/lots";
import { storeSettings } from "~/server/settings/store-settings.server";
import { pageCount } from "~/schemas/admin-list";
import { LOT_FILTER_LABELS, LOT_LIST_FILTERS, LotListQuerySchema } from "~/schemas/lot-list";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { config } from "~/server/config.server";
import { errorResponse } from "~/server/http/responses.server";
import { listLots, LOTS_PAGE_SIZE } from "~/server/inventory/lots.server";

// The same permission as the Stock movements screen it is reached from.
export const middleware: Route.MiddlewareFunction[] = [requirePermission("products")];

export const meta: Route.MetaFunction = () => [{ title: "Lots · Admin" }];

/** Lots store-wide: by lot number's beginning, with stock / expiring / expired / recalled / all. */
export async function loader({ request }: Route.LoaderArgs) {
  const parsed = LotListQuerySchema.safeParse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  if (!parsed.success) throw errorResponse(parsed.error.issues[0]!.message, 400);
  const query = parsed.data;
  const today = dayOfInstant(new Date(), config().STORE_TIMEZONE);
  const warningDays = expiryWindowDays((await storeSettings()).notifications.lotExpiryWarningDays);
  const list = await listLots({ ...query, today, warningDays });
  return {
    query,
    today,
    warningDays,
    list: {
      ...list,
      page: query.page,
      pageSize: LOTS_PAGE_SIZE,
      pageCount: pageCount(list.total, LOTS_PAGE_SIZE),
    },
  };
}

const emptyText = (warningDays: number): Record<(typeof LOT_LIST_FILTERS)[number], string> => ({
  stock: "No lot holds stock.",
  expiring: `No lot with stock expires in the next ${warningDays} days.`,
  expired: "No expired lot holds stock.",
  recalled: "No lot has been recalled.",
  all: "No lots recorded yet. Lots are recorded when a delivery is received.",
});

export default function Lots({ loaderData }: Route.ComponentProps) {
  const { query, list, today, warningDays } = loaderData;
  return (
    <ListPage
      title="Lots"
      description="Stock by the producer's lot, first to expire first, with certificates and recalls."
      actions={
        <Link to={href("/budzadmin/dashboard/stock")} className={buttonClass("secondary")}>
          <Boxes className="h-4 w-4" aria-hidden />
          Stock movements
        </Link>
      }
      search={{
        q: query.q,
        searchLabel: "Search by lot number",
        filters: [
          {
            name: "filter",
            label: "Show",
            value: query.filter,
            options: LOT_LIST_FILTERS.map((value) => ({
              value,
              label: LOT_FILTER_LABELS[value],
            })),
          },
        ],
      }}
      list={list}
      noun="lot"
      table={{
        columns: lotColumns({ today, warningDays, product: true }),
        rowKey: (lot) => lot.id,
        caption: `Lots: ${LOT_FILTER_LABELS[query.filter].toLowerCase()}, first to expire first`,
        empty: query.q
          ? `No lot number starts with "${query.q}".`
          : emptyText(warningDays)[query.filter],
      }}
    />
  );
}

export const ErrorBoundary = AdminErrorBoundary;
