import { Form, href, useNavigate } from "react-router";
import { ProvinceOptions } from "~/components/form/options";
import type { Route } from "./+types/edit";
import { inputClass } from "~/components/admin/field";
import { CloseButton, Modal } from "~/components/admin/modal";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { SaveButton } from "~/components/admin/save-button";
import { Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import { customerDisplayId } from "~/lib/customers";
import { customerForm } from "~/schemas/customers";
import { redirectWithToast } from "~/server/admin/flash.server";
import { auditActor } from "~/server/auth/actor.server";
import { requireCustomer, updateCustomer } from "~/server/customers/customer-admin.server";
import { formReply, parseForm } from "~/server/http/form.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("customers")];

export async function loader({ params }: Route.LoaderArgs) {
  return { customer: await requireCustomer(params.customerId) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const customer = await requireCustomer(params.customerId);
  const submission = await parseForm(request, customerForm);
  if (!submission.ok) return submission.reply;
  const saved = await updateCustomer(customer.id, submission.data, auditActor(context));
  if (!saved.ok) return formReply(saved.errors, { status: saved.status, form: submission.form });
  return redirectWithToast(
    href("/budzadmin/dashboard/customers/:customerId", {
      customerId: customerDisplayId(customer.customerNumber),
    }),
    `${submission.data.name} saved.`,
  );
}

type TextField = "name" | "email" | "phone" | "address" | "city" | "postcode";

export default function EditCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const { customer: c } = loaderData;
  const navigate = useNavigate();
  const form = useForm({ rules: customerForm, lastResult: actionData });
  const here = href("/budzadmin/dashboard/customers/:customerId", {
    customerId: customerDisplayId(c.customerNumber),
  });
  const close = () => void navigate(here, { preventScrollReset: true });
  const formId = "customer-form";
  const value = (name: TextField | "note") => form.values?.[name] ?? c[name] ?? "";
  const text = (
    name: TextField,
    label: string,
    props: React.InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <Field name={name} label={label} required={name === "name" || name === "email"}>
      {(ids) => <input {...ids} {...props} defaultValue={value(name)} className={inputClass} />}
    </Field>
  );
  return (
    <Modal
      title="Edit customer"
      description={`${c.name} · fields marked * are required.`}
      onClose={close}
      footer={
        <>
          <CloseButton onClick={close}>Cancel</CloseButton>
          <SaveButton form={formId}>Save customer</SaveButton>
        </>
      }
    >
      <Form method="post" id={formId} replace preventScrollReset {...form.props}>
        <FormProvider form={form}>
          <FormSummary />
          <div className="grid gap-4 sm:grid-cols-2">
            {text("name", "Name", { autoComplete: "off", maxLength: 200 })}
            {text("email", "Email", { type: "email", autoComplete: "off", maxLength: 254 })}
            {text("phone", "Phone", { type: "tel", placeholder: "604-555-0199", maxLength: 40 })}
            <Field name="status" label="Status">
              {(ids) => (
                <select
                  {...ids}
                  defaultValue={form.values?.status ?? c.status}
                  className={inputClass}
                >
                  <option value="active">Active</option>
                  <option value="inactive">Inactive</option>
                </select>
              )}
            </Field>
            <div className="sm:col-span-2">
              {text("address", "Street address", { maxLength: 500 })}
            </div>
            {text("city", "City", { maxLength: 100 })}
            <Field name="province" label="Province or territory">
              {(ids) => (
                <select
                  {...ids}
                  defaultValue={form.values?.province ?? c.province ?? ""}
                  className={inputClass}
                >
                  <option value="">Not given</option>
                  <ProvinceOptions />
                </select>
              )}
            </Field>
            {text("postcode", "Postal code", { placeholder: "V6B 1A1", maxLength: 10 })}
            <Field
              name="note"
              label="Private note"
              hint="Staff only: never shown to the customer."
              className="sm:col-span-2"
            >
              {(ids) => (
                <textarea
                  {...ids}
                  rows={4}
                  maxLength={2000}
                  defaultValue={value("note")}
                  className={inputClass}
                />
              )}
            </Field>
          </div>
        </FormProvider>
      </Form>
    </Modal>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
