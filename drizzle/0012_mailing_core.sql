ALTER TABLE "email_outbox" ADD COLUMN "list_unsubscribe" text;--> statement-breakpoint
CREATE INDEX "email_outbox_kind_status_idx" ON "email_outbox" USING btree ("kind","status");--> statement-breakpoint
CREATE INDEX "email_outbox_kind_created_idx" ON "email_outbox" USING btree ("kind","created_at","id");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_email_prefix_idx" ON "newsletter_subscribers" USING btree (lower("email") text_pattern_ops);