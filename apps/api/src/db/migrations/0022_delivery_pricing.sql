ALTER TABLE "deliveries" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "billable_miles_tenths" integer;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "pricing" jsonb;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "price_cents" integer;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "pickup_arrived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "dropoff_arrived_at" timestamp with time zone;