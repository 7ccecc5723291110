import { data, Form, useNavigate } from "react-router";
import type { Route } from "./+types/template-edit";
import { buttonClass } from "~/components/admin/button";
import { EmailHtmlField } from "~/components/admin/campaign-form";
import { Field, FormAlert, inputClass } from "~/components/admin/field";
import { Modal } from "~/components/admin/modal";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { SaveButton } from "~/components/admin/save-button";
import { useSchemaForm } from "~/components/admin/use-schema-form";
import { MAX_CAMPAIGN_HTML, TEMPLATES_PATH } from "~/lib/campaigns";
import { TemplateFormSchema } from "~/schemas/campaigns";
import { formErrors } from "~/lib/form";
import { redirectWithToast } from "~/server/admin/flash.server";
import { readFormValues } from "~/server/http/form.server";
import {
  createEmailTemplate,
  getEmailTemplate,
  TEMPLATE_NOT_FOUND,
  updateEmailTemplate,
} from "~/server/marketing/email-templates.server";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.template?.name ?? "New template"} · Email Templates · Admin` },
];

export async function loader({ params }: Route.LoaderArgs) {
  if (!params.templateId) return { template: undefined };
  const template = await getEmailTemplate(params.templateId);
  if (!template) throw data({ message: TEMPLATE_NOT_FOUND }, { status: 404 });
  return { template };
}

export async function action({ request, params }: Route.ActionArgs) {
  const parsed = TemplateFormSchema.safeParse(await readFormValues(request));
  if (!parsed.success) return data({ errors: formErrors(parsed.error) }, { status: 400 });
  if (params.templateId) {
    const saved = await updateEmailTemplate(params.templateId, parsed.data);
    if (!saved) return data({ errors: { form: TEMPLATE_NOT_FOUND } }, { status: 404 });
  } else {
    await createEmailTemplate(parsed.data);
  }
  return redirectWithToast(TEMPLATES_PATH, `Template "${parsed.data.name}" saved.`);
}

/** Create or edit a template (name, description, subject, HTML) in a modal over the Templates tab. */
export default function TemplateEdit({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const close = () => void navigate(TEMPLATES_PATH, { preventScrollReset: true });
  const { template } = loaderData;
  const { errors, showSummary, ...handlers } = useSchemaForm(
    TemplateFormSchema,
    actionData?.errors,
  );
  return (
    <Modal
      title={template ? "Edit Template" : "New Template"}
      description="Fields marked * are required. Campaigns started from it get a copy."
      size="xl"
      onClose={close}
      footer={
        <>
          <button type="button" className={buttonClass("secondary")} onClick={close}>
            Cancel
          </button>
          <SaveButton form="template-form">Save Template</SaveButton>
        </>
      }
    >
      <Form method="post" id="template-form" noValidate {...handlers} className="space-y-4">
        <FormAlert
          message={
            showSummary ? (errors.form ?? "Please correct the highlighted fields.") : undefined
          }
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Template Name" required error={errors.name}>
            {(p) => (
              <input
                {...p}
                name="name"
                defaultValue={template?.name}
                maxLength={80}
                placeholder="Monthly newsletter"
                className={inputClass}
              />
            )}
          </Field>
          <Field label="Subject Line" error={errors.subject}>
            {(p) => (
              <input
                {...p}
                name="subject"
                defaultValue={template?.subject}
                maxLength={200}
                className={inputClass}
              />
            )}
          </Field>
          <Field label="Description" error={errors.description} className="sm:col-span-2">
            {(p) => (
              <input
                {...p}
                name="description"
                defaultValue={template?.description}
                maxLength={200}
                placeholder="What this template is for"
                className={inputClass}
              />
            )}
          </Field>
        </div>
        <EmailHtmlField
          defaultValue={template?.bodyHtml}
          error={errors.bodyHtml}
          hint={`At most ${MAX_CAMPAIGN_HTML.toLocaleString("en-CA")} characters; scripts are removed.`}
        />
      </Form>
    </Modal>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
