import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, timestamps } from "./columns.server";

/** value is whole percent for 'percentage' and cents for 'fixed'. */
export const coupons = pgTable(
  "coupons",
  {
    ...id,
    code: text("code").notNull(),
    description: text("description").notNull().default(""),
    type: text("type").notNull(),
    value: integer("value").notNull(),
    minOrderCents: integer("min_order_cents").notNull().default(0),
    maxUses: integer("max_uses"),
    usedCount: integer("used_count").notNull().default(0),
    perCustomerLimit: integer("per_customer_limit"),
    startDate: timestamp("start_date", { withTimezone: true }),
    endDate: timestamp("end_date", { withTimezone: true }),
    isActive: boolean("is_active").notNull().default(true),
    /** Bumped by every admin change (not by orders using it): a stale edit form is refused. */
    revision: integer("revision").notNull().default(0),
    /** Made by the sample-data generator (removed with the sample data; the owner's own are kept). */
    sample: boolean("sample").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("coupons_code_key").on(sql`lower(${t.code})`),
    index("coupons_created_idx").on(t.createdAt, t.id),
    // The admin list: code by prefix, description by word, status from is_active and the dates.
    index("coupons_code_prefix_idx").on(sql`lower(${t.code}) text_pattern_ops`),
    index("coupons_description_search_idx").using(
      "gin",
      sql`to_tsvector('simple', ${t.description})`,
    ),
    index("coupons_status_idx").on(t.isActive, t.endDate, t.startDate),
    check("coupons_type_check", sql`${t.type} in ('percentage','fixed')`),
    check(
      "coupons_value_check",
      sql`${t.value} >= 0 and (${t.type} <> 'percentage' or ${t.value} <= 100)`,
    ),
    check("coupons_min_order_check", sql`${t.minOrderCents} >= 0`),
    check(
      "coupons_usage_check",
      sql`${t.usedCount} >= 0 and (${t.maxUses} is null or ${t.usedCount} <= ${t.maxUses})`,
    ),
    check(
      "coupons_per_customer_check",
      sql`${t.perCustomerLimit} is null or ${t.perCustomerLimit} > 0`,
    ),
  ],
);

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    ...id,
    email: text("email").notNull(),
    source: text("source").notNull(),
    consentedAt: timestamp("consented_at", { withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    unsubscribeToken: text("unsubscribe_token").notNull(),
    /** 'express' (asked for it) or 'implied' (a purchase; lapses at consent_expires_at). */
    consentType: text("consent_type").notNull().default("express"),
    consentExpiresAt: timestamp("consent_expires_at", { withTimezone: true }),
    ...createdAt,
  },
  (t) => [
    check(
      "newsletter_subscribers_consent_type_check",
      sql`${t.consentType} in ('express','implied')`,
    ),
    uniqueIndex("newsletter_subscribers_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("newsletter_subscribers_token_key").on(t.unsubscribeToken),
    index("newsletter_subscribers_created_idx").on(t.createdAt, t.id),
    // The Newsletters screen's subscriber search by email prefix.
    index("newsletter_subscribers_email_prefix_idx").on(sql`lower(${t.email}) text_pattern_ops`),
  ],
);

/**
 * Every consent event, never overwritten (Canada's anti-spam law): express or implied consent,
 * and its withdrawal, with where it was given, when, the exact wording shown and, for implied
 * consent from a purchase, the order and when it lapses. newsletter_subscribers holds the current
 * state; this is its history.
 */
export const consentRecords = pgTable(
  "consent_records",
  {
    ...id,
    email: text("email").notNull(),
    type: text("type").notNull(),
    source: text("source").notNull(),
    wording: text("wording").notNull(),
    orderId: uuid("order_id"),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [
    index("consent_records_recorded_idx").on(t.recordedAt, t.id),
    index("consent_records_email_idx").on(sql`lower(${t.email})`, t.recordedAt),
    check("consent_records_type_check", sql`${t.type} in ('express','implied','withdrawal')`),
    check(
      "consent_records_source_check",
      sql`${t.source} in ('footer','checkout','import','account','admin','unsubscribe_link','account_deleted')`,
    ),
  ],
);

export const emailCampaigns = pgTable(
  "email_campaigns",
  {
    ...id,
    name: text("name").notNull(),
    subject: text("subject").notNull(),
    bodyHtml: text("body_html").notNull().default(""),
    /** The audience kind: 'subscribers', 'ordered-within' (with audience_days) or 'never-ordered'. */
    recipients: text("recipients").notNull().default("subscribers"),
    audienceDays: integer("audience_days"),
    status: text("status").notNull().default("draft"),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** The http(s) links of the sent HTML, in order: tracked clicks redirect only to these. */
    links: jsonb("links").$type<string[]>().notNull().default([]),
    /** How many recipients were queued when it was sent. */
    recipientCount: integer("recipient_count"),
    ...timestamps,
  },
  (t) => [
    index("email_campaigns_created_idx").on(t.createdAt, t.id),
    // The scheduler's query: scheduled campaigns that are due.
    index("email_campaigns_due_idx").on(t.status, t.scheduledAt),
    // The Email campaigns list: one status newest first, and search by words of name or subject.
    index("email_campaigns_status_created_idx").on(t.status, t.createdAt, t.id),
    index("email_campaigns_search_idx").using(
      "gin",
      sql`to_tsvector('simple', ${t.name} || ' ' || ${t.subject})`,
    ),
    check("email_campaigns_status_check", sql`${t.status} in ('draft','scheduled','sent')`),
    check(
      "email_campaigns_recipients_check",
      sql`${t.recipients} in ('subscribers','ordered-within','never-ordered')`,
    ),
    check(
      "email_campaigns_audience_days_check",
      sql`(${t.recipients} = 'ordered-within') = (${t.audienceDays} is not null) and (${t.audienceDays} is null or ${t.audienceDays} between 1 and 3650)`,
    ),
  ],
);

export const emailTemplates = pgTable(
  "email_templates",
  {
    ...id,
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    subject: text("subject").notNull().default(""),
    bodyHtml: text("body_html").notNull().default(""),
    ...timestamps,
  },
  (t) => [index("email_templates_created_idx").on(t.createdAt, t.id)],
);

/**
 * One newsletter or campaign send: its subject and its HTML and text bodies, rendered once with
 * the per-recipient placeholders ({{tracking_token}}, {{unsubscribe_url}}) still in them. Its
 * outbox rows (mailing_id) carry no body of their own: the worker fills in each row's tracking
 * token and unsubscribe link when it sends (email/mailing-body.server.ts). Never changed once
 * written, so a resend after a crash is byte for byte the same message.
 */
export const emailMailings = pgTable("email_mailings", {
  ...id,
  kind: text("kind").notNull(),
  campaignId: uuid("campaign_id").references(() => emailCampaigns.id, { onDelete: "set null" }),
  subject: text("subject").notNull(),
  html: text("html").notNull(),
  text: text("text").notNull(),
  ...createdAt,
});

/** Durable outbox: one row per message and recipient; a worker sends pending rows. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    ...id,
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    /** The bodies, or null on a mailing's row: then they are the mailing's, personalised. */
    html: text("html"),
    text: text("text"),
    campaignId: uuid("campaign_id").references(() => emailCampaigns.id, { onDelete: "set null" }),
    /** One newsletter or campaign send (queueMailing): its rows share this id, for its progress. */
    mailingId: uuid("mailing_id").references(() => emailMailings.id),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    messageId: text("message_id"),
    trackingToken: text("tracking_token").notNull(),
    /** One-click unsubscribe URL of a newsletter or campaign: sent as List-Unsubscribe (RFC 8058). */
    listUnsubscribe: text("list_unsubscribe"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    openedAt: timestamp("opened_at", { withTimezone: true }),
    clickedAt: timestamp("clicked_at", { withTimezone: true }),
    ...createdAt,
  },
  (t) => [
    // The worker's claim order (outbox-claims.server.ts): one-off messages before mailings.
    index("email_outbox_due_idx").on(t.status, sql`(${t.mailingId} is not null)`, t.nextAttemptAt),
    index("email_outbox_created_idx").on(t.createdAt, t.id),
    // A customer's page lists the emails sent to their address (any case), newest first.
    index("email_outbox_to_address_idx").on(sql`lower(${t.toAddress})`, t.createdAt, t.id),
    index("email_outbox_campaign_idx").on(t.campaignId),
    // The Newsletters screen: its figures by kind and status, its log newest first.
    index("email_outbox_kind_status_idx").on(t.kind, t.status),
    index("email_outbox_kind_created_idx").on(t.kind, t.createdAt, t.id),
    index("email_outbox_mailing_idx").on(t.mailingId, t.status),
    uniqueIndex("email_outbox_tracking_key").on(t.trackingToken),
    check(
      "email_outbox_status_check",
      sql`${t.status} in ('pending','sending','sent','failed','bounced')`,
    ),
    // Its own bodies, or a mailing's with the unsubscribe link to fill in.
    check(
      "email_outbox_body_check",
      sql`(${t.html} is null) = (${t.text} is null) and (${t.html} is not null or (${t.mailingId} is not null and ${t.listUnsubscribe} is not null))`,
    ),
  ],
);
