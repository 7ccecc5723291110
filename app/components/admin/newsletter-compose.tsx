import { LayoutTemplate, Users } from "lucide-react";
import type { FetcherWithComponents } from "react-router";
import { Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import type { FormReply } from "~/lib/form";
import type { NewsletterTemplate } from "~/lib/newsletter-templates";
import { formatCount, nounFor } from "~/lib/text";
import { MAX_BODY_LENGTH, MAX_SUBJECT_LENGTH, newsletterForm } from "~/schemas/newsletters";
import { buttonClass } from "./button";
import { inputClass } from "./field";

export const NEWSLETTER_FORM_ID = "newsletter-form";

/**
 * The Compose panel of the Newsletters screen: quick templates, From, Subject, Body, Recipients.
 * It is the Send Newsletter form (the header's button submits it once confirmed), posted by the
 * screen's fetcher.
 */
export function NewsletterCompose({
  templates,
  from,
  subject,
  body,
  onChange,
  fetcher,
  lastResult,
  recipients,
  activeCustomers,
}: {
  templates: NewsletterTemplate[];
  from: string;
  subject: string;
  body: string;
  onChange: (next: { subject?: string; body?: string }) => void;
  fetcher: FetcherWithComponents<unknown>;
  lastResult?: FormReply;
  recipients: number;
  activeCustomers: number;
}) {
  const form = useForm({ rules: newsletterForm, lastResult });
  return (
    <section
      aria-labelledby="compose-heading"
      className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <h2 id="compose-heading" className="text-lg font-semibold text-stone-900">
        Compose
      </h2>
      <div className="mt-4">
        <p className="mb-2 flex items-center gap-1.5 text-sm font-medium text-stone-700">
          <LayoutTemplate className="h-4 w-4 text-stone-500" aria-hidden />
          Quick Templates
        </p>
        <div className="flex flex-wrap gap-2">
          {templates.map((template) => (
            <button
              key={template.id}
              type="button"
              className={buttonClass("secondary", "sm")}
              onClick={() => onChange({ subject: template.subject, body: template.body })}
            >
              {template.name}
            </button>
          ))}
        </div>
      </div>
      <fetcher.Form
        method="post"
        id={NEWSLETTER_FORM_ID}
        {...form.props}
        className="mt-5 space-y-4"
      >
        <FormProvider form={form}>
          <FormSummary />
          <input type="hidden" name="intent" value="send" />
          <Field
            name="from"
            label="From"
            hint="The store's name and sender address (Settings → Email)."
          >
            {({ name: _unsent, ...ids }) => (
              <input {...ids} value={from} readOnly className={inputClass} />
            )}
          </Field>
          <Field name="subject" label="Subject Line" required>
            {(ids) => (
              <input
                {...ids}
                value={subject}
                maxLength={MAX_SUBJECT_LENGTH}
                autoComplete="off"
                placeholder="What is this newsletter about?"
                onChange={(e) => onChange({ subject: e.currentTarget.value })}
                className={inputClass}
              />
            )}
          </Field>
          <Field
            name="body"
            label="Message Body (HTML)"
            required
            hint={`${formatCount(body.length)} characters. Scripts and event handlers are removed; the store's header, footer and unsubscribe link are added.`}
          >
            {(ids) => (
              <textarea
                {...ids}
                value={body}
                rows={14}
                maxLength={MAX_BODY_LENGTH}
                spellCheck={false}
                placeholder="<h1>Hello!</h1><p>Your message…</p>"
                onChange={(e) => onChange({ body: e.currentTarget.value })}
                className={`${inputClass} font-mono text-xs leading-relaxed`}
              />
            )}
          </Field>
          <div
            role="group"
            aria-labelledby="recipients-heading"
            className="rounded-lg border border-brand-200 bg-brand-50 p-4"
          >
            <p
              id="recipients-heading"
              className="flex items-center gap-1.5 text-sm font-semibold text-brand-900"
            >
              <Users className="h-4 w-4" aria-hidden />
              Recipients
            </p>
            <p className="mt-1 text-sm text-brand-900">
              <strong className="tabular-nums">{formatCount(recipients)}</strong>{" "}
              {nounFor(recipients, "subscriber")} will receive this newsletter (
              {formatCount(activeCustomers)} of them active customers).
            </p>
            <p className="mt-1 text-xs text-brand-800">
              Everyone who subscribed (store footer, checkout, My Account, customer import), minus
              anyone who unsubscribed. Every email carries a one-click unsubscribe link.
            </p>
          </div>
        </FormProvider>
      </fetcher.Form>
    </section>
  );
}
