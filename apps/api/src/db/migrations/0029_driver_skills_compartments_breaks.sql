ALTER TABLE "users" ADD COLUMN "cold_capacity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "skills" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "break_minutes" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "break_earliest" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "break_latest" text;--> statement-breakpoint
ALTER TABLE "route_plans" ADD COLUMN "objective" jsonb;--> statement-breakpoint
ALTER TABLE "route_plans" ADD COLUMN "changes" jsonb;