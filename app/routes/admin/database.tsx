import {
  AlertTriangle,
  CheckCircle2,
  Database,
  Info,
  Loader2,
  Package,
  PlayCircle,
  ShoppingBag,
  Users,
  XCircle,
} from "lucide-react";
import { auditActor } from "~/server/auth/actor.server";
import { data, Form, useNavigation, useSubmit } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/database";
import { buttonClass } from "~/components/admin/button";
import { PageHeader } from "~/components/admin/page";
import { ConfirmDialog } from "~/components/admin/modal";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { StatCard } from "~/components/admin/stat-card";
import {
  GENERATOR_CLEARS,
  GENERATORS,
  SAMPLE_DATA_REFUSED,
  type Generator,
  type LogLine,
} from "~/lib/database-tools";
import {
  driverLabel,
  getConnectionStatus,
  getEnvironment,
  getLiveCounts,
  insertTestProduct,
  runConnectionTests,
  runGenerator,
  sampleDataAllowed,
} from "~/server/admin/database-tools.server";
import { checkForm, formRules } from "~/lib/form";
import { BACKUP_STARTED, backUpNow, backupsPanel } from "~/server/backup/backup-admin.server";
import { BackupsSection } from "~/components/admin/backups";
import { withDateTexts } from "~/lib/dates";
import { config } from "~/server/config.server";
import { dispatchIntent, readForm } from "~/server/http/form.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

// Owners only (the admin guard on the admin layout has already checked the session).
export const middleware: Route.MiddlewareFunction[] = [requirePermission("database")];

export const meta: Route.MetaFunction = () => [{ title: "Database · Admin" }];

export async function loader() {
  const { STORE_TIMEZONE } = config();
  return withDateTexts(
    {
      driver: driverLabel(),
      status: await getConnectionStatus(),
      counts: await getLiveCounts(),
      environment: await getEnvironment(),
      sampleDataAllowed: sampleDataAllowed(),
      backups: await backupsPanel(),
      timeZone: STORE_TIMEZONE,
    },
    STORE_TIMEZONE,
  );
}

/** A generator's button: which one, confirmed in the dialog (data is cleared first). */
const generateForm = formRules(
  z.object({
    generator: z.enum(GENERATORS),
    confirm: z.literal("yes", {
      error: "Confirm before generating: existing data is cleared first.",
    }),
  }),
);

/** The tools answer with their log (shown under Results), never with form messages. */
const answer = (log: LogLine[], status = 200) => data({ log }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const actor = auditActor(context);
  return dispatchIntent(form, {
    test: async () => answer(await runConnectionTests()),
    backup: async () => {
      const started = await backUpNow(actor);
      if (!started.ok)
        return answer([{ level: "error", message: started.message }], started.status);
      return answer([{ level: "info", message: BACKUP_STARTED }]);
    },
    "insert-test-product": async () => answer(await insertTestProduct(actor)),
    generate: async () => {
      const checked = checkForm(generateForm, form);
      if (!checked.ok)
        return answer([{ level: "error", message: Object.values(checked.errors)[0]! }], 400);
      const log = await runGenerator(checked.data.generator, actor);
      const refused = log.length === 1 && log[0]!.message === SAMPLE_DATA_REFUSED;
      const failed = log.some((line) => line.level === "error");
      return answer(log, refused ? 403 : failed ? 422 : 200);
    },
  });
}

const GENERATOR_LABELS: Record<Generator, string> = {
  all: "Generate Complete Sample Dataset",
  products: "Generate Products",
  customers: "Generate Customers",
  orders: "Generate Orders",
};

const LOG_ICONS = {
  success: <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden />,
  error: <XCircle className="mt-0.5 h-4 w-4 shrink-0 text-red-600" aria-hidden />,
  info: <Info className="mt-0.5 h-4 w-4 shrink-0 text-sky-600" aria-hidden />,
};

