CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"variation_id" uuid,
	"quantity" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"order_id" uuid,
	"admin_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_quantity_check" CHECK ("stock_movements"."quantity" <> 0),
	CONSTRAINT "stock_movements_stock_after_check" CHECK ("stock_movements"."stock_after" >= 0),
	CONSTRAINT "stock_movements_reason_check" CHECK ("stock_movements"."reason" in ('received','count_correction','damaged','lost','returned','sold','cancelled','refund_restock','sample_data'))
);
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_variation_id_product_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."product_variations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_movements_variation_idx" ON "stock_movements" USING btree ("variation_id");--> statement-breakpoint
CREATE INDEX "stock_movements_created_idx" ON "stock_movements" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_movements_reason_idx" ON "stock_movements" USING btree ("reason","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_movements_admin_idx" ON "stock_movements" USING btree ("admin_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_movements_order_idx" ON "stock_movements" USING btree ("order_id");--> statement-breakpoint
-- A store that ran before the ledger: each size, and each product without sizes, opens with its stock.
INSERT INTO "stock_movements" ("product_id", "variation_id", "quantity", "stock_after", "reason", "note")
SELECT "product_id", "id", "stock", "stock", 'count_correction', 'Opening balance when the stock ledger started'
FROM "product_variations" WHERE "stock" <> 0;--> statement-breakpoint
INSERT INTO "stock_movements" ("product_id", "variation_id", "quantity", "stock_after", "reason", "note")
SELECT "p"."id", NULL, "p"."stock", "p"."stock", 'count_correction', 'Opening balance when the stock ledger started'
FROM "products" "p" WHERE "p"."stock" <> 0
AND NOT EXISTS (SELECT 1 FROM "product_variations" "v" WHERE "v"."product_id" = "p"."id");
