CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"order_id" uuid,
	"customer_email" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"outcome" text DEFAULT 'started' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_request_id_unique" UNIQUE("request_id")
);
--> statement-breakpoint
CREATE TABLE "order_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "first_portrait_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "progress_marks" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "generation_failing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "last_generation_error" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "retries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "keep_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_mails" ADD CONSTRAINT "order_mails_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_order" ON "audit_log" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_mails_order" ON "order_mails" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_id" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_id" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_id_prefix" ON "orders" USING btree (("id"::text) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_email_prefix" ON "users" USING btree ("email" text_pattern_ops);