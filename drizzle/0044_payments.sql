CREATE TABLE "payment_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"layout" text NOT NULL,
	"deposits" jsonb NOT NULL,
	"other_rows" integer DEFAULT 0 NOT NULL,
	"uploaded_by" text NOT NULL,
	"applied_at" timestamp with time zone,
	"outcome" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_mailbox" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"tls" boolean NOT NULL,
	"username" text NOT NULL,
	"password_cipher" text NOT NULL,
	"folder" text NOT NULL,
	"processed_folder" text NOT NULL,
	"poll_seconds" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"next_read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_read_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"failures_in_a_row" integer DEFAULT 0 NOT NULL,
	"left_for_staff" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "payment_mailbox_one_row" CHECK ("payment_mailbox"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"bank_reference" text,
	"amount_cents" integer NOT NULL,
	"sender_name" text,
	"message" text,
	"received_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"order_id" uuid,
	"matched_order_id" uuid,
	"over_cents" integer DEFAULT 0 NOT NULL,
	"over_settled_at" timestamp with time zone,
	"note" text,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"import_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" > 0),
	CONSTRAINT "payments_state_check" CHECK ("payments"."state" in ('applied', 'suggested', 'queued', 'returned', 'ignored')),
	CONSTRAINT "payments_source_check" CHECK ("payments"."source" in ('mailbox', 'bank_export', 'manual'))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_matched_order_id_orders_id_fk" FOREIGN KEY ("matched_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_import_id_payment_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."payment_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_bank_reference_key" ON "payments" USING btree ("bank_reference") WHERE source <> 'manual';--> statement-breakpoint
CREATE INDEX "payments_state_received_idx" ON "payments" USING btree ("state","received_at");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_over_idx" ON "payments" USING btree ("received_at") WHERE over_cents > 0 and over_settled_at is null;--> statement-breakpoint
-- Orders paid before payments were recorded get theirs.
INSERT INTO "payments" ("source", "bank_reference", "amount_cents", "received_at", "state", "order_id", "created_at")
SELECT 'manual', "payment_reference", "payment_received_cents", "paid_at", 'applied', "id", "paid_at"
FROM "orders"
WHERE "paid_at" IS NOT NULL AND "payment_received_cents" > 0;
