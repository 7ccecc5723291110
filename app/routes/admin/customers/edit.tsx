import { readFormValues } from "~/server/http/form.server";
import { Loader2 } from "lucide-react";
import { data, Form, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/edit";
import { buttonClass } from "~/components/admin/button";
import { Field, FormAlert, inputClass, useSchemaErrors } from "~/components/admin/field";
import { Modal } from "~/components/admin/modal";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { PROVINCES } from "~/lib/address";
import { customerPath } from "~/lib/customers";
import { CustomerFormSchema } from "~/schemas/customers";
import { formErrors } from "~/lib/form";
import { redirectWithToast } from "~/server/admin/flash.server";
import { requireCustomer, updateCustomer } from "~/server/customers/customer-admin.server";

export async function loader({ params }: Route.LoaderArgs) {
  return { customer: await requireCustomer(params.customerId) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const customer = await requireCustomer(params.customerId);
  const parsed = CustomerFormSchema.safeParse(await readFormValues(request));
  if (!parsed.success) return data({ errors: formErrors(parsed.error) }, { status: 400 });
  const saved = await updateCustomer(customer.id, parsed.data);
  if (!saved.ok) return data({ errors: saved.errors }, { status: saved.status });
  return redirectWithToast(customerPath(customer.customerNumber), `${parsed.data.name} saved.`);
}

export default function EditCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const { customer: c } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";
  const { errors, onSubmit } = useSchemaErrors(CustomerFormSchema, actionData?.errors);
  const close = () => void navigate(customerPath(c.customerNumber), { preventScrollReset: true });
  const formId = "customer-form";
  const text = (
    name: "name" | "email" | "phone" | "address" | "city" | "postcode",
    label: string,
    props: React.InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <Field label={label} error={errors[name]} required={name === "name" || name === "email"}>
      {(ids) => (
        <input
          {...ids}
          {...props}
          name={name}
          defaultValue={c[name] ?? ""}
          className={inputClass}
        />
      )}
    </Field>
  );
  return (
    <Modal
      title="Edit customer"
      description={`${c.name} · fields marked * are required.`}
      onClose={close}
      footer={
        <>
          <button type="button" className={buttonClass("secondary")} onClick={close}>
            Cancel
          </button>
          <button type="submit" form={formId} disabled={saving} className={buttonClass()}>
            {saving ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : null}
            {saving ? "Saving..." : "Save customer"}
          </button>
        </>
      }
    >
      <FormAlert message={errors.form} />
      <Form
        method="post"
        id={formId}
        replace
        preventScrollReset
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={onSubmit}
      >
        {text("name", "Name", { autoComplete: "off", maxLength: 200 })}
        {text("email", "Email", { type: "email", autoComplete: "off", maxLength: 254 })}
        {text("phone", "Phone", { type: "tel", placeholder: "604-555-0199", maxLength: 40 })}
        <Field label="Status" error={errors.status}>
          {(ids) => (
            <select {...ids} name="status" defaultValue={c.status} className={inputClass}>
              <option value="active">Active</option>
              <option value="inactive">Inactive</option>
            </select>
          )}
        </Field>
        <div className="sm:col-span-2">{text("address", "Street address", { maxLength: 500 })}</div>
        {text("city", "City", { maxLength: 100 })}
        <Field label="Province or territory" error={errors.province}>
          {(ids) => (
            <select {...ids} name="province" defaultValue={c.province ?? ""} className={inputClass}>
              <option value="">Not given</option>
              {PROVINCES.map((p) => (
                <option key={p.code} value={p.code}>
                  {p.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        {text("postcode", "Postal code", { placeholder: "V6B 1A1", maxLength: 10 })}
        <Field
          label="Private note"
          error={errors.note}
          hint="Staff only: never shown to the customer."
          className="sm:col-span-2"
        >
          {(ids) => (
            <textarea
              {...ids}
              name="note"
              rows={4}
              maxLength={2000}
              defaultValue={c.note ?? ""}
              className={inputClass}
            />
          )}
        </Field>
      </Form>
    </Modal>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
