import { Loader2 } from "lucide-react";
import { Form, href, Link, useNavigation } from "react-router";
import type { Route } from "./+types/import-preview";
import { Badge, type Tone } from "~/components/admin/badges";
import { buttonClass } from "~/components/admin/button";
import { DataTable, ListCard } from "~/components/admin/list-page";
import { PageHeader } from "~/components/admin/page";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { FormProvider, FormSummary, useForm } from "~/components/form/form";
import { formatDateTime, withDateTexts } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { redirectWithToast } from "~/server/admin/flash.server";
import { auditActor } from "~/server/auth/actor.server";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { config } from "~/server/config.server";
import { formReply, readForm } from "~/server/http/form.server";
import { errorResponse } from "~/server/http/responses.server";
import { isUuid } from "~/lib/ids";
import {
  applyBankImport,
  bankImportPreview,
  type ImportPreview,
} from "~/server/payments/bank-import.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("payments.import")];

export const meta: Route.MetaFunction = () => [{ title: "Bank export preview · Admin" }];

async function previewOf(importId: string) {
  const preview = isUuid(importId) ? await bankImportPreview(importId) : null;
  if (!preview) throw errorResponse("This bank export does not exist.", 404);
  return preview;
}

export async function loader({ params }: Route.LoaderArgs) {
  return withDateTexts({ preview: await previewOf(params.importId) }, config().STORE_TIMEZONE);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  await previewOf(params.importId);
  const applied = await applyBankImport({ id: params.importId, actor: auditActor(context) });
  if (!applied.ok) return formReply({ form: applied.message }, { status: applied.status, form });
  const { summary } = applied;
  return redirectWithToast(
    href("/budzadmin/dashboard/payments"),
    `Bank export imported: ${summary.applied} applied (${summary.paid} orders paid), ${summary.suggested} suggested, ${summary.queued} waiting, ${summary.duplicates} already recorded.`,
  );
}

type Row = ImportPreview["rows"][number];

const OUTCOME: Record<Row["outcome"]["state"], { label: string; tone: Tone }> = {
  applied: { label: "Pays", tone: "green" },
  suggested: { label: "Suggests", tone: "amber" },
  queued: { label: "Waits", tone: "stone" },
  duplicate: { label: "Skipped", tone: "blue" },
};

export default function BankExportPreview({ loaderData, actionData }: Route.ComponentProps) {
  const { preview, dates } = loaderData;
  const navigation = useNavigation();
  const applying = navigation.state !== "idle" && navigation.formMethod === "POST";
  const form = useForm({ lastResult: actionData });
  const count = (state: Row["outcome"]["state"]) =>
    preview.rows.filter((row) => row.outcome.state === state).length;
  return (
    <>
      <Link
        to={href("/budzadmin/dashboard/payments")}
        className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-stone-600 hover:text-brand-800"
      >
        ← Payments
      </Link>
      <PageHeader
        title={`Bank export: ${preview.fileName}`}
        description={`${preview.layout} · ${preview.rows.length} e-Transfer deposits · ${preview.otherRows} other rows left out`}
      />
      {preview.appliedAt ? (
        <p className="mb-6 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900">
          Imported {formatDateTime(preview.appliedAt, dates)}.{" "}
          <Link to={href("/budzadmin/dashboard/payments")} className="font-medium underline">
            See what waits in Payments
          </Link>
        </p>
      ) : (
        <Form
          method="post"
          {...form.props}
          className="mb-6 rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
        >
          <FormProvider form={form}>
            <FormSummary className="mb-3" />
            <p className="mb-3 text-sm text-stone-700">
              Importing will pay {count("applied")} {count("applied") === 1 ? "order" : "orders"},
              suggest {count("suggested")}, leave {count("queued")} waiting for staff and skip{" "}
              {count("duplicate")} already recorded. All of it or nothing.
            </p>
            <button type="submit" disabled={applying} className={buttonClass()}>
              {applying ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : null}
              {applying ? "Importing…" : "Import these deposits"}
            </button>
          </FormProvider>
        </Form>
      )}
      <ListCard>
        <DataTable
          caption="The deposits in this export and what importing does with each"
          rows={preview.rows}
          rowKey={(row) => `${row.line}-${row.bankReference}`}
          empty="No e-Transfer deposits in this file."
          columns={[
            {
              key: "line",
              header: "Line",
              hideBelow: "md",
              className: "tabular-nums",
              cell: (row) => row.line,
            },
            {
              key: "from",
              header: "From",
              cell: (row) => (
                <>
                  <span className="block font-medium break-words text-stone-900">
                    {row.senderName ?? "Not shown"}
                  </span>
                  <span className="block text-xs text-stone-600">Posted {row.postedOn}</span>
                  <span className="hidden text-xs break-words text-stone-500 md:block">
                    {row.description}
                  </span>
                </>
              ),
            },
            {
              key: "amount",
              header: "Amount",
              className: "text-right tabular-nums whitespace-nowrap font-semibold",
              cell: (row) => formatMoney(row.amountCents),
            },
            {
              key: "outcome",
              header: "What happens",
              cell: (row) => (
                <>
                  <Badge tone={OUTCOME[row.outcome.state].tone}>
                    {OUTCOME[row.outcome.state].label}
                  </Badge>
                  {row.outcome.orderNumber ? (
                    <span className="ml-2 text-sm font-medium">{row.outcome.orderNumber}</span>
                  ) : null}
                  {row.outcome.detail ? (
                    <span className="mt-1 block text-xs text-stone-600">{row.outcome.detail}</span>
                  ) : null}
                </>
              ),
            },
          ]}
        />
      </ListCard>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
