import { href, redirect } from "react-router";
import type { Route } from "./+types/import";
import { CsvUploadDialog } from "~/components/admin/csv-upload-dialog";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { FILE_TOO_LARGE, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "~/lib/customer-import";
import { previewCustomerImport, readCsvUpload } from "~/server/customers/customer-import.server";
import { currentAdmin, requirePermission } from "~/server/auth/admin-guard.server";
import { formReply } from "~/server/http/form.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("customers.transfer")];

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
  return (
    <CsvUploadDialog
      title="Import from CSV"
      listHref={href("/budzadmin/dashboard/customers")}
      formId="customer-import-form"
      maxBytes={MAX_IMPORT_BYTES}
      tooLarge={FILE_TOO_LARGE}
      maxRows={MAX_IMPORT_ROWS}
      lastResult={actionData}
      requirements={
        <>
          <li>
            A header row with columns for the customer <strong>name</strong>, <strong>email</strong>{" "}
            and <strong>phone</strong> number (any order).
          </li>
          <li>
            Optional: an <strong>address</strong> column, and a <strong>consent</strong> column (yes
            or no) for customers who agreed to marketing email.
          </li>
          <li>
            Names are capitalised, emails lower-cased, phones written 604-555-0199. Imported
            customers start active with no orders.
          </li>
        </>
      }
    />
  );
}

export const ErrorBoundary = AdminErrorBoundary;
