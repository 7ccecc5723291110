CREATE TABLE "order_tax_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"rate_per_100k" integer NOT NULL,
	"taxable_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "order_tax_lines_amount_check" CHECK ("order_tax_lines"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "province_rules" (
	"province" text PRIMARY KEY NOT NULL,
	"ships" boolean DEFAULT true NOT NULL,
	"minimum_age" integer DEFAULT 19 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "province_rules_age_check" CHECK ("province_rules"."minimum_age" between 18 and 25)
);
--> statement-breakpoint
CREATE TABLE "sales_tax_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"province" text NOT NULL,
	"kind" text NOT NULL,
	"rate_per_100k" integer NOT NULL,
	"applies_to_shipping" boolean NOT NULL,
	"effective_from" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "sales_tax_rates_kind_check" CHECK ("sales_tax_rates"."kind" in ('GST','HST','PST','QST','RST')),
	CONSTRAINT "sales_tax_rates_rate_check" CHECK ("sales_tax_rates"."rate_per_100k" between 0 and 100000)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_tax_lines" ADD CONSTRAINT "order_tax_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_tax_lines_order_idx" ON "order_tax_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_tax_rates_key" ON "sales_tax_rates" USING btree ("province","kind","effective_from");--> statement-breakpoint
-- Defaults (app/lib/taxes.ts): every province served, legal ages, current Canadian sales tax rates.
INSERT INTO "province_rules" ("province", "ships", "minimum_age") VALUES
  ('AB', true, 18),
  ('BC', true, 19),
  ('MB', true, 19),
  ('NB', true, 19),
  ('NL', true, 19),
  ('NS', true, 19),
  ('NT', true, 19),
  ('NU', true, 19),
  ('ON', true, 19),
  ('PE', true, 19),
  ('QC', true, 21),
  ('SK', true, 19),
  ('YT', true, 19)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sales_tax_rates" ("province", "kind", "rate_per_100k", "applies_to_shipping", "effective_from", "created_by") VALUES
  ('AB', 'GST', 5000, true, '2008-01-01', 'default'),
  ('BC', 'GST', 5000, true, '2008-01-01', 'default'),
  ('BC', 'PST', 7000, true, '2013-04-01', 'default'),
  ('MB', 'GST', 5000, true, '2008-01-01', 'default'),
  ('MB', 'RST', 7000, false, '2019-07-01', 'default'),
  ('NB', 'HST', 15000, true, '2016-07-01', 'default'),
  ('NL', 'HST', 15000, true, '2016-07-01', 'default'),
  ('NS', 'HST', 15000, true, '2010-07-01', 'default'),
  ('NS', 'HST', 14000, true, '2025-04-01', 'default'),
  ('NT', 'GST', 5000, true, '2008-01-01', 'default'),
  ('NU', 'GST', 5000, true, '2008-01-01', 'default'),
  ('ON', 'HST', 13000, true, '2010-07-01', 'default'),
  ('PE', 'HST', 15000, true, '2016-10-01', 'default'),
  ('QC', 'GST', 5000, true, '2008-01-01', 'default'),
  ('QC', 'QST', 9975, true, '2013-01-01', 'default'),
  ('SK', 'GST', 5000, true, '2008-01-01', 'default'),
  ('SK', 'PST', 6000, true, '2017-03-23', 'default'),
  ('YT', 'GST', 5000, true, '2008-01-01', 'default')
ON CONFLICT DO NOTHING;
