-- Failed attempts, re-attempts and returns to the sender. One row per failed attempt, with what
-- dispatch decided; one row per hand-back to the sender (the return's proof).
CREATE TABLE "delivery_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL REFERENCES "deliveries"("id"),
	"n" integer NOT NULL,
	"driver_id" uuid REFERENCES "users"("id"),
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"photo_file_id" uuid REFERENCES "stored_files"("id"),
	"lat" double precision,
	"lng" double precision,
	"attempted_at" timestamp with time zone NOT NULL,
	"decision" text,
	"decided_at" timestamp with time zone,
	"decided_by" uuid REFERENCES "users"("id"),
	"next_window_from" timestamp with time zone,
	"next_window_to" timestamp with time zone,
	CONSTRAINT "delivery_attempts_n_uq" UNIQUE("delivery_id","n")
);
--> statement-breakpoint
CREATE INDEX "delivery_attempts_photo_idx" ON "delivery_attempts" USING btree ("photo_file_id") WHERE "photo_file_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "delivery_attempts_attempted_at_idx" ON "delivery_attempts" USING btree ("attempted_at");
--> statement-breakpoint
CREATE TABLE "delivery_returns" (
	"delivery_id" uuid PRIMARY KEY NOT NULL REFERENCES "deliveries"("id"),
	"photo_file_id" uuid REFERENCES "stored_files"("id"),
	"signature_file_id" uuid REFERENCES "stored_files"("id"),
	"received_by" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"captured_by" uuid REFERENCES "users"("id"),
	"captured_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- A parcel going back or back with its sender is not "late" for the customer: the late sweep skips them.
DROP INDEX IF EXISTS "deliveries_late_due_idx";
--> statement-breakpoint
CREATE INDEX "deliveries_late_due_idx" ON "deliveries" USING btree ("required_by") WHERE "late_notified_at" IS NULL AND "status" NOT IN ('delivered', 'cancelled', 'returning', 'returned');
