-- A lab's receipt keeps its comment (required with the reason "other"); an opt-in for e-mail updates keeps the address.
ALTER TABLE "deliveries" ADD COLUMN "receipt_comment" text;--> statement-breakpoint
ALTER TABLE "optins" ADD COLUMN "email" text;
