-- The Drizzle schema is the source of the database's shape (drizzle-kit writes the migrations from it). Migrations
-- 0008-0013 were written by hand with inline REFERENCES/UNIQUE/PRIMARY KEY, so PostgreSQL named those constraints
-- (..._fkey, ..._key, ..._pkey) where the schema expects drizzle-kit's names; a later generated migration that
-- drops or changes one would name a constraint that does not exist. Renaming touches only the catalog.
ALTER TABLE "api_keys" RENAME CONSTRAINT "api_keys_secret_hash_key" TO "api_keys_secret_hash_unique";
--> statement-breakpoint
ALTER TABLE "api_keys" RENAME CONSTRAINT "api_keys_user_id_fkey" TO "api_keys_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "deliveries" RENAME CONSTRAINT "deliveries_standing_order_id_fkey" TO "deliveries_standing_order_id_standing_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "delivery_attempts" RENAME CONSTRAINT "delivery_attempts_decided_by_fkey" TO "delivery_attempts_decided_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "delivery_attempts" RENAME CONSTRAINT "delivery_attempts_delivery_id_fkey" TO "delivery_attempts_delivery_id_deliveries_id_fk";
--> statement-breakpoint
ALTER TABLE "delivery_attempts" RENAME CONSTRAINT "delivery_attempts_driver_id_fkey" TO "delivery_attempts_driver_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "delivery_attempts" RENAME CONSTRAINT "delivery_attempts_photo_file_id_fkey" TO "delivery_attempts_photo_file_id_stored_files_id_fk";
--> statement-breakpoint
ALTER TABLE "delivery_returns" RENAME CONSTRAINT "delivery_returns_captured_by_fkey" TO "delivery_returns_captured_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "delivery_returns" RENAME CONSTRAINT "delivery_returns_delivery_id_fkey" TO "delivery_returns_delivery_id_deliveries_id_fk";
--> statement-breakpoint
ALTER TABLE "delivery_returns" RENAME CONSTRAINT "delivery_returns_photo_file_id_fkey" TO "delivery_returns_photo_file_id_stored_files_id_fk";
--> statement-breakpoint
ALTER TABLE "delivery_returns" RENAME CONSTRAINT "delivery_returns_signature_file_id_fkey" TO "delivery_returns_signature_file_id_stored_files_id_fk";
--> statement-breakpoint
ALTER TABLE "route_plans" RENAME CONSTRAINT "route_plans_applied_by_fkey" TO "route_plans_applied_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "route_plans" RENAME CONSTRAINT "route_plans_created_by_fkey" TO "route_plans_created_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "standing_order_occurrences" RENAME CONSTRAINT "standing_order_occurrences_pkey" TO "standing_order_occurrences_standing_order_id_occurs_on_pk";
--> statement-breakpoint
ALTER TABLE "standing_order_occurrences" RENAME CONSTRAINT "standing_order_occurrences_standing_order_id_fkey" TO "standing_order_occurrences_standing_order_id_fk";
--> statement-breakpoint
ALTER TABLE "standing_order_occurrences" RENAME CONSTRAINT "standing_order_occurrences_delivery_id_fkey" TO "standing_order_occurrences_delivery_id_deliveries_id_fk";
--> statement-breakpoint
ALTER TABLE "standing_orders" RENAME CONSTRAINT "standing_orders_customer_id_fkey" TO "standing_orders_customer_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "standing_orders" RENAME CONSTRAINT "standing_orders_pre_approved_by_fkey" TO "standing_orders_pre_approved_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "temperature_readings" RENAME CONSTRAINT "temperature_readings_delivery_id_fkey" TO "temperature_readings_delivery_id_deliveries_id_fk";
--> statement-breakpoint
ALTER TABLE "temperature_readings" RENAME CONSTRAINT "temperature_readings_recorded_by_fkey" TO "temperature_readings_recorded_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_attempts" RENAME CONSTRAINT "webhook_attempts_endpoint_id_fkey" TO "webhook_attempts_endpoint_id_webhook_endpoints_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_attempts" RENAME CONSTRAINT "webhook_attempts_message_id_fkey" TO "webhook_attempts_message_id_webhook_messages_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" RENAME CONSTRAINT "webhook_endpoints_user_id_fkey" TO "webhook_endpoints_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_messages" RENAME CONSTRAINT "webhook_messages_endpoint_id_fkey" TO "webhook_messages_endpoint_id_webhook_endpoints_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_messages" RENAME CONSTRAINT "webhook_messages_msg_id_key" TO "webhook_messages_msg_id_unique";
