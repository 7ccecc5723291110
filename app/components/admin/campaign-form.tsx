import { CalendarClock, Loader2, Send, Users } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import {
  AUDIENCE_LABELS,
  DEFAULT_AUDIENCE_DAYS,
  EMAILS_PATH,
  MAX_AUDIENCE_DAYS,
  MAX_CAMPAIGN_HTML,
  type CampaignAudience,
} from "~/lib/campaigns";
import { formatCount } from "~/lib/text";
import { CampaignFormSchema } from "~/schemas/campaigns";
import type { FormErrors } from "~/schemas/form-errors";
import { buttonClass } from "./button";
import { Field, FormAlert, inputClass } from "./field";
import { ConfirmDialog, Modal } from "./modal";
import { useSchemaForm } from "./use-schema-form";

export interface CampaignFormValues {
  name: string;
  subject: string;
  bodyHtml: string;
  audience: CampaignAudience;
}

type Intent = "save" | "send" | "schedule" | "test";

const recipientsText = (n: number) => `${formatCount(n)} recipient${n === 1 ? "" : "s"}`;

/** The live count of the chosen audience (from the server, as it stands now). */
function useAudienceCount(audience: CampaignAudience, initial: number) {
  const fetcher = useFetcher<{ count: number }>();
  const key =
    audience.kind === "ordered-within" ? `${audience.kind}:${audience.days}` : audience.kind;
  const first = useRef(key);
  const { load } = fetcher;
  useEffect(() => {
    if (key === first.current) return;
    const params = new URLSearchParams({ audience: audience.kind });
    if (audience.kind === "ordered-within") params.set("days", String(audience.days));
    const timer = setTimeout(() => void load(`${EMAILS_PATH}/audience?${params}`), 250);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key sums up the audience
  }, [key, load]);
  const loading = fetcher.state !== "idle";
  return { count: fetcher.data?.count ?? initial, loading };
}

/**
 * Compose Email Campaign (SPEC §2): Campaign Name, Subject Line, Recipients (with the live count),
 * Email Content, and an optional send time for Schedule. The buttons (in the modal's footer) set
 * `intent`; Send Campaign asks first, with the number of recipients.
 */
