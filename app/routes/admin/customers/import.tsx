import { Loader2, Upload } from "lucide-react";
import { Form, href, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/import";
import { buttonClass } from "~/components/admin/button";
import { inputClass } from "~/components/admin/field";
import { Modal, useCloseToList } from "~/components/admin/modal";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import { FILE_TOO_LARGE, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "~/lib/customer-import";
import { previewCustomerImport, readCsvUpload } from "~/server/customers/customer-import.server";
import { currentAdmin } from "~/server/auth/admin-guard.server";
import { formReply } from "~/server/http/form.server";

export async function loader() {
  return null;
}

/** Upload: the file is checked and kept as a preview (nothing imported yet), then shown. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = currentAdmin(context);
  const upload = await readCsvUpload(request);
  if (!upload.ok) return formReply({ form: upload.message }, { status: upload.status });
  const preview = await previewCustomerImport({ ...upload, createdBy: admin.displayName });
  if (!preview.ok) return formReply({ form: preview.message }, { status: preview.status });
  return redirect(
    href("/budzadmin/dashboard/customers/import/:importId", { importId: preview.id }),
  );
}

export default function ImportCustomers({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const uploading = navigation.state !== "idle" && navigation.formMethod === "POST";
  const close = useCloseToList(href("/budzadmin/dashboard/customers"));
  const formId = "customer-import-form";
  // No rules in the browser (the server reads the file); the form still shows a refusal.
  const form = useForm({ lastResult: actionData });
  return (
    <Modal
      title="Import from CSV"
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
        className="space-y-4"
        {...form.props}
        onSubmit={(event) => {
          // The server enforces the limit while reading; this says so before a large upload.
          const file = new FormData(event.currentTarget).get("file");
          if (file instanceof File && file.size > MAX_IMPORT_BYTES) {
            event.preventDefault();
            form.setErrors({ form: FILE_TOO_LARGE });
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
            hint={`UTF-8 CSV, at most 5 MB and ${MAX_IMPORT_ROWS.toLocaleString("en-CA")} rows.`}
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
          <div className="rounded-lg bg-stone-50 p-4 text-sm text-stone-700">
            <p className="font-medium text-stone-900">What the file needs</p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              <li>
                A header row with columns for the customer <strong>name</strong>,{" "}
                <strong>email</strong> and <strong>phone</strong> number (any order).
              </li>
              <li>
                Optional: an <strong>address</strong> column, and a <strong>consent</strong> column
                (yes or no) for customers who agreed to marketing email.
              </li>
              <li>
                Names are capitalised, emails lower-cased, phones written 604-555-0199. Imported
                customers start active with no orders.
              </li>
            </ul>
          </div>
        </FormProvider>
      </Form>
    </Modal>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
