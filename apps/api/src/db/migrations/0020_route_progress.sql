-- Route progress: the recipient's "about 10 minutes away" message and dispatch's late-estimate notice go once per
-- delivery; each is a timestamp set by a conditional update in the transaction that writes the message.
ALTER TABLE "deliveries" ADD COLUMN "arriving_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "estimate_late_notified_at" timestamp with time zone;
