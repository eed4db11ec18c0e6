CREATE TABLE "customer_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"billing_email" text NOT NULL,
	"billing_address" text DEFAULT '' NOT NULL,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"credit_limit_cents" integer,
	"credit_policy" text DEFAULT 'ignore' NOT NULL,
	"rate_card_id" uuid,
	"po_required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_accounts_credit_policy_check" CHECK ("customer_accounts"."credit_policy" in ('ignore', 'warn', 'enforce')),
	CONSTRAINT "customer_accounts_terms_check" CHECK ("customer_accounts"."payment_terms_days" between 0 and 365)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "account_role" text;--> statement-breakpoint
-- Every existing customer gets an account of their own, as its owner, named after their organisation (their name
-- when they gave none); the account takes the customer's id, which ties the two without a lookup table.
INSERT INTO "customer_accounts" ("id", "name", "billing_email", "billing_address", "created_at", "updated_at")
  SELECT "id", coalesce(nullif(btrim("organisation"), ''), btrim("first_name" || ' ' || "last_name")), "email", "address", "created_at", now()
  FROM "users" WHERE "role_id" = '64b000000000000000000006';--> statement-breakpoint
UPDATE "users" SET "account_id" = "id", "account_role" = 'owner' WHERE "role_id" = '64b000000000000000000006';--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "account_id" uuid;--> statement-breakpoint
UPDATE "deliveries" SET "account_id" = "users"."account_id" FROM "users" WHERE "users"."id" = "deliveries"."customer_id";--> statement-breakpoint
ALTER TABLE "deliveries" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_accounts" ADD CONSTRAINT "customer_accounts_rate_card_id_rate_cards_id_fk" FOREIGN KEY ("rate_card_id") REFERENCES "public"."rate_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_account_id_customer_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."customer_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_customer_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."customer_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliveries_account_created_id_idx" ON "deliveries" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "users_account_idx" ON "users" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_customer_account_check" CHECK ("users"."role_id" <> '64b000000000000000000006' or "users"."account_id" is not null);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_role_check" CHECK (("users"."account_id" is null and "users"."account_role" is null) or ("users"."account_id" is not null and "users"."account_role" in ('owner', 'member')));