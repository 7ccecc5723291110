import { CircleAlert, Loader2, Upload } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import type { FormReply } from "~/lib/form";
import { buttonClass } from "./button";
import { inputClass } from "./field";
import { ListCard, Pagination } from "./list-page";
import { CloseButton, Modal, useCloseToList } from "./modal";

/**
 * The first step of a CSV import (customers, products): the file, checked on the server and kept as
 * a preview; nothing is imported until the preview is confirmed. `children` are the form's own
 * choices, `requirements` the list of what the file needs.
 */
export function CsvUploadDialog({
  title,
  listHref,
  formId,
  maxBytes,
  tooLarge,
  maxRows,
  lastResult,
  requirements,
  children,
}: {
  title: string;
  /** The list the dialog closes back to. */
  listHref: string;
  formId: string;
  maxBytes: number;
  /** What is said when the chosen file is over `maxBytes` (before it is sent). */
  tooLarge: string;
  maxRows: number;
  lastResult?: FormReply;
  requirements: React.ReactNode;
  children?: React.ReactNode;
}) {
  const navigation = useNavigation();
  const uploading = navigation.state !== "idle" && navigation.formMethod === "POST";
  const close = useCloseToList(listHref);
  // No rules in the browser (the server reads the file); the form still shows a refusal.
  const form = useForm({ lastResult });
  return (
    <Modal
      title={title}
      description="Check the file first: nothing is imported until you confirm the preview."
      onClose={close}
      footer={
        <>
          <CloseButton onClick={close}>Cancel</CloseButton>
          <button type="submit" form={formId} disabled={uploading} className={buttonClass()}>
            {uploading ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
            ) : (
              <Upload className="h-4 w-4" aria-hidden />
            )}
            {uploading ? "Checking..." : "Upload and preview"}
          </button>
        </>
      }
    >
      <Form
        method="post"
        encType="multipart/form-data"
        id={formId}
        className="space-y-5"
        {...form.props}
        onSubmit={(event) => {
          // The server enforces the limit while reading; this says so before a large upload.
          const file = new FormData(event.currentTarget).get("file");
          if (file instanceof File && file.size > maxBytes) {
            event.preventDefault();
            form.setErrors({ form: tooLarge });
          } else {
            form.setErrors({});
            form.props.onSubmit(event);
          }
        }}
      >
        <FormProvider form={form}>
          <FormSummary />
          <Field
            name="file"
            label="CSV file"
            required
            hint={`UTF-8 CSV, at most ${Math.round(maxBytes / 1024 / 1024)} MB and ${maxRows.toLocaleString("en-CA")} rows.`}
          >
            {(ids) => (
              <input
                {...ids}
                type="file"
                required
                accept=".csv,text/csv"
                className={`${inputClass} file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-sm file:font-medium file:text-brand-800`}
              />
            )}
          </Field>
          {children}
          <div className="rounded-lg bg-stone-50 p-4 text-sm text-stone-700">
            <p className="font-medium text-stone-900">What the file needs</p>
            <ul className="mt-2 list-disc space-y-1 pl-5">{requirements}</ul>
          </div>
        </FormProvider>
      </Form>
    </Modal>
  );
}

/** How many of a preview's errors are listed above its rows. */
const ERRORS_LISTED = 200;

/** A preview already imported: when, and a link to what it made. */
function ImportedNotice({
  when,
  listHref,
  listText,
}: {
  when: string;
  listHref: string;
  listText: string;
}) {
  return (
    <p className="mb-6 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900">
      This file was imported {when}.{" "}
      <Link to={listHref} className="font-medium underline">
        {listText}
      </Link>
    </p>
  );
}

/** A preview with errors: what to fix (the first ones), and a way to upload the file again. */
function ImportErrors({
  title,
  errors,
  children,
}: {
  title: string;
  errors: string[];
  /** The link or button to upload a corrected file. */
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby="import-errors"
      className="mb-6 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900"
    >
      <h2 id="import-errors" className="flex items-center gap-2 font-semibold">
        <CircleAlert className="h-4 w-4" aria-hidden />
        {title}
      </h2>
      <p className="mt-1">Correct these rows in the file, then upload it again.</p>
      <ul className="mt-2 max-h-64 list-disc space-y-0.5 overflow-y-auto pl-5 break-words">
        {errors.slice(0, ERRORS_LISTED).map((error, i) => (
          <li key={i}>{error}</li>
        ))}
      </ul>
      {errors.length > ERRORS_LISTED ? (
        <p className="mt-2">and {errors.length - ERRORS_LISTED} more (see the rows below).</p>
      ) : null}
      {children}
    </section>
  );
}

