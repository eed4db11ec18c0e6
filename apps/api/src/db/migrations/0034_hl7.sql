CREATE TABLE "hl7_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" uuid NOT NULL,
	"control_id" text NOT NULL,
	"message_type" text NOT NULL,
	"version" text NOT NULL,
	"sending_application" text DEFAULT '' NOT NULL,
	"placer_number" text,
	"filler_number" text,
	"delivery_id" uuid NOT NULL,
	"ack" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hl7_outbound_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" uuid NOT NULL,
	"delivery_id" uuid NOT NULL,
	"event" text NOT NULL,
	"control_id" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"claim_token" uuid,
	"last_error" text,
	"ack_code" text,
	"ack" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "hl7_outbound_messages_control_id_unique" UNIQUE("control_id")
);
--> statement-breakpoint
CREATE TABLE "hl7_senders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"sending_facility" text NOT NULL,
	"allowed_addresses" jsonb NOT NULL,
	"pickup_address_id" uuid NOT NULL,
	"recipient_address_id" uuid NOT NULL,
	"outbound_host" text,
	"outbound_port" integer,
	"outbound_events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hl7_orders" ADD CONSTRAINT "hl7_orders_sender_id_hl7_senders_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."hl7_senders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hl7_orders" ADD CONSTRAINT "hl7_orders_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hl7_outbound_messages" ADD CONSTRAINT "hl7_outbound_messages_sender_id_hl7_senders_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."hl7_senders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hl7_outbound_messages" ADD CONSTRAINT "hl7_outbound_messages_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hl7_senders" ADD CONSTRAINT "hl7_senders_account_id_customer_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."customer_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hl7_senders" ADD CONSTRAINT "hl7_senders_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hl7_senders" ADD CONSTRAINT "hl7_senders_pickup_address_id_saved_addresses_id_fk" FOREIGN KEY ("pickup_address_id") REFERENCES "public"."saved_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hl7_senders" ADD CONSTRAINT "hl7_senders_recipient_address_id_saved_addresses_id_fk" FOREIGN KEY ("recipient_address_id") REFERENCES "public"."saved_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hl7_orders_control_uq" ON "hl7_orders" USING btree ("sender_id","control_id");--> statement-breakpoint
CREATE INDEX "hl7_orders_delivery_idx" ON "hl7_orders" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "hl7_outbound_due_idx" ON "hl7_outbound_messages" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "hl7_outbound_sender_idx" ON "hl7_outbound_messages" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "hl7_senders_facility_uq" ON "hl7_senders" USING btree ("sending_facility");--> statement-breakpoint
CREATE INDEX "hl7_senders_account_idx" ON "hl7_senders" USING btree ("account_id");