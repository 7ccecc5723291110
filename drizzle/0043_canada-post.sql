CREATE TABLE "shipment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"location" text,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "canada_post_account" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"customer_number" text NOT NULL,
	"username" text NOT NULL,
	"password_cipher" text NOT NULL,
	"contract_id" text,
	"environment" text NOT NULL,
	"origin_postal_code" text NOT NULL,
	"services" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "canada_post_account_one_row" CHECK ("canada_post_account"."id" = 1),
	CONSTRAINT "canada_post_account_environment_check" CHECK ("canada_post_account"."environment" in ('development', 'production'))
);
--> statement-breakpoint
CREATE TABLE "parcel_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"postal_code" text NOT NULL,
	"weight_grams" integer NOT NULL,
	"rates" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "parcel_service" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "parcel_service_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "parcel_price_source" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "label_state" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "label_key" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "label_shipment_id" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "label_void_url" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "label_file" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "label_error" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "label_bought_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "tracking_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_events_key" ON "shipment_events" USING btree ("shipment_id","at","code");--> statement-breakpoint
CREATE INDEX "parcel_quotes_lookup_idx" ON "parcel_quotes" USING btree ("postal_code","weight_grams","expires_at");--> statement-breakpoint
CREATE INDEX "parcel_quotes_expires_idx" ON "parcel_quotes" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_label_key" ON "shipments" USING btree ("label_key");--> statement-breakpoint
CREATE INDEX "shipments_tracking_due_idx" ON "shipments" USING btree ("tracking_checked_at") WHERE "shipments"."status" in ('shipped', 'in_transit') and "shipments"."tracking_number" is not null;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_label_state_check" CHECK ("shipments"."label_state" is null or "shipments"."label_state" in ('buying', 'bought', 'voided', 'failed'));