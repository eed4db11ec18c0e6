-- SMS consent is double opt-in: a form only asks (sms_requested_at, one text asking for YES); the handset's
-- YES or START confirms it (consent_sms, sms_confirmed_at); STOP withdraws it (sms_withdrawn_at).
ALTER TABLE "optins" ADD COLUMN "sms_requested_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "optins" ADD COLUMN "sms_confirmed_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "optins" SET "sms_confirmed_at" = "consented_at" WHERE "consent_sms";
--> statement-breakpoint
-- What an outgoing message is for: null for delivery updates; 'sms_consent_request' for the text asking for YES,
-- which may go to a number without consent yet (never to one that replied STOP).
ALTER TABLE "outbox_messages" ADD COLUMN "purpose" text;
--> statement-breakpoint
-- Inbound SMS already applied, by the provider's MessageSid: a replayed webhook call changes nothing.
CREATE TABLE "inbound_sms_messages" (
	"message_sid" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
