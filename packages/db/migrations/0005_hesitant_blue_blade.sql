CREATE TABLE "espn_leagues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"league_id" text NOT NULL,
	"season" integer NOT NULL,
	"name" text NOT NULL,
	"espn_s2_enc" text,
	"swid_enc" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "espn_leagues" ADD CONSTRAINT "espn_leagues_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "espn_leagues_user_league_key" ON "espn_leagues" USING btree ("user_id","league_id");