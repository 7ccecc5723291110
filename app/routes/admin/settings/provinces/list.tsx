import { href, Link } from "react-router";
import type { Route } from "./+types/list";
import { Badge } from "~/components/admin/badges";
import { ListPage, type Column } from "~/components/admin/list-page";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { provinceName } from "~/lib/address";
import { METHOD_NAMES, provinceMethods } from "~/lib/fulfilment";
import { formatEffectiveDate, formatRate } from "~/lib/taxes";
import { listProvinceSettings, type ProvinceSummary } from "~/server/taxes/provinces.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

// Owners only (the admin guard on the admin layout has already checked the session).
export const middleware: Route.MiddlewareFunction[] = [requirePermission("taxes")];

export const meta: Route.MetaFunction = () => [{ title: "Provinces & Taxes · Admin" }];

export async function loader() {
  return { provinces: await listProvinceSettings() };
}

export default function ProvinceSettings({ loaderData }: Route.ComponentProps) {
  const { provinces } = loaderData;
  const columns: Column<ProvinceSummary>[] = [
    {
      key: "province",
      header: "Province or territory",
      cell: (p) => (
        <Link
          to={href("/budzadmin/dashboard/settings/provinces/:province", { province: p.province })}
          className="font-medium text-brand-800 hover:underline"
        >
          {provinceName(p.province)}
        </Link>
      ),
    },
    {
      key: "ships",
      header: "Shipping",
      cell: (p) =>
        p.ships ? <Badge tone="green">Ships</Badge> : <Badge tone="red">Not served</Badge>,
    },
    {
      key: "methods",
      header: "Ways to receive",
      cell: (p) => {
        const methods = p.ships ? provinceMethods(p.province, p.methods) : [];
        return methods.length === 0 ? (
          <span className="text-stone-500">None</span>
        ) : (
          methods.map((m) => METHOD_NAMES[m]).join(", ")
        );
      },
    },
    {
      key: "age",
      header: "Minimum age",
      cell: (p) => <span className="tabular-nums">{p.minimumAge}+</span>,
    },
    {
      key: "taxes",
      header: "Sales taxes today",
      cell: (p) =>
        p.inForce.length === 0 ? (
          <span className="text-stone-500">None</span>
        ) : (
          <span className="whitespace-nowrap">
            {p.inForce.map((r) => `${r.kind} ${formatRate(r.ratePer100k)}`).join(" + ")}
          </span>
        ),
    },
    {
      key: "next",
      header: "Next change",
      hideBelow: "md",
      cell: (p) =>
        p.nextChange ? (
          formatEffectiveDate(p.nextChange)
        ) : (
          <span className="text-stone-500">—</span>
        ),
    },
  ];
  return (
    <ListPage
      title="Provinces & Taxes"
      description="Where the store ships, the age shoppers confirm at checkout, and the sales taxes charged in each province or territory."
      list={{
        rows: provinces,
        page: 1,
        pageCount: 1,
        total: provinces.length,
        pageSize: provinces.length,
      }}
      noun={["province or territory", "provinces and territories"]}
      after={
        <p className="mt-3 text-sm text-stone-600">
          Taxes apply to the goods after discount, and to shipping where the rate says so. A new
          rate takes effect on its date; orders already placed keep the taxes stored on them.
        </p>
      }
      table={{
        columns,
        rowKey: (p) => p.province,
        caption: "Provinces and territories",
        empty: "No provinces.",
      }}
    />
  );
}

export const ErrorBoundary = AdminErrorBoundary;