export function ComposeCampaign({
  title,
  campaign,
  recipientCount,
  timeZone,
  minSendAt,
  serverErrors,
  testSent,
  onClose,
}: {
  title: string;
  campaign?: CampaignFormValues;
  recipientCount: number;
  timeZone: string;
  minSendAt: string;
  serverErrors?: FormErrors;
  /** The confirmation of a Send Test (the form stays open). */
  testSent?: string;
  onClose: () => void;
}) {
  const formId = "campaign-form";
  const { errors, showSummary, ...handlers } = useSchemaForm(CampaignFormSchema, serverErrors);
  const [kind, setKind] = useState(campaign?.audience.kind ?? "subscribers");
  const [days, setDays] = useState(
    campaign?.audience.kind === "ordered-within" ? campaign.audience.days : DEFAULT_AUDIENCE_DAYS,
  );
  const [bodyLength, setBodyLength] = useState(campaign?.bodyHtml.length ?? 0);
  const validDays = Number.isInteger(days) && days >= 1 && days <= MAX_AUDIENCE_DAYS;
  const audience: CampaignAudience =
    kind === "ordered-within" ? { kind, days: validDays ? days : DEFAULT_AUDIENCE_DAYS } : { kind };
  const live = useAudienceCount(audience, recipientCount);
  const formRef = useRef<HTMLFormElement>(null);
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
          recipients={live.count}
          submitAs={submitAs}
          onCancel={onClose}
          onSend={() => {
            submitAs("send")();
            formRef.current?.requestSubmit();
          }}
        />
      }
    >
      <Form method="post" id={formId} ref={formRef} noValidate {...handlers} className="space-y-5">
        <input ref={intentRef} type="hidden" name="intent" defaultValue="save" />
        <FormAlert
          message={
            showSummary ? (errors.form ?? "Please correct the highlighted fields.") : undefined
          }
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Campaign Name" required error={errors.name} hint="Only staff see it">
            {(p) => (
              <input
                {...p}
                name="name"
                defaultValue={campaign?.name}
                maxLength={120}
                placeholder="Spring sale"
                className={inputClass}
              />
            )}
          </Field>
          <Field label="Subject Line" error={errors.subject} hint="Needed to send or schedule">
            {(p) => (
              <input
                {...p}
                name="subject"
                defaultValue={campaign?.subject}
                maxLength={200}
                placeholder="20% off everything this weekend"
                className={inputClass}
              />
            )}
          </Field>
        </div>
        <fieldset
          className="rounded-lg border border-stone-200 p-4"
          aria-describedby="campaign-audience-count"
        >
          <legend className="px-1 text-sm font-medium text-stone-700">Recipients</legend>
          <p className="mb-3 text-xs text-stone-500">
            Only people who agreed to receive email and have not unsubscribed.
          </p>
          <div className="space-y-2">
            {(Object.keys(AUDIENCE_LABELS) as CampaignAudience["kind"][]).map((value) => (
              <label key={value} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <input
                  type="radio"
                  name="audience"
                  value={value}
                  checked={kind === value}
                  onChange={() => setKind(value)}
                  className="h-4 w-4 accent-brand-700"
                />
                <span className="text-stone-800">
                  {value === "subscribers"
                    ? "All subscribers"
                    : value === "never-ordered"
                      ? "Customers who never ordered"
                      : "Customers who ordered in the last"}
                </span>
                {value === "ordered-within" ? (
                  <span className="flex items-center gap-2">
                    <input
                      name="days"
                      inputMode="numeric"
                      aria-label="Number of days"
                      aria-invalid={errors.days ? true : undefined}
                      aria-describedby={errors.days ? "campaign-days-error" : undefined}
                      value={Number.isNaN(days) ? "" : String(days)}
                      onChange={(e) => {
                        setKind("ordered-within");
                        setDays(e.target.value === "" ? Number.NaN : Number(e.target.value));
                      }}
                      className={inputClass.replace("w-full", "w-20")}
                    />
                    <span className="text-stone-800">days</span>
                  </span>
                ) : null}
              </label>
            ))}
          </div>
          {errors.days ? (
            <p id="campaign-days-error" className="mt-2 text-xs font-medium text-red-600">
              {errors.days}
            </p>
          ) : null}
          {errors.audience ? (
            <p className="mt-2 text-xs font-medium text-red-600">{errors.audience}</p>
          ) : null}
          <p
            id="campaign-audience-count"
            aria-live="polite"
            className="mt-3 flex items-center gap-2 text-sm font-medium text-stone-800"
          >
            {live.loading ? (
              <Loader2 className="h-4 w-4 animate-spin text-stone-500" aria-hidden />
            ) : (
              <Users className="h-4 w-4 text-brand-700" aria-hidden />
            )}
            {recipientsText(live.count)} right now
          </p>
        </fieldset>
        <EmailHtmlField
          defaultValue={campaign?.bodyHtml}
          error={errors.bodyHtml}
          hint={`${formatCount(bodyLength)} of ${formatCount(MAX_CAMPAIGN_HTML)} characters. Scripts are removed; links are tracked; an unsubscribe link and the store's address are added.`}
          onChange={setBodyLength}
        />
        <Field
          label={`Schedule for (${timeZone})`}
          error={errors.sendAt}
          hint="Only for Schedule: the worker sends it then"
        >
          {(p) => (
            <input
              {...p}
              type="datetime-local"
              name="sendAt"
              min={minSendAt}
              className={`${inputClass} sm:max-w-64`}
            />
          )}
        </Field>
        <div className="flex flex-wrap items-end gap-2">
          <Field
            label="Send a test to"
            error={errors.testEmail}
            hint="A [TEST] copy of the form as it is now; nothing is saved"
            className="min-w-56 flex-1 sm:max-w-80"
          >
            {(p) => (
              <input
                {...p}
                type="email"
                name="testEmail"
                autoComplete="email"
                placeholder="you@example.com"
                className={inputClass}
              />
            )}
          </Field>
          <button
            type="submit"
            form={formId}
            disabled={busy}
            onClick={submitAs("test")}
            className={buttonClass("secondary", "md", "mb-5")}
          >
            Send Test
          </button>
        </div>
        {testSent ? (
          <p role="status" className="text-sm font-medium text-brand-800">
            {testSent}
          </p>
        ) : null}
      </Form>
    </Modal>
  );
}

/** SPEC §2's Cancel, Save Draft and Send Campaign, with Schedule between them. */
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
  error,
  hint,
  onChange,
}: {
  defaultValue?: string;
  error?: string;
  hint: string;
  onChange?: (length: number) => void;
}) {
  return (
    <Field label="Email Content (HTML)" error={error} hint={hint}>
      {(p) => (
        <textarea
          {...p}
          name="bodyHtml"
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
