CREATE INDEX "products_category_rated_idx" ON "products" USING btree ("category","status",coalesce("rating", 5),"id");--> statement-breakpoint
CREATE INDEX "products_status_name_idx" ON "products" USING btree ("status","name","id");--> statement-breakpoint
CREATE INDEX "products_status_price_idx" ON "products" USING btree ("status","selling_price_cents","id");--> statement-breakpoint
CREATE INDEX "products_status_rated_idx" ON "products" USING btree ("status",coalesce("rating", 5),"id");