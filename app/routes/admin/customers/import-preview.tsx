import { auditActor } from "~/server/auth/actor.server";
import { href, Link } from "react-router";
import {
  ConfirmImport,
  PreviewRows,
  PreviewState,
  RowErrors,
} from "~/components/admin/csv-upload-dialog";
import type { Route } from "./+types/import-preview";
import { Badge } from "~/components/admin/badges";
import { Figure } from "~/components/admin/customer-panels";
import { DetailPage } from "~/components/admin/page";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { StatGrid } from "~/components/admin/stat-card";
import { useFieldError, useForm } from "~/components/form/form";
import { FIX_ERRORS_FIRST } from "~/lib/customer-import";
import { customerDisplayId, PREVIEW_FILTERS, PREVIEW_PAGE_SIZE } from "~/lib/customers";
import { formatDateTime } from "~/lib/dates";
import { importConfirmForm } from "~/schemas/customers";
import { redirectWithToast } from "~/server/admin/flash.server";
import { loadImportPreview } from "~/server/admin/import-preview.server";
import { formReply, parseForm } from "~/server/http/form.server";
import { getImportPreview, runCustomerImport } from "~/server/customers/customer-import.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("customers.transfer")];

export const meta: Route.MetaFunction = () => [{ title: "Import preview · Customers · Admin" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadImportPreview(request, PREVIEW_FILTERS, (query) =>
    getImportPreview(params.importId, query),
  );
}

/** Confirms the import: every row in one transaction, or nothing. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const submission = await parseForm(request, importConfirmForm);
  if (!submission.ok) return submission.reply;
  const result = await runCustomerImport({
    importId: params.importId,
    existing: submission.data.existing,
    actor: auditActor(context),
  });
  if (!result.ok)
    return formReply({ form: result.message }, { status: result.status, form: submission.form });
  const detail = [
    result.updated ? `${result.updated} existing updated` : "",
    result.skipped ? `${result.skipped} existing skipped` : "",
  ]
    .filter(Boolean)
    .join(", ");
  return redirectWithToast(
    href("/budzadmin/dashboard/customers"),
    `${result.message}${detail ? ` (${detail})` : ""}`,
  );
}

const SHOW_LABELS = {
  all: "All rows",
  errors: "With errors",
  existing: "Already customers",
  new: "New",
} as const;

const COLUMNS = ["Row", "Name", "Email", "Phone", "Address", "Consent", "Result"].map(
  (header) => [header, ""] as const,
);

function ExistingChoice({ count }: { count: number }) {
  const error = useFieldError("existing");
  return (
    <fieldset className="mb-4" aria-describedby={error ? "existing-error" : undefined}>
      <legend className="text-sm font-semibold text-stone-900">
        {count} {count === 1 ? "row matches" : "rows match"} a customer already on file (by email)
      </legend>
      <label className="mt-2 flex items-start gap-2 text-sm text-stone-700">
        <input type="radio" name="existing" value="skip" defaultChecked className="mt-1" />
        Skip them: leave those customers as they are
      </label>
      <label className="mt-1 flex items-start gap-2 text-sm text-stone-700">
        <input type="radio" name="existing" value="update" className="mt-1" />
        Update their name, phone and address from the file
      </label>
      {error ? (
        <p id="existing-error" className="mt-1 text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export default function ImportPreview({ loaderData, actionData }: Route.ComponentProps) {
  const { preview: p, show: current, dates } = loaderData;
  // The choice has a default: only the server can refuse it (no rules, and no zod, in the page).
  const form = useForm({ lastResult: actionData });
  const customers = href("/budzadmin/dashboard/customers");
  const counts = {
    all: p.rowCount,
    errors: p.errorCount,
    existing: p.existingCount,
    new: p.newCount,
  };
  return (
    <DetailPage
      back={{ to: customers, label: "All customers" }}
      title="Import preview"
      description={`${p.fileName} · nothing is imported until you confirm · checked ${formatDateTime(p.createdAt, dates)}`}
    >
      <StatGrid>
        <Figure label="Rows" value={p.rowCount.toLocaleString("en-CA")} />
        <Figure label="With errors" value={p.errorCount.toLocaleString("en-CA")} />
        <Figure
          label="Already customers"
          value={p.existingCount.toLocaleString("en-CA")}
          hint="Same email as a customer on file"
        />
        <Figure
          label="New customers"
          value={p.newCount.toLocaleString("en-CA")}
          hint={`${p.consentCount.toLocaleString("en-CA")} with marketing consent`}
        />
      </StatGrid>
      <PreviewState
        preview={p}
        importedWhen={p.importedAt ? formatDateTime(p.importedAt, dates) : ""}
        errorsTitle={FIX_ERRORS_FIRST}
        listHref={customers}
        listText="See the customers"
        uploadHref={href("/budzadmin/dashboard/customers/import")}
      >
        <ConfirmImport
          form={form}
          label="Import customers"
          note="All rows are imported together, or none if anything fails."
        >
          {p.existingCount > 0 ? (
            <ExistingChoice count={p.existingCount} />
          ) : (
            <input type="hidden" name="existing" value="skip" />
          )}
        </ConfirmImport>
      </PreviewState>
      <PreviewRows
        fileName={p.fileName}
        filters={PREVIEW_FILTERS}
        labels={SHOW_LABELS}
        counts={counts}
        current={current}
        columns={COLUMNS}
        tableClassName="w-full min-w-[48rem] text-left text-sm"
        rows={p.rows}
        cells={(r) => (
          <>
            <td className="px-4 py-2 tabular-nums">{r.row}</td>
            <td className="px-4 py-2 whitespace-nowrap">{r.name}</td>
            <td className="px-4 py-2 whitespace-nowrap">{r.email}</td>
            <td className="px-4 py-2 whitespace-nowrap tabular-nums">{r.phone}</td>
            <td className="px-4 py-2 text-stone-600">{r.address}</td>
            <td className="px-4 py-2">{r.consent ? "Yes" : "No"}</td>
            <td className="px-4 py-2">
              {r.errors.length ? (
                <RowErrors errors={r.errors} />
              ) : r.existing !== undefined ? (
                <Link
                  to={href("/budzadmin/dashboard/customers/:customerId", {
                    customerId: customerDisplayId(r.existing),
                  })}
                  className="underline"
                >
                  <Badge tone="amber">Matches {customerDisplayId(r.existing)}</Badge>
                </Link>
              ) : (
                <Badge tone="green">New</Badge>
              )}
            </td>
          </>
        )}
        page={p.page}
        pageCount={p.pageCount}
        total={p.shownCount}
        pageSize={PREVIEW_PAGE_SIZE}
      />
    </DetailPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
