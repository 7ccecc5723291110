import { Download, Loader2, Upload } from "lucide-react";
import { Form, href, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/import";
import { buttonClass } from "~/components/admin/button";
import { inputClass } from "~/components/admin/field";
import { Modal, useCloseToList } from "~/components/admin/modal";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { Field, FormProvider, FormSummary, useFieldError, useForm } from "~/components/form/form";
import {
  MAX_PRODUCT_IMPORT_BYTES,
  MAX_PRODUCT_IMPORT_ROWS,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_FILE_TOO_LARGE,
  PRODUCT_IMPORT_REASON_TEXT,
  PRODUCT_IMPORT_REASONS,
} from "~/lib/product-import";
import { currentAdmin } from "~/server/auth/admin-guard.server";
import {
  previewProductImport,
  readProductUpload,
} from "~/server/catalog/product-csv-import.server";
import { formReply } from "~/server/http/form.server";

export const meta: Route.MetaFunction = () => [{ title: "Import products · Admin" }];

export async function loader() {
  return null;
}

/** Upload: the file is checked and kept as a preview (nothing imported yet), then shown. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = currentAdmin(context);
  const upload = await readProductUpload(request);
  if (!upload.ok)
    return formReply(upload.errors ?? { form: upload.message }, { status: upload.status });
  const preview = await previewProductImport({
    ...upload,
    createdBy: admin.displayName,
    adminId: admin.id,
  });
  if (!preview.ok) return formReply({ form: preview.message }, { status: preview.status });
  return redirect(href("/budzadmin/dashboard/products/import/:importId", { importId: preview.id }));
}

function ReasonChoice() {
  const error = useFieldError("reason");
  return (
    <fieldset aria-describedby={error ? "reason-error" : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-stone-700">
        The Stock column holds <span className="text-red-600">*</span>
      </legend>
      {PRODUCT_IMPORT_REASONS.map((reason, i) => (
        <label key={reason} className="mt-1 flex items-start gap-2 text-sm text-stone-700">
          <input
            type="radio"
            name="reason"
            value={reason}
            defaultChecked={i === 0}
            className="mt-1"
          />
          <span>
            <span className="font-medium text-stone-900">
              {PRODUCT_IMPORT_REASON_TEXT[reason].label}
            </span>
            <span className="block text-xs text-stone-500">
              {PRODUCT_IMPORT_REASON_TEXT[reason].hint}
            </span>
          </span>
        </label>
      ))}
      {error ? (
        <p id="reason-error" className="mt-1 text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export default function ImportProducts({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const uploading = navigation.state !== "idle" && navigation.formMethod === "POST";
  const close = useCloseToList(href("/budzadmin/dashboard/products"));
  const formId = "product-import-form";
  // No rules in the browser (the server reads the file); the form still shows a refusal.
  const form = useForm({ lastResult: actionData });
  const required = PRODUCT_CSV_COLUMNS.filter((c) => c.required).map((c) => c.header);
  const optional = PRODUCT_CSV_COLUMNS.filter((c) => !c.required).map((c) => c.header);
  return (
    <Modal
      title="Import products from CSV"
      description="Check the file first: nothing is imported until you confirm the preview."
      onClose={close}
      footer={
        <>
          <button type="button" className={buttonClass("secondary")} onClick={close}>
            Cancel
          </button>
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
          if (file instanceof File && file.size > MAX_PRODUCT_IMPORT_BYTES) {
            event.preventDefault();
            form.setErrors({ form: PRODUCT_FILE_TOO_LARGE });
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
            hint={`UTF-8 CSV, at most 10 MB and ${MAX_PRODUCT_IMPORT_ROWS.toLocaleString("en-CA")} rows.`}
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
          <ReasonChoice />
          <div className="rounded-lg bg-stone-50 p-4 text-sm text-stone-700">
            <p className="font-medium text-stone-900">What the file needs</p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              <li>
                The columns of the export (start from{" "}
                <a
                  href={href("/budzadmin/dashboard/products/export.csv")}
                  download
                  className="inline-flex items-center gap-1 font-medium text-brand-800 underline"
                >
                  <Download className="h-3.5 w-3.5" aria-hidden />
                  Export CSV
                </a>
                ). Required: {required.join(", ")}. Optional: {optional.join(", ")}.
              </li>
              <li>
                One row per size: rows with the same SKU (any case) are one product, and a product
                without sizes is one row. A product whose SKU is on file is updated; sizes it no
                longer lists are removed.
              </li>
              <li>
                Images are Image Library addresses (/images/…); thumbnails are separated by |. A
                column left out keeps what the product has; a blank Stock cell leaves that stock as
                it is.
              </li>
            </ul>
          </div>
        </FormProvider>
      </Form>
    </Modal>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
