CREATE TABLE "seat_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"buyer_id" uuid,
	"package_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"checkout_session_id" text,
	"payment_intent_id" text,
	"card_last4" text,
	"receipt_url" text,
	"status" text DEFAULT 'open' NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_seats" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seat_purchases_checkout_session_id_unique" UNIQUE("checkout_session_id")
);
--> statement-breakpoint
CREATE TABLE "team_admins" (
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_admins_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "team_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text,
	"language" text DEFAULT 'us' NOT NULL,
	"link_id" uuid,
	"user_id" uuid,
	"seat" text DEFAULT 'none' NOT NULL,
	"invited_at" timestamp with time zone NOT NULL,
	"joined_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"ordered_at" timestamp with time zone,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"last_mailed_at" timestamp with time zone,
	"retry_granted_at" timestamp with time zone,
	"retry_used_at" timestamp with time zone,
	CONSTRAINT "team_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "team_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"domain" text,
	"cap" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"brand" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offline_checkout_sessions" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "offline_checkout_sessions" ADD COLUMN "purchase_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "team_invitation_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "team_seat" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "seat_purchase_id" uuid;--> statement-breakpoint
ALTER TABLE "seat_purchases" ADD CONSTRAINT "seat_purchases_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_purchases" ADD CONSTRAINT "seat_purchases_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_admins" ADD CONSTRAINT "team_admins_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_admins" ADD CONSTRAINT "team_admins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_link_id_team_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."team_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_links" ADD CONSTRAINT "team_links_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seat_purchases_team" ON "seat_purchases" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "seat_purchases_open" ON "seat_purchases" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "team_admins_user" ON "team_admins" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "team_invitations_team" ON "team_invitations" USING btree ("team_id","invited_at");--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_email" ON "team_invitations" USING btree ("team_id","email") WHERE "team_invitations"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_user" ON "team_invitations" USING btree ("user_id") WHERE "team_invitations"."revoked_at" is null and "team_invitations"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "team_links_team" ON "team_links" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "orders_team_invitation" ON "orders" USING btree ("team_invitation_id","created_at");