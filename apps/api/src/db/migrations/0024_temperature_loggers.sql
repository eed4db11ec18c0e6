CREATE TABLE "devices" (
	"device_id" text PRIMARY KEY NOT NULL,
	"last_heard_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logger_bindings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" text NOT NULL,
	"delivery_id" uuid NOT NULL,
	"bound_at" timestamp with time zone NOT NULL,
	"bound_by" uuid,
	"gap_notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "temperature_rules" (
	"temperature_class" text PRIMARY KEY NOT NULL,
	"boundaries" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "temperature_readings" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "logger_bindings" ADD CONSTRAINT "logger_bindings_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logger_bindings" ADD CONSTRAINT "logger_bindings_bound_by_users_id_fk" FOREIGN KEY ("bound_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temperature_rules" ADD CONSTRAINT "temperature_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "logger_bindings_device_idx" ON "logger_bindings" USING btree ("device_id","bound_at");--> statement-breakpoint
CREATE INDEX "logger_bindings_delivery_idx" ON "logger_bindings" USING btree ("delivery_id");--> statement-breakpoint
CREATE UNIQUE INDEX "temperature_readings_device_once_idx" ON "temperature_readings" USING btree ("delivery_id","device_id","at") WHERE "temperature_readings"."device_id" IS NOT NULL;