CREATE TABLE "daily_jobs" (
	"name" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_jobs_name_day_pk" PRIMARY KEY("name","day")
);
--> statement-breakpoint
DROP INDEX "stock_movements_product_idx";--> statement-breakpoint
DROP INDEX "stock_movements_created_idx";--> statement-breakpoint
DROP INDEX "stock_movements_reason_idx";--> statement-breakpoint
DROP INDEX "stock_movements_admin_idx";--> statement-breakpoint
ALTER TABLE "stock_movements" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "stock_movements" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id","created_at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_created_idx" ON "stock_movements" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_reason_idx" ON "stock_movements" USING btree ("reason","created_at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_admin_idx" ON "stock_movements" USING btree ("admin_id","created_at","id");