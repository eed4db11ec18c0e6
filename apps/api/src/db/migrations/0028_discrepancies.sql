CREATE TABLE "discrepancies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"delivery_id" uuid,
	"piece_id" uuid,
	"barcode" text,
	"account_id" uuid,
	"driver_id" uuid,
	"assignee_id" uuid,
	"reason" text,
	"detail" text DEFAULT '' NOT NULL,
	"expected_quantity" double precision,
	"counted_quantity" double precision,
	"unit" text,
	"opened_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "discrepancies_status_check" CHECK ("discrepancies"."status" in ('open', 'investigating', 'resolved')),
	CONSTRAINT "discrepancies_resolution_check" CHECK ("discrepancies"."status" <> 'resolved' or ("discrepancies"."resolution" is not null and "discrepancies"."resolved_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "discrepancy_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "discrepancy_notes_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"discrepancy_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"author_id" uuid,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discrepancies" ADD CONSTRAINT "discrepancies_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discrepancies" ADD CONSTRAINT "discrepancies_account_id_customer_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."customer_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discrepancies" ADD CONSTRAINT "discrepancies_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discrepancies" ADD CONSTRAINT "discrepancies_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discrepancy_notes" ADD CONSTRAINT "discrepancy_notes_discrepancy_id_discrepancies_id_fk" FOREIGN KEY ("discrepancy_id") REFERENCES "public"."discrepancies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discrepancy_notes" ADD CONSTRAINT "discrepancy_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discrepancies_opened_idx" ON "discrepancies" USING btree ("opened_at","id");--> statement-breakpoint
CREATE INDEX "discrepancies_delivery_idx" ON "discrepancies" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "discrepancies_account_idx" ON "discrepancies" USING btree ("account_id","opened_at");--> statement-breakpoint
CREATE INDEX "discrepancy_notes_case_idx" ON "discrepancy_notes" USING btree ("discrepancy_id","created_at","seq");