import { Loader2, Send } from "lucide-react";
import { useState } from "react";
import { NEWSLETTER_MESSAGES, NewsletterTestSchema } from "~/schemas/newsletters";
import { formErrors } from "~/schemas/form-errors";
import { buttonClass } from "./button";
import { Field, FormAlert, inputClass } from "./field";
import { Modal } from "./modal";

/** SPEC §2's Send Test Email modal: the address, the '[TEST] ' subject preview, Cancel/Send Test. */
export function NewsletterTestDialog({
  subject,
  body,
  defaultAddress,
  sending,
  serverErrors,
  onSend,
  onClose,
}: {
  subject: string;
  body: string;
  defaultAddress: string;
  sending: boolean;
  serverErrors?: Partial<Record<string, string>>;
  onSend: (testEmail: string) => void;
  onClose: () => void;
}) {
  const [address, setAddress] = useState(defaultAddress);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>();
  const shown = errors ?? serverErrors ?? {};
  const send = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = NewsletterTestSchema.safeParse({ subject, body, testEmail: address });
    if (!parsed.success) return setErrors(formErrors(parsed.error));
    setErrors(undefined);
    onSend(parsed.data.testEmail);
  };
  const formId = "newsletter-test-form";
  return (
    <Modal
      title="Send Test Email"
      description="One copy of this newsletter, to check how it looks before sending it to everyone."
      size="md"
      onClose={onClose}
      footer={
        <>
          <button type="button" className={buttonClass("secondary")} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className={buttonClass()} disabled={sending}>
            {sending ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
            ) : (
              <Send className="h-4 w-4" aria-hidden />
            )}
            {sending ? "Sending..." : "Send Test"}
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={send} className="space-y-4">
        <FormAlert message={shown.form} />
        <Field label="Test email address" error={shown.testEmail} required>
          {(ids) => (
            <input
              {...ids}
              type="email"
              name="testEmail"
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
      </form>
    </Modal>
  );
}
