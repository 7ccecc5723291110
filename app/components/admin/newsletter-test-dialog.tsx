import { Loader2, Send } from "lucide-react";
import { useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import type { FormReply } from "~/lib/form";
import { NEWSLETTER_MESSAGES, newsletterTestForm } from "~/schemas/newsletters";
import { inputClass } from "./field";
import { Modal, DialogButtons } from "./modal";

/** The Send Test Email modal: the address, the '[TEST] ' subject preview, Cancel/Send Test. */
export function NewsletterTestDialog({
  subject,
  body,
  defaultAddress,
  fetcher,
  lastResult,
  onClose,
}: {
  subject: string;
  body: string;
  defaultAddress: string;
  /** The screen's fetcher that posts the test (intent "test"). */
  fetcher: FetcherWithComponents<unknown>;
  lastResult?: FormReply;
  onClose: () => void;
}) {
  const [address, setAddress] = useState(defaultAddress);
  const form = useForm({ rules: newsletterTestForm, lastResult });
  const sending = fetcher.state !== "idle";
  const formId = "newsletter-test-form";
  return (
    <Modal
      title="Send Test Email"
      description="One copy of this newsletter, to check how it looks before sending it to everyone."
      size="md"
      onClose={onClose}
      footer={
        <DialogButtons formId={formId} onClose={onClose} busy={sending}>
          {sending ? (
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
          ) : (
            <Send className="h-4 w-4" aria-hidden />
          )}
          {sending ? "Sending..." : "Send Test"}
        </DialogButtons>
      }
    >
      <fetcher.Form method="post" id={formId} {...form.props} className="space-y-4">
        <FormProvider form={form}>
          <FormSummary />
          <input type="hidden" name="intent" value="test" />
          <input type="hidden" name="subject" value={subject} />
          <input type="hidden" name="body" value={body} />
          <Field name="testEmail" label="Test email address" required>
            {(ids) => (
              <input
                {...ids}
                type="email"
                value={address}
                autoComplete="email"
                placeholder={NEWSLETTER_MESSAGES.testRequired}
                onChange={(e) => setAddress(e.currentTarget.value)}
                className={inputClass}
              />
            )}
          </Field>
          <div>
            <p className="mb-1.5 text-sm font-medium text-stone-700">Subject</p>
            <p className="rounded-lg border border-stone-200 bg-stone-50 px-3 py-2 text-sm break-words text-stone-800">
              [TEST] {subject.trim()}
            </p>
          </div>
        </FormProvider>
      </fetcher.Form>
    </Modal>
  );
}
