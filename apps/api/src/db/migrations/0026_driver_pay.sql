CREATE TABLE "driver_bank_accounts" (
	"driver_id" uuid PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"routing_last4" text NOT NULL,
	"account_last4" text NOT NULL,
	"account_type" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"delivery_id" uuid,
	"code" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"explanation" text NOT NULL,
	"earned_on" date NOT NULL,
	"earned_at" timestamp with time zone NOT NULL,
	"miles_tenths" integer,
	"rule_id" uuid,
	"reason" text,
	"created_by" uuid,
	"settlement_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid,
	"version" integer NOT NULL,
	"per_stop_cents" integer NOT NULL,
	"per_mile_cents" integer NOT NULL,
	"commission_percent" numeric(6, 2) NOT NULL,
	"commission_on" jsonb NOT NULL,
	"per_failed_attempt_cents" integer NOT NULL,
	"per_return_cents" integer NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"jobs" integer NOT NULL,
	"miles_tenths" integer NOT NULL,
	"gross_cents" integer NOT NULL,
	"adjustments_cents" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"item_count" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"paid_on" date,
	"paid_reference" text,
	"paid_by" uuid
);
--> statement-breakpoint
ALTER TABLE "driver_bank_accounts" ADD CONSTRAINT "driver_bank_accounts_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_bank_accounts" ADD CONSTRAINT "driver_bank_accounts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_items" ADD CONSTRAINT "pay_items_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_items" ADD CONSTRAINT "pay_items_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_items" ADD CONSTRAINT "pay_items_rule_id_pay_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."pay_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_items" ADD CONSTRAINT "pay_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_items" ADD CONSTRAINT "pay_items_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_rules" ADD CONSTRAINT "pay_rules_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_rules" ADD CONSTRAINT "pay_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pay_items_driver_day_idx" ON "pay_items" USING btree ("driver_id","earned_on");--> statement-breakpoint
CREATE INDEX "pay_items_day_idx" ON "pay_items" USING btree ("earned_on");--> statement-breakpoint
CREATE INDEX "pay_items_settlement_idx" ON "pay_items" USING btree ("settlement_id");--> statement-breakpoint
CREATE INDEX "pay_items_delivery_idx" ON "pay_items" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "pay_rules_driver_from_idx" ON "pay_rules" USING btree ("driver_id","effective_from");--> statement-breakpoint
CREATE INDEX "settlements_driver_idx" ON "settlements" USING btree ("driver_id","period_from");--> statement-breakpoint
CREATE INDEX "settlements_status_idx" ON "settlements" USING btree ("status","period_from");