CREATE TABLE "stock_lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"variation_id" uuid,
	"lot_number" text NOT NULL,
	"packaged_on" date,
	"expires_on" date,
	"supplier" text,
	"coa_url" text,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"quarantined" integer DEFAULT 0 NOT NULL,
	"recalled_at" timestamp with time zone,
	"recall_notice_number" text,
	"recall_notice_text" text,
	"recalled_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_lots_number_key" UNIQUE NULLS NOT DISTINCT("product_id","variation_id","lot_number"),
	CONSTRAINT "stock_lots_on_hand_check" CHECK ("stock_lots"."on_hand" >= 0),
	CONSTRAINT "stock_lots_quarantined_check" CHECK ("stock_lots"."quarantined" >= 0),
	CONSTRAINT "stock_lots_dates_check" CHECK ("stock_lots"."expires_on" is null or "stock_lots"."packaged_on" is null or "stock_lots"."expires_on" >= "stock_lots"."packaged_on"),
	CONSTRAINT "stock_lots_recalled_on_hand_check" CHECK ("stock_lots"."recalled_at" is null or "stock_lots"."on_hand" = 0)
);
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_reason_check";--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "lot_id" uuid;--> statement-breakpoint
-- Existing stock becomes one "unrecorded" lot per size (archived ones too), and one per product
-- sold without sizes or with movements of its own; every movement so far belongs to it.
INSERT INTO "stock_lots" ("product_id", "variation_id", "lot_number", "on_hand")
SELECT v.product_id, v.id, 'unrecorded', greatest(v.stock, 0) FROM "product_variations" v;--> statement-breakpoint
INSERT INTO "stock_lots" ("product_id", "variation_id", "lot_number", "on_hand")
SELECT p.id, NULL, 'unrecorded',
  CASE WHEN EXISTS (SELECT 1 FROM "product_variations" v WHERE v.product_id = p.id AND v.archived_at IS NULL)
    THEN greatest(coalesce((SELECT sum(m.quantity) FROM "stock_movements" m WHERE m.product_id = p.id AND m.variation_id IS NULL), 0), 0)
    ELSE greatest(p.stock, 0) END
FROM "products" p
WHERE NOT EXISTS (SELECT 1 FROM "product_variations" v WHERE v.product_id = p.id)
  OR EXISTS (SELECT 1 FROM "stock_movements" m WHERE m.product_id = p.id AND m.variation_id IS NULL);--> statement-breakpoint
UPDATE "stock_movements" m SET "lot_id" = l.id FROM "stock_lots" l
WHERE l.product_id = m.product_id AND l.variation_id IS NOT DISTINCT FROM m.variation_id;--> statement-breakpoint
ALTER TABLE "stock_movements" ALTER COLUMN "lot_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_lots" ADD CONSTRAINT "stock_lots_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_lots" ADD CONSTRAINT "stock_lots_variation_id_product_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."product_variations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_lots" ADD CONSTRAINT "stock_lots_recalled_by_admin_users_id_fk" FOREIGN KEY ("recalled_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_lots_size_idx" ON "stock_lots" USING btree ("product_id","variation_id","expires_on");--> statement-breakpoint
CREATE INDEX "stock_lots_number_idx" ON "stock_lots" USING btree (lower("lot_number"));--> statement-breakpoint
CREATE INDEX "stock_lots_expires_idx" ON "stock_lots" USING btree ("expires_on") WHERE "stock_lots"."on_hand" > 0;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_lot_id_stock_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."stock_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_lot_idx" ON "stock_movements" USING btree ("lot_id","order_id");--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_reason_check" CHECK ("stock_movements"."reason" in ('received','count_correction','damaged','lost','returned','sold','cancelled','refund_restock','order_edited','sample_data','recalled'));