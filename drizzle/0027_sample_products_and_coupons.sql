ALTER TABLE "products" ADD COLUMN "sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Made before the marker: a product whose ledger opens with sample data, a coupon the generator names.
UPDATE "products" SET "sample" = true WHERE EXISTS (SELECT 1 FROM "stock_movements" m WHERE m."product_id" = "products"."id" AND m."reason" = 'sample_data');--> statement-breakpoint
UPDATE "coupons" SET "sample" = true WHERE "code" IN ('WELCOME20', 'FREESHIP200', 'SAVE15', 'BULK50', 'WEEKEND25');
