ALTER TABLE "email_outbox" ADD COLUMN "mailing_id" uuid;--> statement-breakpoint
CREATE INDEX "email_outbox_mailing_idx" ON "email_outbox" USING btree ("mailing_id","status");