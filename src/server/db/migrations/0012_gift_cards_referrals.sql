CREATE TABLE "gift_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_hash" text NOT NULL,
	"code_sealed" text NOT NULL,
	"buyer_id" uuid,
	"buyer_identity" text NOT NULL,
	"buyer_name" text NOT NULL,
	"package_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"delivery" text NOT NULL,
	"recipient_email" text,
	"recipient_name" text,
	"message" text,
	"language" text NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"resend_day" text,
	"resends" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"checkout_session_id" text,
	"payment_intent_id" text,
	"card_last4" text,
	"receipt_url" text,
	"paid_at" timestamp with time zone,
	"refund_id" text,
	"refunded_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"voided_by" text,
	"redeemed_by" uuid,
	"redeemed_identity" text,
	"redeemed_at" timestamp with time zone,
	"order_id" uuid,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "gift_cards_checkout_session_id_unique" UNIQUE("checkout_session_id")
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "referral_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"referral_id" uuid,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"state" text NOT NULL,
	"available_at" timestamp with time zone NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"voided_by" text
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_id" uuid,
	"referrer_identity" text NOT NULL,
	"friend_id" uuid,
	"friend_identity" text NOT NULL,
	"friend_masked" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"first_order_id" uuid,
	"paid_at" timestamp with time zone,
	"state" text DEFAULT 'joined' NOT NULL,
	CONSTRAINT "referrals_friend_identity_unique" UNIQUE("friend_identity")
);
--> statement-breakpoint
ALTER TABLE "offline_checkout_sessions" ADD COLUMN "gift_card_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "referral_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_card_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "referral_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gift_card_id" uuid;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_credits" ADD CONSTRAINT "referral_credits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_credits" ADD CONSTRAINT "referral_credits_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_friend_id_users_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_cards_buyer" ON "gift_cards" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_cards_redeemer" ON "gift_cards" USING btree ("redeemed_by");--> statement-breakpoint
CREATE INDEX "gift_cards_due" ON "gift_cards" USING btree ("status","send_at") WHERE "gift_cards"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "gift_cards_open" ON "gift_cards" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "referral_credits_user" ON "referral_credits" USING btree ("user_id","state","available_at");--> statement-breakpoint
CREATE INDEX "referral_credits_order" ON "referral_credits" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer" ON "referrals" USING btree ("referrer_id","joined_at");--> statement-breakpoint
CREATE INDEX "referrals_first_order" ON "referrals" USING btree ("first_order_id");