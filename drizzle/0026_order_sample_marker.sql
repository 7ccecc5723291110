ALTER TABLE "orders" ADD COLUMN "sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Orders made before the marker: checkout always records an idempotency key, the sample generator never did.
UPDATE "orders" SET "sample" = true WHERE "idempotency_key" IS NULL;
