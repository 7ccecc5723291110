ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_variation_id_product_variations_id_fk";
--> statement-breakpoint
ALTER TABLE "product_variations" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_variation_id_product_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."product_variations"("id") ON DELETE no action ON UPDATE no action;