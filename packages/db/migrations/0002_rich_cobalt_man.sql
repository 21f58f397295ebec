ALTER TABLE "player_week_stats" ADD COLUMN "fg_miss_40_49" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_week_stats" ADD COLUMN "fg_miss_50" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_week_stats" ADD COLUMN "def_sack" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_week_stats" ADD COLUMN "def_int" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_week_stats" ADD COLUMN "def_fum_rec" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_week_stats" ADD COLUMN "def_td" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_week_stats" ADD COLUMN "def_st_td" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_week_stats" ADD COLUMN "def_safety" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_week_stats" ADD COLUMN "def_blocked_kick" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_week_stats" ADD COLUMN "def_forced_fumble" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_week_stats" ADD COLUMN "def_st_forced_fumble" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_week_stats" ADD COLUMN "def_st_fum_rec" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_week_stats" ADD COLUMN "pts_allowed" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_week_stats" ADD COLUMN "yds_allowed" double precision DEFAULT 0 NOT NULL;