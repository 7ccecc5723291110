CREATE TABLE "email_mailings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"campaign_id" uuid,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "html" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_mailings" ADD CONSTRAINT "email_mailings_campaign_id_email_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."email_campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Mailings queued before this migration kept a personalised body on each row (they still do):
-- their mailing rows exist for the foreign key only, with empty bodies that are never sent.
INSERT INTO "email_mailings" ("id", "kind", "campaign_id", "subject", "html", "text", "created_at")
SELECT "mailing_id", min("kind"), (array_agg("campaign_id"))[1], min("subject"), '', '', min("created_at")
FROM "email_outbox" WHERE "mailing_id" IS NOT NULL GROUP BY "mailing_id";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_mailing_id_email_mailings_id_fk" FOREIGN KEY ("mailing_id") REFERENCES "public"."email_mailings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_campaigns_status_created_idx" ON "email_campaigns" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "email_campaigns_search_idx" ON "email_campaigns" USING gin (to_tsvector('simple', "name" || ' ' || "subject"));--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_body_check" CHECK (("email_outbox"."html" is null) = ("email_outbox"."text" is null) and ("email_outbox"."html" is not null or ("email_outbox"."mailing_id" is not null and "email_outbox"."list_unsubscribe" is not null)));