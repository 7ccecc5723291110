import { z } from "zod";
import { formRules } from "~/lib/form";
import { filterEnum, ListQuerySchema } from "./admin-list";
import { stripControlCharacters } from "./text";

/** The messages of the newsletter form (docs/product/customers-and-marketing.md#newsletters). */
export const NEWSLETTER_MESSAGES = {
  required: "Please fill in both subject and message body",
  noRecipients: "No customers found. Please add customers first.",
  testRequired: "Please enter a test email address",
  testInvalid: "Please enter a valid email address",
} as const;

export const MAX_SUBJECT_LENGTH = 150;
export const MAX_BODY_LENGTH = 100_000;

const text = (max: number, tooLong: string) =>
  z
    .string()
    .catch("")
    .transform((value) => stripControlCharacters(value.replace(/\r\n?/g, "\n")).trim())
    .pipe(z.string().max(max, tooLong));

const ComposeFields = {
  subject: text(MAX_SUBJECT_LENGTH, `At most ${MAX_SUBJECT_LENGTH} characters.`),
  body: text(MAX_BODY_LENGTH, `At most ${MAX_BODY_LENGTH.toLocaleString("en-CA")} characters.`),
};

/** Both subject and body, or the form's one message. */
function requireBoth(value: { subject: string; body: string }, ctx: z.RefinementCtx) {
  if (!value.subject || !value.body)
    ctx.addIssue({ code: "custom", path: ["form"], message: NEWSLETTER_MESSAGES.required });
}

const NewsletterComposeSchema = z.object(ComposeFields).superRefine(requireBoth);

const NewsletterTestSchema = z
  .object({
    ...ComposeFields,
    testEmail: z
      .string()
      .catch("")
      .transform((value) => stripControlCharacters(value).trim().toLowerCase())
      .pipe(
        z
          .string()
          .min(1, NEWSLETTER_MESSAGES.testRequired)
          .max(254, NEWSLETTER_MESSAGES.testInvalid)
          .pipe(z.email(NEWSLETTER_MESSAGES.testInvalid)),
      ),
  })
  .superRefine(requireBoth);

const SubscriberRemoveSchema = z.object({ id: z.uuid() });

/** The Newsletters screen's forms: compose (Send Newsletter), Send Test, a row's Remove. */
export const newsletterForm = formRules(NewsletterComposeSchema);
export const newsletterTestForm = formRules(NewsletterTestSchema);
export const subscriberRemoveForm = formRules(SubscriberRemoveSchema);

export const NEWSLETTER_INTENTS = ["send", "test", "remove"] as const;

/** The subscriber list's URL: search by email, page, and who (subscribed by default). */
export const SUBSCRIBER_FILTERS = ["subscribed", "unsubscribed", "all"] as const;
export const SubscriberListQuerySchema = ListQuerySchema.extend({
  who: filterEnum(SUBSCRIBER_FILTERS),
});
export type SubscriberListQuery = z.output<typeof SubscriberListQuerySchema>;

/** Where consent was given, as staff read it. */
export const SUBSCRIBER_SOURCES: Record<string, string> = {
  footer: "Store footer",
  checkout: "Checkout",
  account: "My Account",
  import: "Customer import",
  admin: "Admin",
};
