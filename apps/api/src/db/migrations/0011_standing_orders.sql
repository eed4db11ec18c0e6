-- Standing orders: a customer's delivery template (the validated booking input, without its
-- required-by, as jsonb so booking fields added later need no change here) and an RFC 5545 schedule whose
-- time of day is read in BUSINESS_TZ.
CREATE TABLE "standing_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL REFERENCES "users"("id"),
	"template" jsonb NOT NULL,
	"rrule" text NOT NULL,
	"time" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"status" text DEFAULT 'active' NOT NULL,
	"pre_approved_by" uuid REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "standing_orders_customer_idx" ON "standing_orders" USING btree ("customer_id", "created_at");
--> statement-breakpoint
CREATE INDEX "standing_orders_active_idx" ON "standing_orders" USING btree ("status") WHERE "status" = 'active';
--> statement-breakpoint
-- One row per standing order and date, whether its delivery was created or the date skipped: the key that
-- makes each occurrence happen once however many processes run the generator (no lock to leave held).
CREATE TABLE "standing_order_occurrences" (
	"standing_order_id" uuid NOT NULL REFERENCES "standing_orders"("id"),
	"occurs_on" date NOT NULL,
	"delivery_id" uuid REFERENCES "deliveries"("id"),
	"skipped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("standing_order_id", "occurs_on")
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "standing_order_id" uuid REFERENCES "standing_orders"("id");
--> statement-breakpoint
CREATE INDEX "deliveries_standing_order_idx" ON "deliveries" USING btree ("standing_order_id") WHERE "standing_order_id" IS NOT NULL;
