CREATE TABLE "consent_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"wording" text NOT NULL,
	"order_id" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "consent_records_type_check" CHECK ("consent_records"."type" in ('express','implied','withdrawal')),
	CONSTRAINT "consent_records_source_check" CHECK ("consent_records"."source" in ('footer','checkout','import','account','admin','unsubscribe_link','account_deleted'))
);
--> statement-breakpoint
ALTER TABLE "product_variations" ADD COLUMN "net_amount_milli" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cannabis_kind" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "net_amount_milli" integer;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "consent_type" text DEFAULT 'express' NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "consent_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "consent_records_recorded_idx" ON "consent_records" USING btree ("recorded_at","id");--> statement-breakpoint
CREATE INDEX "consent_records_email_idx" ON "consent_records" USING btree (lower("email"),"recorded_at");--> statement-breakpoint
ALTER TABLE "product_variations" ADD CONSTRAINT "product_variations_net_amount_check" CHECK ("product_variations"."net_amount_milli" is null or "product_variations"."net_amount_milli" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_cannabis_kind_check" CHECK ("products"."cannabis_kind" is null or "products"."cannabis_kind" in ('dried','fresh','edible','liquid','concentrate','seeds','none'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_net_amount_check" CHECK ("products"."net_amount_milli" is null or "products"."net_amount_milli" >= 0);--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_consent_type_check" CHECK ("newsletter_subscribers"."consent_type" in ('express','implied'));--> statement-breakpoint
-- Existing products take their category's default kind (app/lib/cannabis-limit.ts).
UPDATE "products" SET "cannabis_kind" = CASE "category"
  WHEN 'concentrates' THEN 'concentrate' WHEN 'vapes' THEN 'concentrate' WHEN 'hash' THEN 'concentrate'
  WHEN 'edibles' THEN 'edible' WHEN 'mushrooms' THEN 'none' ELSE 'dried' END;--> statement-breakpoint
-- The consents given before history was kept become its first records (their wording was not kept).
INSERT INTO "consent_records" ("email", "type", "source", "wording", "recorded_at")
  SELECT "email", 'express', "source", '(given before the wording shown was recorded)', "consented_at"
  FROM "newsletter_subscribers";--> statement-breakpoint
INSERT INTO "consent_records" ("email", "type", "source", "wording", "recorded_at")
  SELECT "email", 'withdrawal', 'unsubscribe_link', '(withdrawn before the way it was withdrawn was recorded)', "unsubscribed_at"
  FROM "newsletter_subscribers" WHERE "unsubscribed_at" IS NOT NULL;
