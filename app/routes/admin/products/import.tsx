import { Download } from "lucide-react";
import { href, redirect } from "react-router";
import type { Route } from "./+types/import";
import { CsvUploadDialog } from "~/components/admin/csv-upload-dialog";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { useFieldError } from "~/components/form/form";
import {
  MAX_PRODUCT_IMPORT_BYTES,
  MAX_PRODUCT_IMPORT_ROWS,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_FILE_TOO_LARGE,
  PRODUCT_IMPORT_REASON_TEXT,
  PRODUCT_IMPORT_REASONS,
} from "~/lib/product-import";
import { currentAdmin, requirePermission } from "~/server/auth/admin-guard.server";
import {
  previewProductImport,
  readProductUpload,
} from "~/server/catalog/product-csv-import.server";
import { formReply } from "~/server/http/form.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("products.transfer")];

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
  const required = PRODUCT_CSV_COLUMNS.filter((c) => c.required).map((c) => c.header);
  const optional = PRODUCT_CSV_COLUMNS.filter((c) => !c.required).map((c) => c.header);
  return (
    <CsvUploadDialog
      title="Import products from CSV"
      listHref={href("/budzadmin/dashboard/products")}
      formId="product-import-form"
      maxBytes={MAX_PRODUCT_IMPORT_BYTES}
      tooLarge={PRODUCT_FILE_TOO_LARGE}
      maxRows={MAX_PRODUCT_IMPORT_ROWS}
      lastResult={actionData}
      requirements={
        <>
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
            without sizes is one row. A product whose SKU is on file is updated; sizes it no longer
            lists are removed.
          </li>
          <li>
            Images are Image Library addresses (/images/…); thumbnails are separated by |. A column
            left out keeps what the product has; a blank Stock cell leaves that stock as it is.
          </li>
          <li>
            name_fr and description_fr are the French name and description the French store shows; a
            blank cell means not translated (the French store shows the English), and a file without
            these columns leaves the French as it is.
          </li>
        </>
      }
    >
      <ReasonChoice />
    </CsvUploadDialog>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