/**
 * Confirms a preview: the import runs all at once (a spinner while it does). `children` are the
 * form's own choices, `note` what importing does.
 */
export function ConfirmImport({
  form,
  label,
  note,
  children,
}: {
  form: ReturnType<typeof useForm>;
  label: string;
  note: string;
  children?: React.ReactNode;
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
        {children}
        <button type="submit" disabled={importing} className={buttonClass()}>
          {importing ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : null}
          {importing ? "Importing..." : label}
        </button>
        <p className="mt-2 text-xs text-stone-500">{note}</p>
      </FormProvider>
    </Form>
  );
}

/**
 * A preview's rows: a link per kind of row (with its count), the table (a row with errors in red)
 * and its pages. `columns` are each header with the classes of its cells (to hide one on phones).
 */
export function PreviewRows<Filter extends string, Row extends { row: number; errors: string[] }>(
  props: {
    fileName: string;
    filters: readonly Filter[];
    labels: Record<Filter, string>;
    counts: Record<Filter, number>;
    current: Filter;
    columns: readonly (readonly [header: string, className: string])[];
    tableClassName: string;
    rows: Row[];
    /** Classes of every row (added to the red of a row with errors). */
    rowClassName?: string;
    cells: (row: Row) => React.ReactNode;
  } & Omit<Parameters<typeof Pagination>[0], "noun">,
) {
  const { fileName, filters, labels, counts, current, columns, rows, rowClassName } = props;
  return (
    <ListCard>
      <nav aria-label="Rows to show" className="flex flex-wrap gap-2 border-b border-stone-200 p-4">
        {filters.map((filter) => (
          <Link
            key={filter}
            to={filter === "all" ? "?" : `?show=${filter}`}
            aria-current={filter === current ? "page" : undefined}
            className={buttonClass(filter === current ? "primary" : "secondary", "sm")}
          >
            {labels[filter]} ({counts[filter].toLocaleString("en-CA")})
          </Link>
        ))}
      </nav>
      {rows.length === 0 ? (
        <p className="px-4 py-16 text-center text-stone-500">No rows here.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className={props.tableClassName}>
            <caption className="sr-only">Rows of {fileName}</caption>
            <thead className="bg-stone-50 text-xs font-semibold tracking-wide text-stone-500 uppercase">
              <tr>
                {columns.map(([header, className]) => (
                  <th
                    key={header}
                    scope="col"
                    className={["px-4 py-3 whitespace-nowrap", className].filter(Boolean).join(" ")}
                  >
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {rows.map((r) => (
                <tr
                  key={r.row}
                  className={
                    [r.errors.length ? "bg-red-50/60" : "", rowClassName]
                      .filter(Boolean)
                      .join(" ") || undefined
                  }
                >
                  {props.cells(r)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        page={props.page}
        pageCount={props.pageCount}
        total={props.total}
        pageSize={props.pageSize}
        noun="row"
      />
    </ListCard>
  );
}

/** A row's errors, one under another. */
export function RowErrors({ errors }: { errors: string[] }) {
  return (
    <ul className="space-y-0.5 text-red-700">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

/** "Upload a corrected file": back to the import's first step. */
export function UploadAgainLink({ to }: { to: string }) {
  return (
    <Link to={to} className={`${buttonClass("secondary")} mt-3`}>
      Upload a corrected file
    </Link>
  );
}

/**
 * Where a preview stands: imported (when, and a link to what it made), with errors (which, and a
 * way to upload a corrected file), or ready to import: `children`.
 */
export function PreviewState({
  preview,
  importedWhen,
  errorsTitle,
  listHref,
  listText,
  uploadHref,
  children,
}: {
  preview: { status: string; errorCount: number; errors: string[] };
  importedWhen: string;
  errorsTitle: string;
  listHref: string;
  listText: string;
  uploadHref: string;
  children: React.ReactNode;
}) {
  if (preview.status === "imported")
    return <ImportedNotice when={importedWhen} listHref={listHref} listText={listText} />;
  if (preview.errorCount > 0)
    return (
      <ImportErrors title={errorsTitle} errors={preview.errors}>
        <UploadAgainLink to={uploadHref} />
      </ImportErrors>
    );
  return children;
}
