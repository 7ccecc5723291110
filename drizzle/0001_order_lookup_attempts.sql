CREATE TABLE "order_lookup_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ip_address" text NOT NULL,
	"order_number" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_lookup_attempts_ip_idx" ON "order_lookup_attempts" USING btree ("ip_address","created_at");--> statement-breakpoint
CREATE INDEX "order_lookup_attempts_number_idx" ON "order_lookup_attempts" USING btree ("order_number","created_at");