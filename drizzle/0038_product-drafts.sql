-- A third product status, draft: kept in the admin, never shown or sold. Existing products keep
-- their status (an active product missing potency stays active; the Products screen lists them).
ALTER TABLE "products" DROP CONSTRAINT "products_status_check";--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status_check" CHECK ("products"."status" in ('active','draft','archived'));
