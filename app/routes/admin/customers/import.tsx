import { Loader2, Upload } from "lucide-react";
import { useState } from "react";
import { data, Form, redirect, useLocation, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/import";
import { buttonClass } from "~/components/admin/button";
import { Field, inputClass, FormAlert } from "~/components/admin/field";
import { Modal } from "~/components/admin/modal";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { FILE_TOO_LARGE, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "~/lib/customer-import";
import { CUSTOMERS_PATH } from "~/lib/customers";
import { previewCustomerImport, readCsvUpload } from "~/server/customers/customer-import.server";
import { currentAdmin } from "~/server/auth/admin-guard.server";

export async function loader() {
  return null;
}

/** Upload: the file is checked and kept as a preview (nothing imported yet), then shown. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = currentAdmin(context);
  const upload = await readCsvUpload(request);
  if (!upload.ok) return data({ error: upload.message }, { status: upload.status });
  const preview = await previewCustomerImport({ ...upload, createdBy: admin.displayName });
  if (!preview.ok) return data({ error: preview.message }, { status: preview.status });
  return redirect(`${CUSTOMERS_PATH}/import/${preview.id}`);
}

export default function ImportCustomers({ actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const navigation = useNavigation();
  const uploading = navigation.state !== "idle" && navigation.formMethod === "POST";
  const close = () => void navigate(`${CUSTOMERS_PATH}${search}`, { preventScrollReset: true });
  const formId = "customer-import-form";
  // The server enforces the limit while reading; this says so before a large upload starts.
  const [tooLarge, setTooLarge] = useState(false);
  const error = tooLarge ? FILE_TOO_LARGE : actionData?.error;
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
      <FormAlert message={error} />
      <Form
        method="post"
        encType="multipart/form-data"
        id={formId}
        className="space-y-4"
        onSubmit={(event) => {
          const file = new FormData(event.currentTarget).get("file");
          const large = file instanceof File && file.size > MAX_IMPORT_BYTES;
          setTooLarge(large);
          if (large) event.preventDefault();
        }}
      >
        <Field
          label="CSV file"
          required
          hint={`UTF-8 CSV, at most 5 MB and ${MAX_IMPORT_ROWS.toLocaleString("en-CA")} rows.`}
        >
          {(ids) => (
            <input
              {...ids}
              type="file"
              name="file"
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
      </Form>
    </Modal>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
