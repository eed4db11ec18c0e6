CREATE TABLE "delivery_pieces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"barcode" text NOT NULL,
	"kind" text NOT NULL,
	"description" text,
	"accession" text,
	"quantity" double precision,
	"unit" text,
	"ccf_number" text,
	"seal_intact" boolean,
	"status" text DEFAULT 'booked' NOT NULL,
	"missing_reason" text,
	"missing_note" text,
	"last_count" double precision,
	"received_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_pieces_barcode_unique" UNIQUE("barcode"),
	CONSTRAINT "delivery_pieces_delivery_seq_uq" UNIQUE("delivery_id","seq"),
	CONSTRAINT "delivery_pieces_seq_check" CHECK ("delivery_pieces"."seq" between 1 and 99),
	CONSTRAINT "delivery_pieces_status_check" CHECK ("delivery_pieces"."status" in ('booked', 'picked_up', 'not_handed_over', 'delivered', 'received', 'missing', 'damaged', 'rejected')),
	CONSTRAINT "delivery_pieces_kind_check" CHECK ("delivery_pieces"."kind" in ('bag', 'box', 'cooler', 'tote', 'tube', 'envelope'))
);
--> statement-breakpoint
CREATE TABLE "piece_check_findings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"piece_id" uuid NOT NULL,
	"delivery_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"handover" text NOT NULL,
	"expected" text,
	"found" text,
	"event_seq" integer,
	"actor_id" uuid,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "piece_check_findings_kind_check" CHECK ("piece_check_findings"."kind" in ('ccf_mismatch', 'seal_broken', 'controlled_count'))
);
--> statement-breakpoint
ALTER TABLE "delivery_pieces" ADD CONSTRAINT "delivery_pieces_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "piece_check_findings" ADD CONSTRAINT "piece_check_findings_piece_id_delivery_pieces_id_fk" FOREIGN KEY ("piece_id") REFERENCES "public"."delivery_pieces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "piece_check_findings" ADD CONSTRAINT "piece_check_findings_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "piece_check_findings" ADD CONSTRAINT "piece_check_findings_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_pieces_delivery_idx" ON "delivery_pieces" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "piece_check_findings_delivery_idx" ON "piece_check_findings" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "piece_check_findings_kind_at_idx" ON "piece_check_findings" USING btree ("kind","at");--> statement-breakpoint
-- Every delivery booked before pieces has one: the kind its package type suggests, its status from the delivery's.
INSERT INTO "delivery_pieces" ("delivery_id", "seq", "barcode", "kind", "status", "created_at", "updated_at")
SELECT d."id", 1, d."order_id" || '-01',
  CASE d."package_type" WHEN 'DOCUMENT' THEN 'envelope' WHEN 'MEDICATION' THEN 'bag' WHEN 'SPECIMEN' THEN 'bag' ELSE 'box' END,
  CASE
    WHEN d."status" IN ('picked_up', 'in_transit', 'failed_attempt', 'returning') THEN 'picked_up'
    WHEN d."status" IN ('delivered', 'returned') THEN 'delivered'
    ELSE 'booked'
  END,
  d."created_at", d."updated_at"
FROM "deliveries" d;
