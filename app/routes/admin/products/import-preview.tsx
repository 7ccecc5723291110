import { countText } from "~/lib/text";
import { auditActor } from "~/server/auth/actor.server";
import { href, Link } from "react-router";
import {
  ConfirmImport,
  PreviewRows,
  PreviewState,
  RowErrors,
  UploadAgainLink,
} from "~/components/admin/csv-upload-dialog";
import type { Route } from "./+types/import-preview";
import { Badge } from "~/components/admin/badges";
import { Figure } from "~/components/admin/customer-panels";
import { DetailPage } from "~/components/admin/page";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { StatGrid } from "~/components/admin/stat-card";
import { useForm } from "~/components/form/form";
import { formatDateTime } from "~/lib/dates";
import {
  FIX_PRODUCT_ERRORS_FIRST,
  NOTHING_TO_IMPORT,
  PRODUCT_ACTION_LABELS,
  PRODUCT_IMPORT_REASON_TEXT,
  PRODUCT_PREVIEW_FILTERS,
  PRODUCT_PREVIEW_PAGE_SIZE,
  type ProductImportAction,
  type ProductPreviewRow,
} from "~/lib/product-import";
import { redirectWithToast } from "~/server/admin/flash.server";
import { loadImportPreview } from "~/server/admin/import-preview.server";
import { requirePermission } from "~/server/auth/admin-guard.server";
import {
  getProductImportPreview,
  runProductImport,
} from "~/server/catalog/product-csv-import.server";
import { formReply } from "~/server/http/form.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("products.transfer")];

export const meta: Route.MetaFunction = () => [{ title: "Import preview · Products · Admin" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadImportPreview(request, PRODUCT_PREVIEW_FILTERS, (query) =>
    getProductImportPreview(params.importId, query),
  );
}

/** Confirms the import: every product in one transaction, or nothing. */
export async function action({ params, context }: Route.ActionArgs) {
  const result = await runProductImport({ importId: params.importId, actor: auditActor(context) });
  if (!result.ok) return formReply({ form: result.message }, { status: result.status });
  return redirectWithToast(href("/budzadmin/dashboard/products"), result.message);
}

const SHOW_LABELS = {
  all: "All rows",
  errors: "With errors",
  create: "New",
  update: "Updates",
  unchanged: "Unchanged",
} as const;

/** The table's columns; size, price and stock go under the product's name on phones. */
const COLUMNS = [
  ["Row", ""],
  ["Product", ""],
  ["Size", "hidden md:table-cell"],
  ["Price", "hidden md:table-cell"],
  ["Stock", "hidden md:table-cell"],
  ["Result", ""],
] as const;

const ACTION_TONES: Record<ProductImportAction, "green" | "amber" | "stone"> = {
  create: "green",
  update: "amber",
  unchanged: "stone",
};

/** What happens to a row's product: its errors, or the action and what changes. */
function RowResult({ row }: { row: ProductPreviewRow }) {
  if (row.errors.length > 0) return <RowErrors errors={row.errors} />;
  if (!row.action)
    return <span className="text-stone-500">Not checked (other rows have errors)</span>;
  const badge = <Badge tone={ACTION_TONES[row.action]}>{PRODUCT_ACTION_LABELS[row.action]}</Badge>;
  return (
    <div className="space-y-1">
      {row.productId ? (
        <Link
          to={href("/budzadmin/dashboard/products/:productId", { productId: row.productId })}
          aria-label={`${PRODUCT_ACTION_LABELS[row.action]}: open ${row.sku} on file`}
        >
          {badge}
        </Link>
      ) : (
        badge
      )}
      {row.changes && row.changes.length > 0 ? (
        <ul className="text-xs text-stone-600">
          {row.changes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export default function ProductImportPreview({ loaderData, actionData }: Route.ComponentProps) {
  const { preview: p, show: current, dates } = loaderData;
  // Nothing to choose: only the server can refuse (no rules, and no zod, in the page).
  const form = useForm({ lastResult: actionData });
  const productsList = href("/budzadmin/dashboard/products");
  const uploadHref = href("/budzadmin/dashboard/products/import");
  const toWrite = p.createCount + p.updateCount;
  const reason = PRODUCT_IMPORT_REASON_TEXT[p.stockReason];
  return (
    <DetailPage
      back={{ to: productsList, label: "All products" }}
      title="Import preview"
      description={`${p.fileName} · nothing is imported until you confirm · checked ${formatDateTime(p.createdAt, dates)} by ${p.createdBy}`}
    >
      <StatGrid>
        <Figure
          label="Rows"
          value={p.rowCount.toLocaleString("en-CA")}
          hint={`${p.errorCount.toLocaleString("en-CA")} with errors`}
        />
        <Figure
          label="New products"
          value={p.createCount.toLocaleString("en-CA")}
          hint="SKU not on file"
        />
        <Figure
          label="Products to update"
          value={p.updateCount.toLocaleString("en-CA")}
          hint="Same SKU, something changes"
        />
        <Figure
          label="Unchanged products"
          value={p.unchangedCount.toLocaleString("en-CA")}
          hint="Left as they are"
        />
      </StatGrid>
      <p className="mb-4 text-sm text-stone-600">
        <span className="font-medium text-stone-900">Stock: {reason.label}.</span> {reason.hint}{" "}
        Each change is recorded as a stock movement.
      </p>
      <PreviewState
        preview={p}
        importedWhen={p.importedAt ? formatDateTime(p.importedAt, dates) : ""}
        errorsTitle={FIX_PRODUCT_ERRORS_FIRST}
        listHref={productsList}
        listText="See the products"
        uploadHref={uploadHref}
      >
        {toWrite === 0 ? (
          <section className="mb-6 rounded-xl border border-stone-200 bg-white p-4 text-sm text-stone-700 shadow-sm">
            <p>{NOTHING_TO_IMPORT}</p>
            <UploadAgainLink to={uploadHref} />
          </section>
        ) : (
          <ConfirmImport
            form={form}
            label={`Import ${countText(toWrite, "product")}`}
            note="All products are imported together, or none if anything fails. Unchanged products are left as they are."
          />
        )}
      </PreviewState>
      <PreviewRows
        fileName={p.fileName}
        filters={PRODUCT_PREVIEW_FILTERS}
        labels={SHOW_LABELS}
        counts={p.counts}
        current={current}
        columns={COLUMNS}
        tableClassName="w-full text-left text-sm md:min-w-[52rem]"
        rows={p.rows}
        rowClassName="align-top"
        cells={(r) => (
          <>
            <td className="px-4 py-2 tabular-nums">{r.row}</td>
            <td className="px-4 py-2">
              <span className="block text-xs break-all text-stone-500">{r.sku}</span>
              {r.name}
              {/* Phones: the size, price and stock under the name. */}
              <span className="block text-xs text-stone-600 md:hidden">
                {[r.size, r.price, r.stock ? `stock ${r.stock}` : ""].filter(Boolean).join(" · ")}
              </span>
            </td>
            <td className="hidden px-4 py-2 whitespace-nowrap md:table-cell">{r.size || "—"}</td>
            <td className="hidden px-4 py-2 whitespace-nowrap tabular-nums md:table-cell">
              {r.price}
            </td>
            <td className="hidden px-4 py-2 tabular-nums md:table-cell">{r.stock || "—"}</td>
            <td className="max-w-md px-4 py-2">
              <RowResult row={r} />
            </td>
          </>
        )}
        page={p.page}
        pageCount={p.pageCount}
        total={p.shownCount}
        pageSize={PRODUCT_PREVIEW_PAGE_SIZE}
      />
    </DetailPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