export default function DatabaseTools({ loaderData, actionData }: Route.ComponentProps) {
  const { driver, status, counts, environment } = loaderData;
  const navigation = useNavigation();
  const submit = useSubmit();
  const pending =
    navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  const pendingGenerator =
    pending === "generate" ? navigation.formData?.get("generator") : undefined;
  const busy = pending !== undefined;

  return (
    <>
      <PageHeader
        title="Database Management"
        description="Connection, backups, live counts, sample data and the environment the store runs in."
      />

      <section className="mb-6 flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
            <Database className="h-5 w-5" aria-hidden />
          </span>
          <div>
            <p className="text-sm text-stone-500">Connection status</p>
            {pending === "test" ? (
              <p className="flex items-center gap-2 font-medium text-stone-700" role="status">
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
                Checking {driver} connection...
              </p>
            ) : (
              <p
                className={`flex items-center gap-2 font-medium ${status.ok ? "text-brand-800" : "text-red-700"}`}
                role="status"
              >
                <span
                  className={`h-2.5 w-2.5 rounded-full ${status.ok ? "bg-brand-500" : "bg-red-500"}`}
                  aria-hidden
                />
                {status.message}
              </p>
            )}
          </div>
        </div>
        <Form method="post">
          <button
            type="submit"
            name="intent"
            value="test"
            disabled={busy}
            className={buttonClass("secondary")}
          >
            <PlayCircle className="h-4 w-4" aria-hidden />
            Run Connection Tests
          </button>
        </Form>
      </section>

      <BackupsSection
        backups={loaderData.backups.backups}
        running={loaderData.backups.running}
        schedule={{
          hour: loaderData.backups.hour,
          zone: loaderData.timeZone,
          daily: loaderData.backups.keep.daily,
          weekly: loaderData.backups.keep.weekly,
          monthly: loaderData.backups.keep.monthly,
          dir: loaderData.backups.backupDir,
        }}
        bucket={loaderData.backups.bucket}
        locationWarning={loaderData.backups.locationWarning}
        dates={loaderData.dates}
      />

      <div className="mb-6 grid gap-4 sm:grid-cols-3">
        <StatCard label="Products" value={counts.products.toLocaleString("en-CA")} icon={Package} />
        <StatCard label="Customers" value={counts.customers.toLocaleString("en-CA")} icon={Users} />
        <StatCard label="Orders" value={counts.orders.toLocaleString("en-CA")} icon={ShoppingBag} />
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <section className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
          <h2 className="font-semibold text-stone-900">Sample data</h2>
          <div className="mt-3 flex gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <p>Generation clears existing data first. The counts above refresh when it finishes.</p>
          </div>
          {!loaderData.sampleDataAllowed ? (
            <p className="mt-3 text-sm font-medium text-red-700">{SAMPLE_DATA_REFUSED}</p>
          ) : null}
          <div className="mt-4 flex flex-col gap-2">
            <Form method="post">
              <button
                type="submit"
                name="intent"
                value="insert-test-product"
                disabled={busy}
                className={buttonClass("secondary", "md", "w-full")}
              >
                {pending === "insert-test-product" ? (
                  <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
                ) : null}
                Insert Test Product
              </button>
            </Form>
            {GENERATORS.map((generator) => (
              <ConfirmDialog
                key={generator}
                title={GENERATOR_LABELS[generator]}
                message={`This first deletes ${GENERATOR_CLEARS[generator]}, then generates new sample data. Continue?`}
                confirmLabel="Clear and generate"
                onConfirm={() =>
                  void submit({ intent: "generate", generator, confirm: "yes" }, { method: "post" })
                }
                trigger={
                  <button
                    type="button"
                    disabled={busy || !loaderData.sampleDataAllowed}
                    className={buttonClass(
                      generator === "all" ? "primary" : "secondary",
                      "md",
                      "w-full",
                    )}
                  >
                    {pendingGenerator === generator ? (
                      <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
                    ) : null}
                    {GENERATOR_LABELS[generator]}
                  </button>
                }
              />
            ))}
          </div>
        </section>

        <section className="flex flex-col rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
          <h2 className="font-semibold text-stone-900">Results</h2>
          <div
            className="mt-3 max-h-80 flex-1 overflow-y-auto rounded-lg bg-stone-950 p-4 font-mono text-xs leading-6 text-stone-100"
            aria-live="polite"
            data-testid="results-log"
          >
            {busy ? (
              <p className="flex items-center gap-2 text-stone-300">
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Working…
              </p>
            ) : actionData?.log ? (
              <ul className="space-y-1">
                {actionData.log.map((line, i) => (
                  <li key={i} className="flex gap-2">
                    {LOG_ICONS[line.level]}
                    <span>{line.message}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-stone-400">Run a tool to see its results here.</p>
            )}
          </div>
        </section>
      </div>

      <section className="mt-6 rounded-xl border border-stone-200 bg-white shadow-sm">
        <h2 className="border-b border-stone-200 px-5 py-4 font-semibold text-stone-900">
          Environment configuration
        </h2>
        <dl className="grid gap-x-8 gap-y-3 p-5 sm:grid-cols-2">
          {environment.rows.map((row) => (
            <div key={row.label} className="min-w-0">
              <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">
                {row.label}
              </dt>
              <dd className="mt-0.5 text-sm break-all text-stone-900">{row.value}</dd>
            </div>
          ))}
        </dl>
        {environment.settings.length > 0 ? (
          <div className="border-t border-stone-200 p-5">
            <h3 className="mb-2 text-sm font-semibold text-stone-800">Store settings</h3>
            <dl className="grid gap-x-8 gap-y-2 sm:grid-cols-2">
              {environment.settings.map((setting) => (
                <div key={setting.key} className="min-w-0">
                  <dt className="text-xs text-stone-500">{setting.key}</dt>
                  <dd className="truncate font-mono text-xs text-stone-800" title={setting.value}>
                    {setting.value}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        ) : null}
      </section>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
