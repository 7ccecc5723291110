ALTER TABLE "products" ADD COLUMN "filter_thc_tenths" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "filter_cbd_tenths" integer;--> statement-breakpoint
CREATE INDEX "products_category_potency_idx" ON "products" USING btree ("category","status","filter_thc_tenths","filter_cbd_tenths");--> statement-breakpoint
CREATE INDEX "products_status_potency_idx" ON "products" USING btree ("status","filter_thc_tenths","filter_cbd_tenths");--> statement-breakpoint
-- Backfill: the THC and CBD the storefront filters by (app/server/inventory/listed-price.server.ts),
-- total else plain, of the listed size (first live size in stock, else first live size), or of the
-- product when it has no live size.
UPDATE "products" p SET
  "filter_thc_tenths" = CASE WHEN EXISTS (
      SELECT 1 FROM "product_variations" v WHERE v.product_id = p.id AND v.archived_at IS NULL
    ) THEN (
      SELECT coalesce(v.total_thc_tenths, v.thc_tenths) FROM "product_variations" v
      WHERE v.product_id = p.id AND v.archived_at IS NULL
      ORDER BY (v.stock > 0) DESC, v.position, v.id LIMIT 1
    ) ELSE coalesce(p.total_thc_tenths, p.thc_tenths) END,
  "filter_cbd_tenths" = CASE WHEN EXISTS (
      SELECT 1 FROM "product_variations" v WHERE v.product_id = p.id AND v.archived_at IS NULL
    ) THEN (
      SELECT coalesce(v.total_cbd_tenths, v.cbd_tenths) FROM "product_variations" v
      WHERE v.product_id = p.id AND v.archived_at IS NULL
      ORDER BY (v.stock > 0) DESC, v.position, v.id LIMIT 1
    ) ELSE coalesce(p.total_cbd_tenths, p.cbd_tenths) END;
