CREATE TABLE "entitlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"identity" text NOT NULL,
	"user_id" uuid,
	"order_id" uuid,
	"state" text NOT NULL,
	"held_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"released_by" text
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deleting_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "entitlements_active" ON "entitlements" USING btree ("kind","identity") WHERE "entitlements"."state" <> 'released';--> statement-breakpoint
CREATE INDEX "entitlements_kind_state" ON "entitlements" USING btree ("kind","state");--> statement-breakpoint
CREATE INDEX "entitlements_order" ON "entitlements" USING btree ("order_id");