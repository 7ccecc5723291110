DROP INDEX "products_category_price_idx";--> statement-breakpoint
DROP INDEX "products_status_price_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "listed_price_cents" integer;--> statement-breakpoint
-- Backfill (hand-written, same rule as refreshListedPrice in app/server/catalog/listed-price.server.ts):
-- the first size in stock, else the first size, else the selling price.
UPDATE "products" AS p SET "listed_price_cents" = coalesce((SELECT v."price_cents" FROM "product_variations" v WHERE v."product_id" = p."id" ORDER BY (v."stock" > 0) DESC, v."position", v."id" LIMIT 1), p."selling_price_cents");--> statement-breakpoint
CREATE INDEX "products_category_listed_price_idx" ON "products" USING btree ("category","status",coalesce("listed_price_cents", "selling_price_cents"),"id");--> statement-breakpoint
CREATE INDEX "products_status_listed_price_idx" ON "products" USING btree ("status",coalesce("listed_price_cents", "selling_price_cents"),"id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_listed_price_check" CHECK ("products"."listed_price_cents" >= 0);