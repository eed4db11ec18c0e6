-- History and reports. When a parcel was first picked up and when it was delivered, kept on the
-- delivery by a trigger on its custody events (so every writer, the seed and the bench included, fills them),
-- and an index on created_at for the staff history (newest first) and the reports' date ranges.
ALTER TABLE "deliveries" ADD COLUMN "picked_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
UPDATE "deliveries" d SET "picked_up_at" = e.picked_up_at, "delivered_at" = e.delivered_at
FROM (
  SELECT delivery_id,
    min(created_at) FILTER (WHERE status = 'picked_up') AS picked_up_at,
    max(created_at) FILTER (WHERE status = 'delivered') AS delivered_at
  FROM delivery_events WHERE status IN ('picked_up', 'delivered') GROUP BY delivery_id
) e WHERE e.delivery_id = d.id;--> statement-breakpoint
CREATE FUNCTION deliveries_milestone_on_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'picked_up' THEN
    UPDATE deliveries SET picked_up_at = NEW.created_at WHERE id = NEW.delivery_id AND picked_up_at IS NULL;
  ELSIF NEW.status = 'delivered' THEN
    UPDATE deliveries SET delivered_at = NEW.created_at WHERE id = NEW.delivery_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER delivery_events_milestones AFTER INSERT ON delivery_events
  FOR EACH ROW WHEN (NEW.status IN ('picked_up', 'delivered')) EXECUTE FUNCTION deliveries_milestone_on_event();--> statement-breakpoint
CREATE INDEX "deliveries_created_idx" ON "deliveries" USING btree ("created_at");
