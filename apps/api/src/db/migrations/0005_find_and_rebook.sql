-- Search over a customer's own deliveries: one lower-cased text of what a customer remembers (tracking
-- number, recipient name and phone, both addresses), matched with LIKE '%...%' through a trigram index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(
  "order_id" || ' ' || "recipient_name" || ' ' || "recipient_phone" || ' ' || regexp_replace("recipient_phone", '[^0-9]', '', 'g')
  || ' ' || "pickup_address" || ' ' || "delivery_address"
)) STORED;--> statement-breakpoint
CREATE INDEX "deliveries_search_idx" ON "deliveries" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "organisation" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE TABLE "saved_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"address" text NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "saved_addresses" ADD CONSTRAINT "saved_addresses_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_addresses_owner_idx" ON "saved_addresses" USING btree ("owner_id","created_at");
