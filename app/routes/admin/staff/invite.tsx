import { Form, href } from "react-router";
import { auditActor } from "~/server/auth/actor.server";
import type { Route } from "./+types/invite";
import { inputClass, selectClass } from "~/components/admin/field";
import { CloseButton, Modal, useCloseToList } from "~/components/admin/modal";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { SaveButton } from "~/components/admin/save-button";
import { Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import { ADMIN_ROLES, PERMISSIONS, ROLE_LABELS } from "~/lib/permissions";
import { staffInviteForm } from "~/schemas/staff";
import { redirectWithToast } from "~/server/admin/flash.server";
import { currentAdmin, requirePermission } from "~/server/auth/admin-guard.server";
import { INVITE_HOURS, inviteAdmin } from "~/server/auth/staff.server";
import { formReply, parseForm } from "~/server/http/form.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("staff")];

export const meta: Route.MetaFunction = () => [{ title: "Invite staff · Staff · Admin" }];

export async function loader() {
  return { hours: INVITE_HOURS };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = await parseForm(request, staffInviteForm);
  if (!submission.ok) return submission.reply;
  const result = await inviteAdmin({
    ...submission.data,
    invitedBy: currentAdmin(context).id,
    actor: auditActor(context),
  });
  if (!result.ok)
    return formReply(result.errors ?? { form: result.message }, {
      status: result.status,
      form: submission.form,
    });
  return redirectWithToast(
    href("/budzadmin/dashboard/staff"),
    `Invitation sent to ${submission.data.email}: the link works once, for ${INVITE_HOURS} hours.`,
  );
}

const ROLE_HINTS = {
  owner: "Everything, including staff, settings and the database tools",
  manager: "Everything but staff, settings and the database tools",
  staff: `Day-to-day: ${PERMISSIONS.orders.screens}; ${PERMISSIONS.products.screens}; customers`,
} as const;

/** Invite by email: an invited account and a one-time link to choose a password. */
export default function InviteStaff({ loaderData, actionData }: Route.ComponentProps) {
  const close = useCloseToList(href("/budzadmin/dashboard/staff"));
  const form = useForm({ rules: staffInviteForm, lastResult: actionData });
  return (
    <Modal
      title="Invite staff"
      description={`They get an email with a link to choose their password (it works once, for ${loaderData.hours} hours).`}
      onClose={close}
      size="md"
      footer={
        <>
          <CloseButton onClick={close}>Cancel</CloseButton>
          <SaveButton form="invite-form">Send invitation</SaveButton>
        </>
      }
    >
      <Form method="post" id="invite-form" {...form.props} className="space-y-4">
        <FormProvider form={form}>
          <FormSummary />
          <Field name="email" label="Email" required>
            {(p) => (
              <input
                {...p}
                type="email"
                autoComplete="off"
                maxLength={254}
                defaultValue={form.values?.email}
                className={inputClass}
              />
            )}
          </Field>
          <Field name="displayName" label="Name" required hint="Shown in the admin's header">
            {(p) => (
              <input
                {...p}
                maxLength={80}
                autoComplete="off"
                defaultValue={form.values?.displayName}
                className={inputClass}
              />
            )}
          </Field>
          <Field
            name="username"
            label="Username"
            required
            hint="What they sign in with: 3 to 40 letters, digits, dots, dashes or underscores"
          >
            {(p) => (
              <input
                {...p}
                maxLength={40}
                autoComplete="off"
                spellCheck={false}
                defaultValue={form.values?.username}
                className={inputClass}
              />
            )}
          </Field>
          <Field name="role" label="Role" required>
            {(p) => (
              <select {...p} defaultValue={form.values?.role ?? "staff"} className={selectClass}>
                {ADMIN_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {ROLE_LABELS[role]}: {ROLE_HINTS[role]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </FormProvider>
      </Form>
    </Modal>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
