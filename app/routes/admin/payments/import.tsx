import { Loader2, Upload } from "lucide-react";
import { Form, href, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/import";
import { buttonClass } from "~/components/admin/button";
import { inputClass } from "~/components/admin/field";
import { DetailPage, Section } from "~/components/admin/page";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import { auditActor } from "~/server/auth/actor.server";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { formReply } from "~/server/http/form.server";
import { readCsvUpload } from "~/server/http/csv-upload.server";
import { uploadBankExport } from "~/server/payments/bank-import.server";
import { BANK_EXPORT_LAYOUTS, MAX_BANK_EXPORT_BYTES } from "~/server/payments/bank-exports.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("payments.import")];

export const meta: Route.MetaFunction = () => [{ title: "Import a bank export · Admin" }];

const tooLarge = (maxBytes: number) =>
  `This file is over ${maxBytes / 1024 / 1024} MB: export a shorter period.`;

export async function loader() {
  return { layouts: BANK_EXPORT_LAYOUTS, maxBytes: MAX_BANK_EXPORT_BYTES };
}

/** Upload: the file is read and kept; the preview shows what each deposit will do. */
export async function action({ request, context }: Route.ActionArgs) {
  const upload = await readCsvUpload(request, {
    maxBytes: MAX_BANK_EXPORT_BYTES,
    tooLarge: tooLarge(MAX_BANK_EXPORT_BYTES),
  });
  if (!upload.ok) return formReply({ file: upload.message }, { status: upload.status });
  const stored = await uploadBankExport({
    fileName: upload.fileName || "export.csv",
    content: upload.bytes,
    actor: auditActor(context),
  });
  if (!stored.ok)
    return formReply(stored.errors ?? { file: stored.message }, { status: stored.status });
  return redirect(href("/budzadmin/dashboard/payments/import/:importId", { importId: stored.id }));
}

export default function ImportBankExport({ loaderData, actionData }: Route.ComponentProps) {
  const { layouts, maxBytes } = loaderData;
  const navigation = useNavigation();
  const uploading = navigation.state !== "idle" && navigation.formMethod === "POST";
  const form = useForm({ lastResult: actionData });
  return (
    <DetailPage
      back={{ to: href("/budzadmin/dashboard/payments"), label: "Payments" }}
      title="Import a bank export"
      description="Upload your account's history from online banking. The store finds the Interac e-Transfer deposits in it and shows what it will do with each before anything is recorded."
    >
      <div className="grid max-w-3xl grid-cols-1 gap-6">
        <Section title="The file">
          <Form
            method="post"
            encType="multipart/form-data"
            {...form.props}
            className="space-y-5"
            onSubmit={(event) => {
              const file = new FormData(event.currentTarget).get("file");
              if (file instanceof File && file.size > maxBytes) {
                event.preventDefault();
                form.setErrors({ file: tooLarge(maxBytes) });
              } else form.props.onSubmit(event);
            }}
          >
            <FormProvider form={form}>
              <FormSummary />
              <Field
                name="file"
                label="Bank export (CSV, OFX or QFX)"
                required
                hint={`At most ${maxBytes / 1024 / 1024} MB. Exports that overlap earlier ones are fine: a deposit already recorded is skipped.`}
              >
                {(props) => (
                  <input
                    {...props}
                    type="file"
                    required
                    accept=".csv,.ofx,.qfx,text/csv,application/x-ofx"
                    className={`${inputClass} file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-sm file:font-medium file:text-brand-800`}
                  />
                )}
              </Field>
              <button type="submit" disabled={uploading} className={buttonClass()}>
                {uploading ? (
                  <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
                ) : (
                  <Upload className="h-4 w-4" aria-hidden />
                )}
                {uploading ? "Reading…" : "Upload and preview"}
              </button>
            </FormProvider>
          </Form>
        </Section>
        <Section title="Exports the store reads">
          <ul className="space-y-2 text-sm text-stone-700">
            {layouts.map((layout) => (
              <li key={layout.name}>
                <span className="font-medium text-stone-900">{layout.name}</span>: {layout.how}
              </li>
            ))}
          </ul>
        </Section>
      </div>
    </DetailPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
