-- Late deliveries are flagged once: the sweep sets this in the same statement that picks the row.
ALTER TABLE "deliveries" ADD COLUMN "late_notified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "deliveries_late_due_idx" ON "deliveries" USING btree ("required_by") WHERE "late_notified_at" IS NULL AND "status" NOT IN ('delivered', 'cancelled');--> statement-breakpoint
-- The one-click unsubscribe URL of a recipient e-mail (RFC 8058 headers); null for account e-mails.
ALTER TABLE "outbox_messages" ADD COLUMN "list_unsubscribe" text;--> statement-breakpoint
CREATE INDEX "outbox_failed_idx" ON "outbox_messages" USING btree ("created_at") WHERE "status" = 'failed';--> statement-breakpoint
-- STOP by SMS: set while the number's SMS consent is withdrawn, cleared by START.
ALTER TABLE "optins" ADD COLUMN "sms_withdrawn_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "email_unsubscribes" (
	"email" text PRIMARY KEY NOT NULL,
	"unsubscribed_at" timestamp with time zone NOT NULL
);
