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
CREATE TABLE "league_week_views" (
	"platform" text NOT NULL,
	"league_id" text NOT NULL,
	"season" integer NOT NULL,
	"week" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "league_week_views_platform_league_id_season_week_user_id_pk" PRIMARY KEY("platform","league_id","season","week","user_id")
);
--> statement-breakpoint
CREATE TABLE "win_probability_points" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"league_id" text NOT NULL,
	"season" integer NOT NULL,
	"week" integer NOT NULL,
	"matchup_id" integer NOT NULL,
	"data_version" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"game_time_elapsed" double precision NOT NULL,
	"roster_id_a" integer NOT NULL,
	"roster_id_b" integer NOT NULL,
	"win_probability_a" double precision NOT NULL,
	"win_probability_b" double precision NOT NULL,
	"points_a" double precision NOT NULL,
	"points_b" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "espn_leagues" ADD CONSTRAINT "espn_leagues_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_week_views" ADD CONSTRAINT "league_week_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "espn_leagues_user_league_key" ON "espn_leagues" USING btree ("user_id","league_id");--> statement-breakpoint
CREATE INDEX "league_week_views_week_idx" ON "league_week_views" USING btree ("season","week");--> statement-breakpoint
CREATE UNIQUE INDEX "win_probability_points_version_key" ON "win_probability_points" USING btree ("platform","league_id","season","week","matchup_id","data_version");