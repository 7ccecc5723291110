DROP INDEX "images_library_created_idx";--> statement-breakpoint
DROP INDEX "customers_created_idx";--> statement-breakpoint
DROP INDEX "coupons_created_idx";--> statement-breakpoint
DROP INDEX "email_campaigns_created_idx";--> statement-breakpoint
DROP INDEX "email_outbox_created_idx";--> statement-breakpoint
DROP INDEX "newsletter_subscribers_created_idx";--> statement-breakpoint
DROP INDEX "invoices_date_idx";--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
DROP INDEX "orders_status_created_idx";--> statement-breakpoint
DROP INDEX "shipments_status_idx";--> statement-breakpoint
CREATE INDEX "images_library_created_idx" ON "images_library" USING btree ("created_at","image_id");--> statement-breakpoint
CREATE INDEX "customers_created_idx" ON "customers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "coupons_created_idx" ON "coupons" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "email_campaigns_created_idx" ON "email_campaigns" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_created_idx" ON "newsletter_subscribers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_date_idx" ON "invoices" USING btree ("invoice_date","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "shipments_status_idx" ON "shipments" USING btree ("status","created_at","id");