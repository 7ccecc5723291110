import { Form, href, useNavigate } from "react-router";
import { auditActor } from "~/server/auth/actor.server";
import type { Route } from "./+types/edit";
import { EmailHtmlField } from "~/components/admin/campaign-form";
import { inputClass } from "~/components/admin/field";
import { CloseButton, Modal } from "~/components/admin/modal";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { SaveButton } from "~/components/admin/save-button";
import { Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import { MAX_CAMPAIGN_HTML } from "~/lib/campaigns";
import { templateForm } from "~/schemas/campaigns";
import { redirectWithToast } from "~/server/admin/flash.server";
import { formReply, parseForm } from "~/server/http/form.server";
import { invariantResponse } from "~/server/http/responses.server";
import {
  createEmailTemplate,
  getEmailTemplate,
  TEMPLATE_NOT_FOUND,
  updateEmailTemplate,
} from "~/server/marketing/email-templates.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("marketing")];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.template?.name ?? "New template"} · Email Templates · Admin` },
];

export async function loader({ params }: Route.LoaderArgs) {
  if (!params.templateId) return { template: undefined };
  const template = await getEmailTemplate(params.templateId);
  invariantResponse(template, TEMPLATE_NOT_FOUND, { status: 404 });
  return { template };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = auditActor(context);
  const submission = await parseForm(request, templateForm);
  if (!submission.ok) return submission.reply;
  if (params.templateId) {
    const saved = await updateEmailTemplate(params.templateId, submission.data, actor);
    if (!saved)
      return formReply({ form: TEMPLATE_NOT_FOUND }, { status: 404, form: submission.form });
  } else {
    await createEmailTemplate(submission.data, actor);
  }
  return redirectWithToast(
    href("/budzadmin/dashboard/emails/templates"),
    `Template "${submission.data.name}" saved.`,
  );
}

/** Create or edit a template (name, description, subject, HTML) in a modal over the Templates tab. */
export default function TemplateEdit({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const close = () =>
    void navigate(href("/budzadmin/dashboard/emails/templates"), { preventScrollReset: true });
  const { template } = loaderData;
  const form = useForm({ rules: templateForm, lastResult: actionData });
  const value = (name: "name" | "subject" | "description" | "bodyHtml") =>
    form.values?.[name] ?? template?.[name];
  return (
    <Modal
      title={template ? "Edit Template" : "New Template"}
      description="Fields marked * are required. Campaigns started from it get a copy."
      size="xl"
      onClose={close}
      footer={
        <>
          <CloseButton onClick={close}>Cancel</CloseButton>
          <SaveButton form="template-form">Save Template</SaveButton>
        </>
      }
    >
      <Form method="post" id="template-form" {...form.props} className="space-y-4">
        <FormProvider form={form}>
          <FormSummary />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field name="name" label="Template Name" required>
              {(p) => (
                <input
                  {...p}
                  defaultValue={value("name")}
                  maxLength={80}
                  placeholder="Monthly newsletter"
                  className={inputClass}
                />
              )}
            </Field>
            <Field name="subject" label="Subject Line">
              {(p) => (
                <input
                  {...p}
                  defaultValue={value("subject")}
                  maxLength={200}
                  className={inputClass}
                />
              )}
            </Field>
            <Field name="description" label="Description" className="sm:col-span-2">
              {(p) => (
                <input
                  {...p}
                  defaultValue={value("description")}
                  maxLength={200}
                  placeholder="What this template is for"
                  className={inputClass}
                />
              )}
            </Field>
          </div>
          <EmailHtmlField
            defaultValue={value("bodyHtml")}
            hint={`At most ${MAX_CAMPAIGN_HTML.toLocaleString("en-CA")} characters; scripts are removed.`}
          />
        </FormProvider>
      </Form>
    </Modal>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
