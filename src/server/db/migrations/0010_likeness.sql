CREATE TABLE "candidates" (
	"order_id" uuid NOT NULL,
	"no" integer NOT NULL,
	"storage_key" text,
	"look" text,
	"seed" bigint,
	"score" real,
	"reasons" jsonb NOT NULL,
	"delivered_as" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "candidates_order_id_no_pk" PRIMARY KEY("order_id","no")
);
--> statement-breakpoint
CREATE TABLE "likeness_references" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"descriptors" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "replacements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"no" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"seed" bigint NOT NULL,
	"provider_state" text,
	"score" real,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "image_rounds" jsonb;--> statement-breakpoint
ALTER TABLE "portraits" ADD COLUMN "score" real;--> statement-breakpoint
ALTER TABLE "portraits" ADD COLUMN "seed" bigint;--> statement-breakpoint
ALTER TABLE "portraits" ADD COLUMN "look" text;--> statement-breakpoint
ALTER TABLE "portraits" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likeness_references" ADD CONSTRAINT "likeness_references_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replacements" ADD CONSTRAINT "replacements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidates_created" ON "candidates" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "replacements_order" ON "replacements" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "replacements_pending" ON "replacements" USING btree ("order_id","no") WHERE "replacements"."status" = 'pending';