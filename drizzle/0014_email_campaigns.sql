ALTER TABLE "email_campaigns" ADD COLUMN "audience_days" integer;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "links" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "recipient_count" integer;--> statement-breakpoint
CREATE INDEX "email_campaigns_due_idx" ON "email_campaigns" USING btree ("status","scheduled_at");--> statement-breakpoint
CREATE INDEX "email_templates_created_idx" ON "email_templates" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD CONSTRAINT "email_campaigns_recipients_check" CHECK ("email_campaigns"."recipients" in ('subscribers','ordered-within','never-ordered'));--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD CONSTRAINT "email_campaigns_audience_days_check" CHECK (("email_campaigns"."recipients" = 'ordered-within') = ("email_campaigns"."audience_days" is not null) and ("email_campaigns"."audience_days" is null or "email_campaigns"."audience_days" between 1 and 3650));