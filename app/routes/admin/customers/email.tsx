import { Loader2, Send } from "lucide-react";
import { Form, href, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/email";
import { buttonClass } from "~/components/admin/button";
import { inputClass } from "~/components/admin/field";
import { CloseButton, Modal } from "~/components/admin/modal";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import { customerDisplayId } from "~/lib/customers";
import { customerEmailForm } from "~/schemas/customers";
import { redirectWithToast } from "~/server/admin/flash.server";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { auditActor } from "~/server/auth/actor.server";
import { requireCustomer, sendCustomerEmail } from "~/server/customers/customer-admin.server";
import { formReply, parseForm } from "~/server/http/form.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("customers")];

/**
 * Email one customer: a dialog with its own URL over the customer page, so the list's Email
 * button opens it directly (and the page behind shows the message once queued).
 */
export async function loader({ params }: Route.LoaderArgs) {
  const c = await requireCustomer(params.customerId);
  return { customer: { name: c.name, email: c.email, customerNumber: c.customerNumber } };
}

/** Queues the message in the outbox with a history record; the customer page lists it. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const customer = await requireCustomer(params.customerId);
  const submission = await parseForm(request, customerEmailForm);
  if (!submission.ok) return submission.reply;
  const sent = await sendCustomerEmail({
    customerId: customer.id,
    email: submission.data,
    actor: auditActor(context),
  });
  if (!sent.ok)
    return formReply({ form: sent.message }, { status: sent.status, form: submission.form });
  return redirectWithToast(
    href("/budzadmin/dashboard/customers/:customerId", {
      customerId: customerDisplayId(customer.customerNumber),
    }),
    `Email to ${sent.to} queued for sending.`,
  );
}

export default function EmailCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const { customer: c } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const form = useForm({ rules: customerEmailForm, lastResult: actionData });
  const close = () =>
    void navigate(
      href("/budzadmin/dashboard/customers/:customerId", {
        customerId: customerDisplayId(c.customerNumber),
      }),
      { preventScrollReset: true },
    );
  const formId = "customer-email-form";
  return (
    <Modal
      title={`Email ${c.name}`}
      description={`To ${c.email}. Sent from the store's address through the outbox.`}
      onClose={close}
      footer={
        <>
          <CloseButton onClick={close}>Cancel</CloseButton>
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
      <Form method="post" id={formId} replace className="space-y-4" {...form.props}>
        <FormProvider form={form}>
          <FormSummary />
          <Field name="subject" label="Subject" required>
            {(ids) => (
              <input
                {...ids}
                maxLength={150}
                autoComplete="off"
                defaultValue={form.values?.subject}
                className={inputClass}
              />
            )}
          </Field>
          <Field
            name="message"
            label="Message"
            required
            hint="Plain text. A blank line starts a new paragraph; the store's greeting and signature are added."
          >
            {(ids) => (
              <textarea
                {...ids}
                rows={9}
                maxLength={10_000}
                defaultValue={form.values?.message}
                className={inputClass}
              />
            )}
          </Field>
        </FormProvider>
      </Form>
    </Modal>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
