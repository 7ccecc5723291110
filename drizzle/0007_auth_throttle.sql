CREATE TABLE "auth_throttle" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"address" text NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"next_allowed_at" timestamp with time zone,
	"succeeded_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_throttle_scope_key_address_pk" PRIMARY KEY("scope","key","address")
);
--> statement-breakpoint
CREATE INDEX "auth_throttle_updated_idx" ON "auth_throttle" USING btree ("updated_at");