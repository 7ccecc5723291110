-- UNLOGGED (edited by hand): no WAL for a cache; a crash empties it.
CREATE UNLOGGED TABLE "page_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"generation" bigint NOT NULL,
	"etag" text NOT NULL,
	"headers" jsonb NOT NULL,
	"body" bytea NOT NULL,
	"gzip" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_cache_generation" (
	"id" smallint PRIMARY KEY NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "page_cache_expires_idx" ON "page_cache" USING btree ("expires_at");
--> statement-breakpoint
INSERT INTO "page_cache_generation" ("id", "generation") VALUES (1, 0);