-- Medical handling: what a parcel needs (priority, temperature class, specimen, controlled
-- substance), the hold an excursion puts it on, staff's disposition, the receiving lab's receipt, and the
-- one-time STAT escalation. Readings are their own append-only table.
ALTER TABLE "deliveries" ADD COLUMN "priority" text DEFAULT 'routine' NOT NULL;
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "temperature" text DEFAULT 'ambient' NOT NULL;
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "specimen_category" text;
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "specimen_collected_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "specimen_stable_hours" double precision;
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "stability_deadline" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "controlled_substance" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "approved_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "hold_reason" text;
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "hold_since" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "disposition_action" text;
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "disposition_note" text;
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "disposition_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "receipt_status" text;
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "receipt_reason" text;
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "receipt_received_by" text;
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "receipt_received_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "stat_escalated_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "deliveries_stat_escalation_idx" ON "deliveries" USING btree ("approved_at") WHERE "priority" = 'stat' AND "stat_escalated_at" IS NULL AND "status" = 'approved';
--> statement-breakpoint
CREATE INDEX "deliveries_hold_idx" ON "deliveries" USING btree ("hold_since") WHERE "hold_since" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "temperature_readings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL REFERENCES "deliveries"("id"),
	"celsius" double precision NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"in_range" boolean NOT NULL,
	"recorded_by" uuid REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "temperature_readings_delivery_at_idx" ON "temperature_readings" USING btree ("delivery_id", "at");
--> statement-breakpoint
-- Handling events (readings, checklist, ID check, hold, disposition, receipt) join the custody chain beside
-- the status moves; kind tells them apart (null: a status move). It is hashed when set, so older chains verify.
ALTER TABLE "delivery_events" ADD COLUMN "kind" text;
