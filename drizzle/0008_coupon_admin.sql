ALTER TABLE "coupons" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "coupons_code_prefix_idx" ON "coupons" USING btree (lower("code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "coupons_description_search_idx" ON "coupons" USING gin (to_tsvector('simple', "description"));--> statement-breakpoint
CREATE INDEX "coupons_status_idx" ON "coupons" USING btree ("is_active","end_date","start_date");--> statement-breakpoint
CREATE INDEX "orders_coupon_idx" ON "orders" USING btree ("coupon_id","created_at","id");