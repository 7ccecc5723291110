import { z } from "zod";
import { filterEnum, ListQuerySchema } from "./admin-list";
import {
  AUDIENCE_KINDS,
  CAMPAIGN_STATUSES,
  DEFAULT_AUDIENCE_DAYS,
  MAX_AUDIENCE_DAYS,
  MAX_CAMPAIGN_HTML,
  type CampaignAudience,
} from "~/lib/campaigns";
import { formRules } from "~/lib/form";
import { NEWSLETTER_MESSAGES } from "./newsletters";
import { plainText, stripControlCharacters } from "./text";

export const CAMPAIGN_MESSAGES = {
  name: "Enter a campaign name",
  subject: "Enter a subject line",
  body: "Enter the email content",
  bodyTooLong: `The email content is too long: at most ${MAX_CAMPAIGN_HTML.toLocaleString("en-CA")} characters.`,
  audience: "Choose who receives this campaign",
  days: `Enter a number of days from 1 to ${MAX_AUDIENCE_DAYS.toLocaleString("en-CA")}`,
  sendAtRequired: "Choose the date and time to send it",
  sendAtFormat: "Enter a real date and time",
  sendAtPast: "Choose a time in the future",
  templateName: "Enter a template name",
} as const;

const optionalText = (max: number) =>
  z
    .unknown()
    .optional()
    .transform((v) => (typeof v === "string" ? v : ""))
    .pipe(plainText(max));

/** Email HTML as typed: control characters removed, at most MAX_CAMPAIGN_HTML characters. */
const html = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === "string" ? stripControlCharacters(v) : ""))
  .pipe(z.string().max(MAX_CAMPAIGN_HTML, CAMPAIGN_MESSAGES.bodyTooLong));

/** "2026-12-01T09:30" from a datetime-local field (a wall-clock time in STORE_TIMEZONE). */
export function parseLocalDateTime(value: string) {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2})?$/.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const probe = new Date(Date.UTC(year, month - 1, day, hour, minute));
  if (
    probe.getUTCFullYear() !== year ||
    probe.getUTCMonth() !== month - 1 ||
    probe.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59
  )
    return null;
  return { year, month, day, hour, minute };
}

/**
 * Compose Email Campaign (docs/product/customers-and-marketing.md#email-campaigns): Campaign Name,
 * Subject Line, Recipients, Email Content, and what to do with it: save a draft, send now, schedule
 * (sendAt, a wall-clock time in the store's time zone; the server checks it is in the future), or
 * send a test to testEmail (with the newsletter test's messages). A draft needs only its name.
 */
export const CampaignFormSchema = z
  .object({
    intent: z.enum(["save", "send", "schedule", "test"]).catch("save"),
    name: optionalText(120).pipe(z.string().min(1, CAMPAIGN_MESSAGES.name)),
    subject: optionalText(200),
    audience: z.enum(AUDIENCE_KINDS, CAMPAIGN_MESSAGES.audience),
    days: z
      .unknown()
      .optional()
      .transform((v) => (typeof v === "string" ? v.trim() : "")),
    bodyHtml: html,
    sendAt: z
      .unknown()
      .optional()
      .transform((v) => (typeof v === "string" ? v.trim() : "")),
    testEmail: z
      .unknown()
      .optional()
      .transform((v) =>
        typeof v === "string" ? stripControlCharacters(v).trim().toLowerCase() : "",
      ),
  })
  .superRefine((form, ctx) => {
    if (form.audience === "ordered-within") {
      const days = /^\d{1,4}$/.test(form.days) ? Number(form.days) : 0;
      if (days < 1 || days > MAX_AUDIENCE_DAYS)
        ctx.addIssue({ code: "custom", path: ["days"], message: CAMPAIGN_MESSAGES.days });
    }
    if (form.intent === "save") return;
    if (!form.subject)
      ctx.addIssue({ code: "custom", path: ["subject"], message: CAMPAIGN_MESSAGES.subject });
    if (!form.bodyHtml.trim())
      ctx.addIssue({ code: "custom", path: ["bodyHtml"], message: CAMPAIGN_MESSAGES.body });
    if (form.intent === "test") {
      const invalid = !form.testEmail
        ? NEWSLETTER_MESSAGES.testRequired
        : !z.email().max(254).safeParse(form.testEmail).success
          ? NEWSLETTER_MESSAGES.testInvalid
          : undefined;
      if (invalid) ctx.addIssue({ code: "custom", path: ["testEmail"], message: invalid });
    }
    if (form.intent === "schedule") {
      if (!form.sendAt)
        ctx.addIssue({
          code: "custom",
          path: ["sendAt"],
          message: CAMPAIGN_MESSAGES.sendAtRequired,
        });
      else if (!parseLocalDateTime(form.sendAt))
        ctx.addIssue({ code: "custom", path: ["sendAt"], message: CAMPAIGN_MESSAGES.sendAtFormat });
    }
  })
  .transform(({ days, audience, ...form }) => ({
    ...form,
    audience: (audience === "ordered-within"
      ? { kind: audience, days: Number(days) || DEFAULT_AUDIENCE_DAYS }
      : { kind: audience }) as CampaignAudience,
  }));
export type CampaignInput = z.output<typeof CampaignFormSchema>;

/** Compose Email Campaign: the browser and the action run these same rules (per button). */
export const campaignForm = formRules(CampaignFormSchema);

/** A template: name, description, and the subject and content a campaign starts from. */
const TemplateFormSchema = z.object({
  name: optionalText(80).pipe(z.string().min(1, CAMPAIGN_MESSAGES.templateName)),
  description: optionalText(200),
  subject: optionalText(200),
  bodyHtml: html,
});
export type TemplateInput = z.output<typeof TemplateFormSchema>;

export const templateForm = formRules(TemplateFormSchema);

/** The Email campaigns list's URL: search by name or subject, a status, the page. */
export const CampaignListQuerySchema = ListQuerySchema.extend({
  status: filterEnum(["all", ...CAMPAIGN_STATUSES]),
});
export type CampaignListQuery = z.output<typeof CampaignListQuerySchema>;

/** The live recipient count's query. */
export const AudienceQuerySchema = z.object({
  audience: z.enum(AUDIENCE_KINDS).catch("subscribers"),
  days: z.coerce.number().int().min(1).max(MAX_AUDIENCE_DAYS).catch(DEFAULT_AUDIENCE_DAYS),
});
