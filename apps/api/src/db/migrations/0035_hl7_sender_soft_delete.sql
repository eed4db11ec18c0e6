DROP INDEX "hl7_senders_facility_uq";--> statement-breakpoint
ALTER TABLE "hl7_senders" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "hl7_senders_facility_uq" ON "hl7_senders" USING btree ("sending_facility") WHERE "hl7_senders"."deleted_at" is null;