import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { createdAt, id, timestamps } from "./columns.server";

/** value is whole percent for 'percentage' and cents for 'fixed'. */
export const coupons = pg.pgTable(
  "coupons",
  {
    ...id,
    code: pg.text("code").notNull(),
    description: pg.text("description").notNull().default(""),
    type: pg.text("type").notNull(),
    value: pg.integer("value").notNull(),
    minOrderCents: pg.integer("min_order_cents").notNull().default(0),
    maxUses: pg.integer("max_uses"),
    usedCount: pg.integer("used_count").notNull().default(0),
    perCustomerLimit: pg.integer("per_customer_limit"),
    startDate: pg.timestamp("start_date", { withTimezone: true }),
    endDate: pg.timestamp("end_date", { withTimezone: true }),
    isActive: pg.boolean("is_active").notNull().default(true),
    /** Bumped by every admin change (not by orders using it): a stale edit form is refused. */
    revision: pg.integer("revision").notNull().default(0),
    /** Made by the sample-data generator (removed with the sample data; the owner's own are kept). */
    sample: pg.boolean("sample").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    pg.uniqueIndex("coupons_code_key").on(sql`lower(${t.code})`),
    pg.index("coupons_created_idx").on(t.createdAt, t.id),
    // The admin list: code by prefix, description by word, status from is_active and the dates.
    pg.index("coupons_code_prefix_idx").on(sql`lower(${t.code}) text_pattern_ops`),
    pg
      .index("coupons_description_search_idx")
      .using("gin", sql`to_tsvector('simple', ${t.description})`),
    pg.index("coupons_status_idx").on(t.isActive, t.endDate, t.startDate),
    pg.check("coupons_type_check", sql`${t.type} in ('percentage','fixed')`),
    pg.check(
      "coupons_value_check",
      sql`${t.value} >= 0 and (${t.type} <> 'percentage' or ${t.value} <= 100)`,
    ),
    pg.check("coupons_min_order_check", sql`${t.minOrderCents} >= 0`),
    pg.check(
      "coupons_usage_check",
      sql`${t.usedCount} >= 0 and (${t.maxUses} is null or ${t.usedCount} <= ${t.maxUses})`,
    ),
    pg.check(
      "coupons_per_customer_check",
      sql`${t.perCustomerLimit} is null or ${t.perCustomerLimit} > 0`,
    ),
  ],
);

