import { readFormValues } from "~/server/http/form.server";
import { Loader2, Send } from "lucide-react";
import { data, Form, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/email";
import { buttonClass } from "~/components/admin/button";
import { Field, FormAlert, inputClass, useSchemaErrors } from "~/components/admin/field";
import { Modal } from "~/components/admin/modal";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { customerPath } from "~/lib/customers";
import { CustomerEmailSchema } from "~/schemas/customers";
import { formErrors, type FormErrors } from "~/lib/form";
import { redirectWithToast } from "~/server/admin/flash.server";
import { requireCustomer, sendCustomerEmail } from "~/server/customers/customer-admin.server";
import { currentAdmin } from "~/server/auth/admin-guard.server";

export async function loader({ params }: Route.LoaderArgs) {
  const c = await requireCustomer(params.customerId);
  return { customer: { name: c.name, email: c.email, customerNumber: c.customerNumber } };
}

/** Queues the message in the outbox with a history record; the customer page lists it. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = currentAdmin(context);
  const customer = await requireCustomer(params.customerId);
  const parsed = CustomerEmailSchema.safeParse(await readFormValues(request));
  if (!parsed.success) return data({ errors: formErrors(parsed.error) }, { status: 400 });
  const sent = await sendCustomerEmail({
    customerId: customer.id,
    email: parsed.data,
    sentBy: admin.displayName,
  });
  if (!sent.ok) return data({ errors: { form: sent.message } as FormErrors }, { status: 404 });
  return redirectWithToast(
    customerPath(customer.customerNumber),
    `Email to ${sent.to} queued for sending.`,
  );
}

export default function EmailCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const { customer: c } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const { errors, onSubmit } = useSchemaErrors(CustomerEmailSchema, actionData?.errors);
  const close = () => void navigate(customerPath(c.customerNumber), { preventScrollReset: true });
  const formId = "customer-email-form";
  return (
    <Modal
      title={`Email ${c.name}`}
      description={`To ${c.email}. Sent from the store's address through the outbox.`}
      onClose={close}
      footer={
        <>
          <button type="button" className={buttonClass("secondary")} onClick={close}>
            Cancel
          </button>
          <button type="submit" form={formId} disabled={sending} className={buttonClass()}>
            {sending ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
            ) : (
              <Send className="h-4 w-4" aria-hidden />
            )}
            {sending ? "Sending..." : "Send email"}
          </button>
        </>
      }
    >
      <FormAlert message={errors.form} />
      <Form method="post" id={formId} replace noValidate className="space-y-4" onSubmit={onSubmit}>
        <Field label="Subject" error={errors.subject} required>
          {(ids) => (
            <input
              {...ids}
              name="subject"
              maxLength={150}
              autoComplete="off"
              className={inputClass}
            />
          )}
        </Field>
        <Field
          label="Message"
          error={errors.message}
          required
          hint="Plain text. A blank line starts a new paragraph; the store's greeting and signature are added."
        >
          {(ids) => (
            <textarea {...ids} name="message" rows={9} maxLength={10_000} className={inputClass} />
          )}
        </Field>
      </Form>
    </Modal>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
