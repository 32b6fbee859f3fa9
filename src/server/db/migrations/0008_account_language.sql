ALTER TABLE "login_tokens" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'us' NOT NULL;