import { Loader2 } from "lucide-react";
import { auditActor } from "~/server/auth/actor.server";
import { Form, href, Link, useNavigation } from "react-router";
import { ImportErrors, ImportedNotice } from "~/components/admin/csv-upload-dialog";
import type { Route } from "./+types/import-preview";
import { Badge } from "~/components/admin/badges";
import { buttonClass } from "~/components/admin/button";
import { Figure } from "~/components/admin/customer-panels";
import { ListCard, Pagination } from "~/components/admin/list-page";
import { DetailPage } from "~/components/admin/page";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { StatGrid } from "~/components/admin/stat-card";
import { FormProvider, FormSummary, useFieldError, useForm } from "~/components/form/form";
import { FIX_ERRORS_FIRST } from "~/lib/customer-import";
import { customerDisplayId, PREVIEW_FILTERS, PREVIEW_PAGE_SIZE } from "~/lib/customers";
import { dateTexts, formatDateTime } from "~/lib/dates";
import { IMPORT_PREVIEW_NOT_FOUND, importPreviewQuery } from "~/schemas/admin-list";
import { importConfirmForm } from "~/schemas/customers";
import { redirectWithToast } from "~/server/admin/flash.server";
import { formReply, parseForm } from "~/server/http/form.server";
import { invariantResponse } from "~/server/http/responses.server";
import { config } from "~/server/config.server";
import { getImportPreview, runCustomerImport } from "~/server/customers/customer-import.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("customers.transfer")];

export const meta: Route.MetaFunction = () => [{ title: "Import preview · Customers · Admin" }];

const PreviewQuery = importPreviewQuery(PREVIEW_FILTERS);

export async function loader({ request, params }: Route.LoaderArgs) {
  const query = PreviewQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const preview = await getImportPreview(params.importId, query);
  invariantResponse(preview, IMPORT_PREVIEW_NOT_FOUND, { status: 404 });
  const dates = dateTexts([preview.createdAt, preview.importedAt], config().STORE_TIMEZONE);
  return { preview, show: query.show, dates };
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

/** Import customers, with what to do about rows that match a customer already on file. */
function ConfirmImport({
  existingCount,
  form,
}: {
  existingCount: number;
  form: ReturnType<typeof useForm>;
}) {
  const navigation = useNavigation();
  const importing = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Form
      method="post"
      {...form.props}
      className="mb-6 rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <FormProvider form={form}>
        <FormSummary />
        {existingCount > 0 ? (
          <ExistingChoice count={existingCount} />
        ) : (
          <input type="hidden" name="existing" value="skip" />
        )}
        <button type="submit" disabled={importing} className={buttonClass()}>
          {importing ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : null}
          {importing ? "Importing..." : "Import customers"}
        </button>
        <p className="mt-2 text-xs text-stone-500">
          All rows are imported together, or none if anything fails.
        </p>
      </FormProvider>
    </Form>
  );
}

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
      {p.status === "imported" ? (
        <ImportedNotice
          when={p.importedAt ? formatDateTime(p.importedAt, dates) : ""}
          listHref={customers}
          listText="See the customers"
        />
      ) : p.errorCount > 0 ? (
        <ImportErrors title={FIX_ERRORS_FIRST} errors={p.errors}>
          <Link
            to={href("/budzadmin/dashboard/customers/import")}
            className={`${buttonClass("secondary")} mt-3`}
          >
            Upload a corrected file
          </Link>
        </ImportErrors>
      ) : (
        <ConfirmImport existingCount={p.existingCount} form={form} />
      )}
      <ListCard>
        <nav
          aria-label="Rows to show"
          className="flex flex-wrap gap-2 border-b border-stone-200 p-4"
        >
          {PREVIEW_FILTERS.map((filter) => (
            <Link
              key={filter}
              to={filter === "all" ? "?" : `?show=${filter}`}
              aria-current={filter === current ? "page" : undefined}
              className={buttonClass(filter === current ? "primary" : "secondary", "sm")}
            >
              {SHOW_LABELS[filter]} ({counts[filter].toLocaleString("en-CA")})
            </Link>
          ))}
        </nav>
        {p.rows.length === 0 ? (
          <p className="px-4 py-16 text-center text-stone-500">No rows here.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[48rem] text-left text-sm">
              <caption className="sr-only">Rows of {p.fileName}</caption>
              <thead className="bg-stone-50 text-xs font-semibold tracking-wide text-stone-500 uppercase">
                <tr>
                  {["Row", "Name", "Email", "Phone", "Address", "Consent", "Result"].map((h) => (
                    <th key={h} scope="col" className="px-4 py-3 whitespace-nowrap">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {p.rows.map((r) => (
                  <tr key={r.row} className={r.errors.length ? "bg-red-50/60" : undefined}>
                    <td className="px-4 py-2 tabular-nums">{r.row}</td>
                    <td className="px-4 py-2 whitespace-nowrap">{r.name}</td>
                    <td className="px-4 py-2 whitespace-nowrap">{r.email}</td>
                    <td className="px-4 py-2 whitespace-nowrap tabular-nums">{r.phone}</td>
                    <td className="px-4 py-2 text-stone-600">{r.address}</td>
                    <td className="px-4 py-2">{r.consent ? "Yes" : "No"}</td>
                    <td className="px-4 py-2">
                      {r.errors.length ? (
                        <ul className="space-y-0.5 text-red-700">
                          {r.errors.map((e) => (
                            <li key={e}>{e}</li>
                          ))}
                        </ul>
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
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination
          page={p.page}
          pageCount={p.pageCount}
          total={p.shownCount}
          pageSize={PREVIEW_PAGE_SIZE}
          noun="row"
        />
      </ListCard>
    </DetailPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
