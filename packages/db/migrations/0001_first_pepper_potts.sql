CREATE TABLE "nfl_games" (
	"season" integer NOT NULL,
	"week" integer NOT NULL,
	"home_team" text NOT NULL,
	"away_team" text NOT NULL,
	"is_venue_known" boolean DEFAULT true NOT NULL,
	"kickoff_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nfl_games_season_week_home_team_pk" PRIMARY KEY("season","week","home_team")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "nfl_games_away_key" ON "nfl_games" USING btree ("season","week","away_team");