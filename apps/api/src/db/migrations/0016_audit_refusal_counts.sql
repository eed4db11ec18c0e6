-- Repeated identical refusals of an API key's calls are one audit row a minute with a count: the row's key says
-- which (key, operation, answer, minute) it counts, and is unique.
ALTER TABLE "audit_events" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_dedupe_key_idx" ON "audit_events" USING btree ("dedupe_key") WHERE "dedupe_key" IS NOT NULL;
