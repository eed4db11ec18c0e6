-- Each claim on an e-mail or SMS carries a token: a message is sent, and its outcome written, only while the claim is
-- still the sender's, so a claim that ran out and was taken by another process is never sent or completed twice.
ALTER TABLE "outbox_messages" ADD COLUMN "claim_token" uuid;
--> statement-breakpoint
-- Retention. When a delivery was finished (delivered, returned or cancelled) is kept on its row, set by the custody
-- trigger on the status move (handling events and the redaction event change no milestone); the retention job counts
-- from it and marks the row when the recipient's personal details are removed. A redaction event seals the hashes of
-- the events whose notes it changed, so the chain still verifies.
ALTER TABLE "deliveries" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "personal_details_removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "delivery_events" ADD COLUMN "seals" text;--> statement-breakpoint
UPDATE "deliveries" d SET "finished_at" = e.finished_at
FROM (
  SELECT delivery_id, max(created_at) AS finished_at
  FROM delivery_events WHERE kind IS NULL AND status IN ('delivered', 'returned', 'cancelled') GROUP BY delivery_id
) e WHERE e.delivery_id = d.id AND d.status IN ('delivered', 'returned', 'cancelled');--> statement-breakpoint
CREATE INDEX "deliveries_retention_due_idx" ON "deliveries" USING btree ("finished_at") WHERE "deliveries"."personal_details_removed_at" IS NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION deliveries_milestone_on_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind = 'redaction' THEN
    RETURN NULL;
  END IF;
  IF NEW.status = 'picked_up' THEN
    UPDATE deliveries SET picked_up_at = NEW.created_at WHERE id = NEW.delivery_id AND picked_up_at IS NULL;
  ELSIF NEW.status = 'delivered' THEN
    UPDATE deliveries SET delivered_at = NEW.created_at WHERE id = NEW.delivery_id;
  END IF;
  IF NEW.kind IS NULL AND NEW.status IN ('delivered', 'returned', 'cancelled') THEN
    UPDATE deliveries SET finished_at = NEW.created_at WHERE id = NEW.delivery_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER delivery_events_milestones ON delivery_events;--> statement-breakpoint
CREATE TRIGGER delivery_events_milestones AFTER INSERT ON delivery_events
  FOR EACH ROW WHEN (NEW.status IN ('picked_up', 'delivered', 'returned', 'cancelled')) EXECUTE FUNCTION deliveries_milestone_on_event();
