DROP INDEX "stock_lots_expires_idx";--> statement-breakpoint
CREATE INDEX "stock_lots_expires_idx" ON "stock_lots" USING btree ("expires_on");