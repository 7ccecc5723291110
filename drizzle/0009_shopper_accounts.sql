CREATE TABLE "shopper_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"email_verified_at" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopper_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"province" text NOT NULL,
	"postal_code" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopper_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "shopper_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"account_id" uuid,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "shopper_tokens_purpose_check" CHECK ("shopper_tokens"."purpose" in ('verify','sign_in','reset'))
);
--> statement-breakpoint
ALTER TABLE "shopper_addresses" ADD CONSTRAINT "shopper_addresses_account_id_shopper_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."shopper_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopper_sessions" ADD CONSTRAINT "shopper_sessions_account_id_shopper_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."shopper_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopper_tokens" ADD CONSTRAINT "shopper_tokens_account_id_shopper_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."shopper_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shopper_accounts_email_key" ON "shopper_accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "shopper_addresses_account_idx" ON "shopper_addresses" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shopper_addresses_default_key" ON "shopper_addresses" USING btree ("account_id") WHERE "shopper_addresses"."is_default";--> statement-breakpoint
CREATE INDEX "shopper_sessions_account_idx" ON "shopper_sessions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "shopper_sessions_expires_idx" ON "shopper_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "shopper_tokens_email_idx" ON "shopper_tokens" USING btree (lower("email"),"created_at");--> statement-breakpoint
CREATE INDEX "shopper_tokens_account_idx" ON "shopper_tokens" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "orders_email_created_idx" ON "orders" USING btree (lower("email"),"created_at","id");