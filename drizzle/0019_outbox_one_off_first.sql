DROP INDEX "email_outbox_due_idx";--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("status",("mailing_id" is not null),"next_attempt_at");