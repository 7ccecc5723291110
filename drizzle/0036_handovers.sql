CREATE TABLE "handovers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid,
	"order_number" text NOT NULL,
	"method" text NOT NULL,
	"result" text NOT NULL,
	"reason" text,
	"id_kind" text,
	"birth_year" integer,
	"staff_id" uuid,
	"staff_name" text NOT NULL,
	"recipient_name" text NOT NULL,
	"address" text NOT NULL,
	"province" text NOT NULL,
	"keep_until" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "handovers_method_check" CHECK ("handovers"."method" in ('delivery','pickup')),
	CONSTRAINT "handovers_result_check" CHECK (("handovers"."result" = 'delivered' and "handovers"."reason" is null and "handovers"."id_kind" is not null and "handovers"."birth_year" is not null) or ("handovers"."result" = 'refused' and "handovers"."reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "product_variations" ADD COLUMN "packed_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "packed_grams" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "proof_of_age" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_staff_id_admin_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handovers_created_idx" ON "handovers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "handovers_order_idx" ON "handovers" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "handovers_keep_until_idx" ON "handovers" USING btree ("keep_until");--> statement-breakpoint
ALTER TABLE "product_variations" ADD CONSTRAINT "product_variations_packed_grams_check" CHECK ("product_variations"."packed_grams" is null or "product_variations"."packed_grams" > 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_packed_grams_check" CHECK ("products"."packed_grams" is null or "products"."packed_grams" > 0);--> statement-breakpoint
UPDATE "shipments" SET "proof_of_age" = "orders"."proof_of_age" FROM "orders" WHERE "orders"."id" = "shipments"."order_id";
