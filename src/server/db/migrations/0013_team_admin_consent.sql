CREATE TABLE "team_admin_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"outcome" text,
	CONSTRAINT "team_admin_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "team_admin_invitations" ADD CONSTRAINT "team_admin_invitations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_admin_invitations_team" ON "team_admin_invitations" USING btree ("team_id","invited_at");--> statement-breakpoint
CREATE UNIQUE INDEX "team_admin_invitations_open" ON "team_admin_invitations" USING btree ("team_id","email") WHERE "team_admin_invitations"."ended_at" is null;