CREATE TABLE "refund_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"refund_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"restocked" boolean NOT NULL,
	CONSTRAINT "refund_lines_quantity_check" CHECK ("refund_lines"."quantity" > 0 and "refund_lines"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "refund_tax_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"refund_id" uuid NOT NULL,
	"order_tax_line_id" uuid NOT NULL,
	"label" text NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "refund_tax_lines_amount_check" CHECK ("refund_tax_lines"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"credit_note_number" text NOT NULL,
	"goods_cents" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"note" text,
	"admin_id" uuid,
	"admin_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_method_check" CHECK ("refunds"."method" in ('etransfer','other')),
	CONSTRAINT "refunds_money_check" CHECK ("refunds"."goods_cents" >= 0 and "refunds"."shipping_cents" >= 0 and "refunds"."tax_cents" >= 0 and "refunds"."amount_cents" > 0 and "refunds"."amount_cents" = "refunds"."goods_cents" + "refunds"."shipping_cents" + "refunds"."tax_cents")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_tax_lines" ADD CONSTRAINT "refund_tax_lines_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_tax_lines" ADD CONSTRAINT "refund_tax_lines_order_tax_line_id_order_tax_lines_id_fk" FOREIGN KEY ("order_tax_line_id") REFERENCES "public"."order_tax_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_lines_refund_idx" ON "refund_lines" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "refund_lines_order_item_idx" ON "refund_lines" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "refund_tax_lines_refund_idx" ON "refund_tax_lines" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "refund_tax_lines_order_tax_line_idx" ON "refund_tax_lines" USING btree ("order_tax_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_order_position_key" ON "refunds" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_credit_note_number_key" ON "refunds" USING btree ("credit_note_number");--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at","amount_cents","tax_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_check" CHECK ("orders"."refunded_cents" >= 0 and "orders"."refunded_cents" <= "orders"."total_amount_cents");