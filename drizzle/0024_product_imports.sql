CREATE TABLE "product_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"created_by" text NOT NULL,
	"admin_id" uuid,
	"stock_reason" text NOT NULL,
	"columns" jsonb NOT NULL,
	"cells" jsonb NOT NULL,
	"rows" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"error_count" integer NOT NULL,
	"create_count" integer DEFAULT 0 NOT NULL,
	"update_count" integer DEFAULT 0 NOT NULL,
	"unchanged_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'previewed' NOT NULL,
	"imported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_imports_status_check" CHECK ("product_imports"."status" in ('previewed','imported')),
	CONSTRAINT "product_imports_stock_reason_check" CHECK ("product_imports"."stock_reason" in ('count_correction','received'))
);
--> statement-breakpoint
ALTER TABLE "product_imports" ADD CONSTRAINT "product_imports_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_imports_created_idx" ON "product_imports" USING btree ("created_at");