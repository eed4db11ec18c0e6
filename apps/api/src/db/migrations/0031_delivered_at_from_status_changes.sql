-- delivered_at is the drop-off's time: only the status change to delivered sets it. The custody events written while
-- a parcel is delivered (the lab's receipt, a piece's scan, a hold) carry its status too, and used to move it.
CREATE OR REPLACE FUNCTION deliveries_milestone_on_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind = 'redaction' THEN
    RETURN NULL;
  END IF;
  IF NEW.status = 'picked_up' THEN
    UPDATE deliveries SET picked_up_at = NEW.created_at WHERE id = NEW.delivery_id AND picked_up_at IS NULL;
  ELSIF NEW.status = 'delivered' AND NEW.kind IS NULL THEN
    UPDATE deliveries SET delivered_at = NEW.created_at WHERE id = NEW.delivery_id;
  END IF;
  IF NEW.kind IS NULL AND NEW.status IN ('delivered', 'returned', 'cancelled') THEN
    UPDATE deliveries SET finished_at = NEW.created_at WHERE id = NEW.delivery_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
UPDATE deliveries d SET delivered_at = e.at
FROM (
  SELECT delivery_id, max(created_at) AS at FROM delivery_events WHERE kind IS NULL AND status = 'delivered' GROUP BY delivery_id
) e WHERE e.delivery_id = d.id AND d.delivered_at IS DISTINCT FROM e.at;
