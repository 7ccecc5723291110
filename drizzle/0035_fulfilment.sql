CREATE TABLE "delivery_bookings" (
	"window_id" uuid NOT NULL,
	"date" date NOT NULL,
	"booked" integer NOT NULL,
	CONSTRAINT "delivery_bookings_window_id_date_pk" PRIMARY KEY("window_id","date"),
	CONSTRAINT "delivery_bookings_booked_check" CHECK ("delivery_bookings"."booked" >= 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_windows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"weekday" integer NOT NULL,
	"starts" text NOT NULL,
	"ends" text NOT NULL,
	"capacity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_windows_weekday_check" CHECK ("delivery_windows"."weekday" between 1 and 7),
	CONSTRAINT "delivery_windows_times_check" CHECK ("delivery_windows"."starts" < "delivery_windows"."ends"),
	CONSTRAINT "delivery_windows_capacity_check" CHECK ("delivery_windows"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"prefixes" text[] NOT NULL,
	"fee_cents" integer NOT NULL,
	"minimum_order_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_zones_money_check" CHECK ("delivery_zones"."fee_cents" >= 0 and "delivery_zones"."minimum_order_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment_method" text DEFAULT 'parcel' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_window_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_starts" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_ends" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "proof_of_age" text;--> statement-breakpoint
ALTER TABLE "province_rules" ADD COLUMN "methods" text[];--> statement-breakpoint
ALTER TABLE "delivery_bookings" ADD CONSTRAINT "delivery_bookings_window_id_delivery_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."delivery_windows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_windows_weekday_idx" ON "delivery_windows" USING btree ("weekday","starts");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_window_id_delivery_windows_id_fk" FOREIGN KEY ("delivery_window_id") REFERENCES "public"."delivery_windows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_delivery_idx" ON "orders" USING btree ("delivery_date","delivery_starts","shipping_postal_code");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_pickup_code_key" ON "orders" USING btree ("pickup_code");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfilment_method_check" CHECK ("orders"."fulfilment_method" in ('parcel','delivery','pickup'));