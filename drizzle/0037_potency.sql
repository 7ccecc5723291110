-- Potency becomes four numbers in tenths of a mg (app/lib/potency.ts). The old free-text THC and
-- CBD carry over where they read as a plain percent (22% is 220 mg/g) or mg/g; anything else, such
-- as a range (18-24%), is left empty rather than guessed (parseLegacyPotency is the same rule).
ALTER TABLE "product_variations" ADD COLUMN "thc_tenths" integer;--> statement-breakpoint
ALTER TABLE "product_variations" ADD COLUMN "total_thc_tenths" integer;--> statement-breakpoint
ALTER TABLE "product_variations" ADD COLUMN "cbd_tenths" integer;--> statement-breakpoint
ALTER TABLE "product_variations" ADD COLUMN "total_cbd_tenths" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "thc_tenths" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "total_thc_tenths" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cbd_tenths" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "total_cbd_tenths" integer;--> statement-breakpoint
UPDATE "products" SET "thc_tenths" = (select case when v <= 10000 then v end from (select coalesce(round(substring(lower("thc") from '^\s*(?:(?:total\s+)?(?:thc|cbd)\s*:?\s*)?(\d{1,3}(?:\.\d{1,2})?)\s*%\s*$')::numeric * 100), round(substring(lower("thc") from '^\s*(?:(?:total\s+)?(?:thc|cbd)\s*:?\s*)?(\d{1,4}(?:\.\d)?)\s*mg\s*/\s*g\s*$')::numeric * 10))::integer as v) as legacy), "cbd_tenths" = (select case when v <= 10000 then v end from (select coalesce(round(substring(lower("cbd") from '^\s*(?:(?:total\s+)?(?:thc|cbd)\s*:?\s*)?(\d{1,3}(?:\.\d{1,2})?)\s*%\s*$')::numeric * 100), round(substring(lower("cbd") from '^\s*(?:(?:total\s+)?(?:thc|cbd)\s*:?\s*)?(\d{1,4}(?:\.\d)?)\s*mg\s*/\s*g\s*$')::numeric * 10))::integer as v) as legacy) WHERE "thc" IS NOT NULL OR "cbd" IS NOT NULL;--> statement-breakpoint
UPDATE "product_variations" SET "thc_tenths" = (select case when v <= 10000 then v end from (select coalesce(round(substring(lower("thc") from '^\s*(?:(?:total\s+)?(?:thc|cbd)\s*:?\s*)?(\d{1,3}(?:\.\d{1,2})?)\s*%\s*$')::numeric * 100), round(substring(lower("thc") from '^\s*(?:(?:total\s+)?(?:thc|cbd)\s*:?\s*)?(\d{1,4}(?:\.\d)?)\s*mg\s*/\s*g\s*$')::numeric * 10))::integer as v) as legacy), "cbd_tenths" = (select case when v <= 10000 then v end from (select coalesce(round(substring(lower("cbd") from '^\s*(?:(?:total\s+)?(?:thc|cbd)\s*:?\s*)?(\d{1,3}(?:\.\d{1,2})?)\s*%\s*$')::numeric * 100), round(substring(lower("cbd") from '^\s*(?:(?:total\s+)?(?:thc|cbd)\s*:?\s*)?(\d{1,4}(?:\.\d)?)\s*mg\s*/\s*g\s*$')::numeric * 10))::integer as v) as legacy) WHERE "thc" IS NOT NULL OR "cbd" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variations" DROP COLUMN "thc";--> statement-breakpoint
ALTER TABLE "product_variations" DROP COLUMN "cbd";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "thc";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "cbd";--> statement-breakpoint
ALTER TABLE "product_variations" ADD CONSTRAINT "product_variations_thc_tenths_check" CHECK ("product_variations"."thc_tenths" is null or "product_variations"."thc_tenths" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "product_variations" ADD CONSTRAINT "product_variations_total_thc_tenths_check" CHECK ("product_variations"."total_thc_tenths" is null or "product_variations"."total_thc_tenths" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "product_variations" ADD CONSTRAINT "product_variations_cbd_tenths_check" CHECK ("product_variations"."cbd_tenths" is null or "product_variations"."cbd_tenths" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "product_variations" ADD CONSTRAINT "product_variations_total_cbd_tenths_check" CHECK ("product_variations"."total_cbd_tenths" is null or "product_variations"."total_cbd_tenths" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_thc_tenths_check" CHECK ("products"."thc_tenths" is null or "products"."thc_tenths" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_total_thc_tenths_check" CHECK ("products"."total_thc_tenths" is null or "products"."total_thc_tenths" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_cbd_tenths_check" CHECK ("products"."cbd_tenths" is null or "products"."cbd_tenths" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_total_cbd_tenths_check" CHECK ("products"."total_cbd_tenths" is null or "products"."total_cbd_tenths" between 0 and 10000);