export const newsletterSubscribers = pg.pgTable(
  "newsletter_subscribers",
  {
    ...id,
    email: pg.text("email").notNull(),
    source: pg.text("source").notNull(),
    /** The language the subscriber signed up in: newsletters' footers and the unsubscribe page. */
    locale: pg.text("locale").notNull().default("en"),
    consentedAt: pg.timestamp("consented_at", { withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: pg.timestamp("unsubscribed_at", { withTimezone: true }),
    unsubscribeToken: pg.text("unsubscribe_token").notNull(),
    /** 'express' (asked for it) or 'implied' (a purchase; lapses at consent_expires_at). */
    consentType: pg.text("consent_type").notNull().default("express"),
    consentExpiresAt: pg.timestamp("consent_expires_at", { withTimezone: true }),
    ...createdAt,
  },
  (t) => [
    pg.check(
      "newsletter_subscribers_consent_type_check",
      sql`${t.consentType} in ('express','implied')`,
    ),
    pg.uniqueIndex("newsletter_subscribers_email_key").on(sql`lower(${t.email})`),
    pg.uniqueIndex("newsletter_subscribers_token_key").on(t.unsubscribeToken),
    pg.index("newsletter_subscribers_created_idx").on(t.createdAt, t.id),
    // The Newsletters screen's subscriber search by email prefix.
    pg.index("newsletter_subscribers_email_prefix_idx").on(sql`lower(${t.email}) text_pattern_ops`),
  ],
);

/**
 * Every consent event, never overwritten (Canada's anti-spam law): express or implied consent,
 * and its withdrawal, with where it was given, when, the exact wording shown and, for implied
 * consent from a purchase, the order and when it lapses. newsletter_subscribers holds the current
 * state; this is its history.
 */
export const consentRecords = pg.pgTable(
  "consent_records",
  {
    ...id,
    email: pg.text("email").notNull(),
    type: pg.text("type").notNull(),
    source: pg.text("source").notNull(),
    wording: pg.text("wording").notNull(),
    orderId: pg.uuid("order_id"),
    recordedAt: pg.timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: pg.timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [
    pg.index("consent_records_recorded_idx").on(t.recordedAt, t.id),
    pg.index("consent_records_email_idx").on(sql`lower(${t.email})`, t.recordedAt),
    pg.check("consent_records_type_check", sql`${t.type} in ('express','implied','withdrawal')`),
    pg.check(
      "consent_records_source_check",
      sql`${t.source} in ('footer','checkout','import','account','admin','unsubscribe_link','account_deleted')`,
    ),
  ],
);

export const emailCampaigns = pg.pgTable(
  "email_campaigns",
  {
    ...id,
    name: pg.text("name").notNull(),
    subject: pg.text("subject").notNull(),
    bodyHtml: pg.text("body_html").notNull().default(""),
    /** The audience kind: 'subscribers', 'ordered-within' (with audience_days) or 'never-ordered'. */
    recipients: pg.text("recipients").notNull().default("subscribers"),
    audienceDays: pg.integer("audience_days"),
    status: pg.text("status").notNull().default("draft"),
    scheduledAt: pg.timestamp("scheduled_at", { withTimezone: true }),
    sentAt: pg.timestamp("sent_at", { withTimezone: true }),
    /** The http(s) links of the sent HTML, in order: tracked clicks redirect only to these. */
    links: pg.jsonb("links").$type<string[]>().notNull().default([]),
    /** How many recipients were queued when it was sent. */
    recipientCount: pg.integer("recipient_count"),
    ...timestamps,
  },
  (t) => [
    pg.index("email_campaigns_created_idx").on(t.createdAt, t.id),
    // The scheduler's query: scheduled campaigns that are due.
    pg.index("email_campaigns_due_idx").on(t.status, t.scheduledAt),
    // The Email campaigns list: one status newest first, and search by words of name or subject.
    pg.index("email_campaigns_status_created_idx").on(t.status, t.createdAt, t.id),
    pg
      .index("email_campaigns_search_idx")
      .using("gin", sql`to_tsvector('simple', ${t.name} || ' ' || ${t.subject})`),
    pg.check("email_campaigns_status_check", sql`${t.status} in ('draft','scheduled','sent')`),
    pg.check(
      "email_campaigns_recipients_check",
      sql`${t.recipients} in ('subscribers','ordered-within','never-ordered')`,
    ),
    pg.check(
      "email_campaigns_audience_days_check",
      sql`(${t.recipients} = 'ordered-within') = (${t.audienceDays} is not null) and (${t.audienceDays} is null or ${t.audienceDays} between 1 and 3650)`,
    ),
  ],
);

export const emailTemplates = pg.pgTable(
  "email_templates",
  {
    ...id,
    name: pg.text("name").notNull(),
    description: pg.text("description").notNull().default(""),
    subject: pg.text("subject").notNull().default(""),
    bodyHtml: pg.text("body_html").notNull().default(""),
    ...timestamps,
  },
  (t) => [pg.index("email_templates_created_idx").on(t.createdAt, t.id)],
);

/**
 * One newsletter or campaign send: its subject and its HTML and text bodies, rendered once with
 * the per-recipient placeholders ({{tracking_token}}, {{unsubscribe_url}}) still in them. Its
 * outbox rows (mailing_id) carry no body of their own: the worker fills in each row's tracking
 * token and unsubscribe link when it sends (email/mailing-body.server.ts). Never changed once
 * written, so a resend after a crash is byte for byte the same message.
 */
export const emailMailings = pg.pgTable("email_mailings", {
  ...id,
  kind: pg.text("kind").notNull(),
  campaignId: pg.uuid("campaign_id").references(() => emailCampaigns.id, { onDelete: "set null" }),
  subject: pg.text("subject").notNull(),
  html: pg.text("html").notNull(),
  text: pg.text("text").notNull(),
  ...createdAt,
});

/** Durable outbox: one row per message and recipient; a worker sends pending rows. */
export const emailOutbox = pg.pgTable(
  "email_outbox",
  {
    ...id,
    kind: pg.text("kind").notNull(),
    toAddress: pg.text("to_address").notNull(),
    subject: pg.text("subject").notNull(),
    /** The bodies, or null on a mailing's row: then they are the mailing's, personalised. */
    html: pg.text("html"),
    text: pg.text("text"),
    campaignId: pg
      .uuid("campaign_id")
      .references(() => emailCampaigns.id, { onDelete: "set null" }),
    /** One newsletter or campaign send (queueMailing): its rows share this id, for its progress. */
    mailingId: pg.uuid("mailing_id").references(() => emailMailings.id),
    status: pg.text("status").notNull().default("pending"),
    attempts: pg.integer("attempts").notNull().default(0),
    nextAttemptAt: pg.timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: pg.timestamp("locked_until", { withTimezone: true }),
    lastError: pg.text("last_error"),
    messageId: pg.text("message_id"),
    trackingToken: pg.text("tracking_token").notNull(),
    /** One-click unsubscribe URL of a newsletter or campaign: sent as List-Unsubscribe (RFC 8058). */
    listUnsubscribe: pg.text("list_unsubscribe"),
    sentAt: pg.timestamp("sent_at", { withTimezone: true }),
    openedAt: pg.timestamp("opened_at", { withTimezone: true }),
    clickedAt: pg.timestamp("clicked_at", { withTimezone: true }),
    ...createdAt,
  },
  (t) => [
    // The worker's claim order (outbox-claims.server.ts): one-off messages before mailings.
    pg
      .index("email_outbox_due_idx")
      .on(t.status, sql`(${t.mailingId} is not null)`, t.nextAttemptAt),
    pg.index("email_outbox_created_idx").on(t.createdAt, t.id),
    // A customer's page lists the emails sent to their address (any case), newest first.
    pg.index("email_outbox_to_address_idx").on(sql`lower(${t.toAddress})`, t.createdAt, t.id),
    pg.index("email_outbox_campaign_idx").on(t.campaignId),
    // The Newsletters screen: its figures by kind and status, its log newest first.
    pg.index("email_outbox_kind_status_idx").on(t.kind, t.status),
    pg.index("email_outbox_kind_created_idx").on(t.kind, t.createdAt, t.id),
    pg.index("email_outbox_mailing_idx").on(t.mailingId, t.status),
    pg.uniqueIndex("email_outbox_tracking_key").on(t.trackingToken),
    pg.check(
      "email_outbox_status_check",
      sql`${t.status} in ('pending','sending','sent','failed','bounced')`,
    ),
    // Its own bodies, or a mailing's with the unsubscribe link to fill in.
    pg.check(
      "email_outbox_body_check",
      sql`(${t.html} is null) = (${t.text} is null) and (${t.html} is not null or (${t.mailingId} is not null and ${t.listUnsubscribe} is not null))`,
    ),
  ],
);
