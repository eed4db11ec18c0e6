-- Route planning. A driver's shift and vehicle capacity, each delivery's place in its driver's applied
-- route (order and planned arrival), and the stored plans: a preview keeps its input snapshot (each job's status,
-- driver and updated_at) so applying it refuses when a job moved since.
ALTER TABLE "users" ADD COLUMN "shift_start" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "shift_end" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "shift_start_place" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vehicle_capacity" integer NOT NULL DEFAULT 20;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "planned_order" integer;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "planned_arrival" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "route_plans" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "kind" text NOT NULL,
  "plan_date" text NOT NULL,
  "input" jsonb NOT NULL,
  "routes" jsonb NOT NULL,
  "unassigned" jsonb NOT NULL,
  "travel_seconds" double precision NOT NULL,
  "created_by" uuid NOT NULL REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "applied_at" timestamp with time zone,
  "applied_by" uuid REFERENCES "users"("id")
);--> statement-breakpoint
CREATE INDEX "route_plans_created_idx" ON "route_plans" USING btree ("created_at");
