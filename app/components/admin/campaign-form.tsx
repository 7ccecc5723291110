import { CalendarClock, Loader2, Send } from "lucide-react";
import { useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { MAX_CAMPAIGN_HTML, type CampaignAudience } from "~/lib/campaigns";
import { Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import type { FormReply } from "~/lib/form";
import { formatCount } from "~/lib/text";
import { campaignForm } from "~/schemas/campaigns";
import { buttonClass } from "./button";
import { inputClass } from "./field";
import { recipientsText, RecipientsFieldset, useAudience } from "./campaign-audience";
import { ConfirmDialog, Modal } from "./modal";

interface CampaignFormValues {
  name: string;
  subject: string;
  bodyHtml: string;
  audience: CampaignAudience;
}

type Intent = "save" | "send" | "schedule" | "test";

/**
 * Compose Email Campaign (docs/product/customers-and-marketing.md#email-campaigns): Campaign Name,
 * Subject Line, Recipients (with the live count), Email Content, and an optional send time for
 * Schedule. The buttons (in the modal's footer) set `intent`; Send Campaign asks first, with the
 * number of recipients.
 */
export function ComposeCampaign({
  title,
  campaign,
  recipientCount,
  timeZone,
  minSendAt,
  lastResult,
  testSent,
  onClose,
}: {
  title: string;
  campaign?: CampaignFormValues;
  recipientCount: number;
  timeZone: string;
  minSendAt: string;
  lastResult?: FormReply;
  /** The confirmation of a Send Test (the form stays open). */
  testSent?: string;
  onClose: () => void;
}) {
  const formId = "campaign-form";
  const form = useForm({ rules: campaignForm, lastResult });
  const audience = useAudience(campaign?.audience, recipientCount);
  const [bodyLength, setBodyLength] = useState(campaign?.bodyHtml.length ?? 0);
  const intentRef = useRef<HTMLInputElement>(null);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const submitAs = (intent: Intent) => () => {
    if (intentRef.current) intentRef.current.value = intent;
  };

  return (
    <Modal
      title={title}
      description="Fields marked * are required. A draft needs only its name."
      size="xl"
      onClose={onClose}
      footer={
        <CampaignButtons
          formId={formId}
          busy={busy}
          recipients={audience.count}
          submitAs={submitAs}
          onCancel={onClose}
          onSend={() => {
            submitAs("send")();
            form.props.ref.current?.requestSubmit();
          }}
        />
      }
    >
      <Form method="post" id={formId} {...form.props} className="space-y-5">
        <FormProvider form={form}>
          <input ref={intentRef} type="hidden" name="intent" defaultValue="save" />
          <FormSummary />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field name="name" label="Campaign Name" required hint="Only staff see it">
              {(p) => (
                <input
                  {...p}
                  defaultValue={form.values?.name ?? campaign?.name}
                  maxLength={120}
                  placeholder="Spring sale"
                  className={inputClass}
                />
              )}
            </Field>
            <Field name="subject" label="Subject Line" hint="Needed to send or schedule">
              {(p) => (
                <input
                  {...p}
                  defaultValue={form.values?.subject ?? campaign?.subject}
                  maxLength={200}
                  placeholder="20% off everything this weekend"
                  className={inputClass}
                />
              )}
            </Field>
          </div>
          <RecipientsFieldset audience={audience} />
          <EmailHtmlField
            defaultValue={form.values?.bodyHtml ?? campaign?.bodyHtml}
            hint={`${formatCount(bodyLength)} of ${formatCount(MAX_CAMPAIGN_HTML)} characters. Scripts are removed; links are tracked; an unsubscribe link and the store's address are added.`}
            onChange={setBodyLength}
          />
          <Field
            name="sendAt"
            label={`Schedule for (${timeZone})`}
            hint="Only for Schedule: the worker sends it then"
          >
            {(p) => (
              <input
                {...p}
                type="datetime-local"
                defaultValue={form.values?.sendAt}
                min={minSendAt}
                className={`${inputClass} sm:max-w-64`}
              />
            )}
          </Field>
          <Field
            name="testEmail"
            label="Send a test to"
            hint="A [TEST] copy of the form as it is now; nothing is saved"
            className="sm:max-w-lg"
          >
            {(p) => (
              <div className="flex gap-2">
                <input
                  {...p}
                  type="email"
                  autoComplete="email"
                  defaultValue={form.values?.testEmail}
                  placeholder="you@example.com"
                  className={inputClass}
                />
                <button
                  type="submit"
                  form={formId}
                  disabled={busy}
                  onClick={submitAs("test")}
                  className={buttonClass("secondary", "md", "shrink-0")}
                >
                  Send Test
                </button>
              </div>
            )}
          </Field>
          {testSent ? (
            <p role="status" className="text-sm font-medium text-brand-800">
              {testSent}
            </p>
          ) : null}
        </FormProvider>
      </Form>
    </Modal>
  );
}

/** Cancel, Save Draft and Send Campaign, with Schedule between them. */
function CampaignButtons(props: {
  formId: string;
  busy: boolean;
  recipients: number;
  submitAs: (intent: Intent) => () => void;
  onCancel: () => void;
  onSend: () => void;
}) {
  return (
    <>
      <button type="button" className={buttonClass("secondary")} onClick={props.onCancel}>
        Cancel
      </button>
      <button
        type="submit"
        form={props.formId}
        disabled={props.busy}
        onClick={props.submitAs("save")}
        className={buttonClass("secondary")}
      >
        Save Draft
      </button>
      <button
        type="submit"
        form={props.formId}
        disabled={props.busy}
        onClick={props.submitAs("schedule")}
        className={buttonClass("secondary")}
      >
        <CalendarClock className="h-4 w-4" aria-hidden />
        Schedule
      </button>
      <ConfirmDialog
        tone="primary"
        title="Send this campaign now?"
        message={`It goes to ${recipientsText(props.recipients)} right away. A sent campaign cannot be changed or recalled.`}
        confirmLabel="Send Campaign"
        onConfirm={props.onSend}
        trigger={
          <button
            type="button"
            disabled={props.busy || props.recipients === 0}
            className={buttonClass("primary")}
          >
            {props.busy ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
            ) : (
              <Send className="h-4 w-4" aria-hidden />
            )}
            Send Campaign
          </button>
        }
      />
    </>
  );
}

/** The Email Content (HTML) box of a campaign or a template. */
export function EmailHtmlField({
  defaultValue,
  hint,
  onChange,
}: {
  defaultValue?: string;
  hint: string;
  onChange?: (length: number) => void;
}) {
  return (
    <Field name="bodyHtml" label="Email Content (HTML)" hint={hint}>
      {(p) => (
        <textarea
          {...p}
          defaultValue={defaultValue}
          rows={12}
          spellCheck={false}
          onChange={(e) => onChange?.(e.target.value.length)}
          placeholder="<h1>Spring sale</h1><p>20% off everything with code SPRING20.</p>"
          className={`${inputClass} font-mono text-xs`}
        />
      )}
    </Field>
  );
}
