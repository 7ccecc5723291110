import { CircleAlert, Loader2, Send } from "lucide-react";
import { useState } from "react";
import { data, Form, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/email";
import { buttonClass } from "~/components/admin/button";
import { Field, inputClass } from "~/components/admin/field";
import { Modal } from "~/components/admin/modal";
import { AdminRouteError } from "~/components/admin/route-error";
import { CUSTOMER_NOT_FOUND, customerPath } from "~/lib/customers";
import { CustomerEmailSchema } from "~/schemas/customers";
import { formErrors, type FormErrors } from "~/schemas/form-errors";
import { redirectWithToast } from "~/server/admin/flash.server";
import { requireAdmin } from "~/server/auth/session.server";
import { findCustomer, sendCustomerEmail } from "~/server/customers/customer-admin.server";

async function customerOr404(id: string) {
  const customer = await findCustomer(id);
  if (!customer) throw data({ message: CUSTOMER_NOT_FOUND }, { status: 404 });
  return customer;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const c = await customerOr404(params.customerId);
  return { customer: { name: c.name, email: c.email, customerNumber: c.customerNumber } };
}

/** Queues the message in the outbox with a history record; the customer page lists it. */
export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const customer = await customerOr404(params.customerId);
  const parsed = CustomerEmailSchema.safeParse(Object.fromEntries(await request.formData()));
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
  const [clientErrors, setClientErrors] = useState<FormErrors | undefined>();
  const errors = clientErrors ?? actionData?.errors ?? {};
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
      {errors.form ? (
        <p
          role="alert"
          className="mb-4 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {errors.form}
        </p>
      ) : null}
      <Form
        method="post"
        id={formId}
        replace
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          const parsed = CustomerEmailSchema.safeParse(
            Object.fromEntries(new FormData(event.currentTarget)),
          );
          if (parsed.success) return setClientErrors(undefined);
          event.preventDefault();
          setClientErrors(formErrors(parsed.error));
        }}
      >
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

export const ErrorBoundary = AdminRouteError;
