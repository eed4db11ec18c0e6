CREATE TABLE "customer_delivery_counts" (
	"customer_id" uuid NOT NULL,
	"week" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"deliveries" integer NOT NULL,
	CONSTRAINT "customer_delivery_counts_customer_id_week_status_pk" PRIMARY KEY("customer_id","week","status")
);
--> statement-breakpoint
DROP INDEX "deliveries_customer_created_idx";--> statement-breakpoint
ALTER TABLE "customer_delivery_counts" ADD CONSTRAINT "customer_delivery_counts_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliveries_customer_created_id_idx" ON "deliveries" USING btree ("customer_id","created_at","id","status");--> statement-breakpoint
-- The counts follow every change to deliveries: statement-level triggers apply one grouped upsert per
-- statement, however many rows it touched (a bulk import costs one aggregate, not a trigger per row).
-- A week starts on Monday 00:00 UTC.
CREATE FUNCTION customer_delivery_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_delivery_counts (customer_id, week, status, deliveries)
  SELECT customer_id, date_trunc('week', created_at, 'UTC'), status, count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (customer_id, week, status) DO UPDATE SET deliveries = customer_delivery_counts.deliveries + excluded.deliveries;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION customer_delivery_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_delivery_counts (customer_id, week, status, deliveries)
  SELECT customer_id, date_trunc('week', created_at, 'UTC'), status, -count(*) FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (customer_id, week, status) DO UPDATE SET deliveries = customer_delivery_counts.deliveries + excluded.deliveries;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION customer_delivery_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_delivery_counts (customer_id, week, status, deliveries)
  SELECT customer_id, week, status, sum(n) FROM (
    SELECT o.customer_id, date_trunc('week', o.created_at, 'UTC') AS week, o.status, -1 AS n FROM old_rows o JOIN new_rows c ON c.id = o.id
      WHERE (o.customer_id, o.created_at, o.status) IS DISTINCT FROM (c.customer_id, c.created_at, c.status)
    UNION ALL
    SELECT c.customer_id, date_trunc('week', c.created_at, 'UTC'), c.status, 1 FROM old_rows o JOIN new_rows c ON c.id = o.id
      WHERE (o.customer_id, o.created_at, o.status) IS DISTINCT FROM (c.customer_id, c.created_at, c.status)
  ) changed GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (customer_id, week, status) DO UPDATE SET deliveries = customer_delivery_counts.deliveries + excluded.deliveries;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER deliveries_count_inserts AFTER INSERT ON deliveries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_delivery_counts_on_insert();--> statement-breakpoint
CREATE TRIGGER deliveries_count_deletes AFTER DELETE ON deliveries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_delivery_counts_on_delete();--> statement-breakpoint
CREATE TRIGGER deliveries_count_updates AFTER UPDATE ON deliveries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_delivery_counts_on_update();--> statement-breakpoint
INSERT INTO customer_delivery_counts (customer_id, week, status, deliveries)
  SELECT customer_id, date_trunc('week', created_at, 'UTC'), status, count(*) FROM deliveries GROUP BY 1, 2, 3;
