DROP TABLE "login_attempts" CASCADE;--> statement-breakpoint
DROP TABLE "order_lookup_attempts" CASCADE;