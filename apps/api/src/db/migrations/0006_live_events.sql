-- Recent live-update events, so a stream that reconnects (to any process) replays what it missed after
-- its Last-Event-ID. Rows are short-lived (pruned after an hour) and carry no personal data beyond ids.
CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"delivery_id" uuid,
	"order_id" text,
	"status" text,
	"user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"staff" boolean DEFAULT false NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "live_events_created_at_idx" ON "live_events" USING btree ("created_at");
