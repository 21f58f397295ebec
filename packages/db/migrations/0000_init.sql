CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"user_id" uuid,
	"payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "error_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"status_code" integer NOT NULL,
	"message" text NOT NULL,
	"endpoint" text NOT NULL,
	"method" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "league_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"external_user_id" text NOT NULL,
	"username" text,
	"display_name" text,
	"avatar" text,
	"access_token_enc" text,
	"refresh_token_enc" text,
	"token_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_week_stats" (
	"player_id" integer NOT NULL,
	"season" integer NOT NULL,
	"week" integer NOT NULL,
	"team" text NOT NULL,
	"opponent" text NOT NULL,
	"is_home" boolean NOT NULL,
	"pass_yd" double precision DEFAULT 0 NOT NULL,
	"pass_td" double precision DEFAULT 0 NOT NULL,
	"pass_int" double precision DEFAULT 0 NOT NULL,
	"rush_yd" double precision DEFAULT 0 NOT NULL,
	"rush_td" double precision DEFAULT 0 NOT NULL,
	"rec" double precision DEFAULT 0 NOT NULL,
	"rec_yd" double precision DEFAULT 0 NOT NULL,
	"rec_td" double precision DEFAULT 0 NOT NULL,
	"ret_td" double precision DEFAULT 0 NOT NULL,
	"fum_td" double precision DEFAULT 0 NOT NULL,
	"two_pt" double precision DEFAULT 0 NOT NULL,
	"fum_lost" double precision DEFAULT 0 NOT NULL,
	"carries" double precision DEFAULT 0 NOT NULL,
	"touches" double precision DEFAULT 0 NOT NULL,
	"targets" double precision DEFAULT 0 NOT NULL,
	"reception_pct" double precision,
	"rz_targets" double precision DEFAULT 0 NOT NULL,
	"rz_touches" double precision DEFAULT 0 NOT NULL,
	"rz_g2g" double precision DEFAULT 0 NOT NULL,
	"pat_made" double precision DEFAULT 0 NOT NULL,
	"pat_missed" double precision DEFAULT 0 NOT NULL,
	"fg_made_0_19" double precision DEFAULT 0 NOT NULL,
	"fg_made_20_29" double precision DEFAULT 0 NOT NULL,
	"fg_made_30_39" double precision DEFAULT 0 NOT NULL,
	"fg_made_40_49" double precision DEFAULT 0 NOT NULL,
	"fg_made_50" double precision DEFAULT 0 NOT NULL,
	"fg_miss_0_19" double precision DEFAULT 0 NOT NULL,
	"fg_miss_20_29" double precision DEFAULT 0 NOT NULL,
	"fg_miss_30_39" double precision DEFAULT 0 NOT NULL,
	"extra" jsonb,
	CONSTRAINT "player_week_stats_player_id_season_week_pk" PRIMARY KEY("player_id","season","week")
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" serial PRIMARY KEY NOT NULL,
	"nfl_id" text,
	"sleeper_id" text,
	"full_name" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"search_name" text NOT NULL,
	"position" text NOT NULL,
	"team" text DEFAULT 'FA' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"injury_status" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projections" (
	"id" serial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"season" integer NOT NULL,
	"week" integer NOT NULL,
	"source" text NOT NULL,
	"model_version" text,
	"team" text NOT NULL,
	"opponent" text,
	"pred_mean" double precision NOT NULL,
	"pred_std" double precision NOT NULL,
	"p10" double precision,
	"p50" double precision,
	"p90" double precision,
	"stats" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"token_hash" text NOT NULL,
	"is_persistent" boolean DEFAULT false NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "simulations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"kind" text DEFAULT 'matchup' NOT NULL,
	"platform" text,
	"league_id" text,
	"iterations" integer NOT NULL,
	"duration_ms" double precision NOT NULL,
	"win_probability" double precision,
	"predicted_score_difference" double precision,
	"summary" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"email_verified_at" timestamp with time zone,
	"signup_ip" text,
	"last_login_at" timestamp with time zone,
	"last_active_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_connections" ADD CONSTRAINT "league_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_week_stats" ADD CONSTRAINT "player_week_stats_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projections" ADD CONSTRAINT "projections_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulations" ADD CONSTRAINT "simulations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerts_type_status_idx" ON "alerts" USING btree ("type","status");--> statement-breakpoint
CREATE INDEX "analytics_events_type_created_idx" ON "analytics_events" USING btree ("type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_tokens_hash_key" ON "email_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "error_events_created_idx" ON "error_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "league_connections_user_platform_key" ON "league_connections" USING btree ("user_id","platform");--> statement-breakpoint
CREATE INDEX "player_week_stats_season_week_idx" ON "player_week_stats" USING btree ("season","week");--> statement-breakpoint
CREATE UNIQUE INDEX "players_nfl_id_key" ON "players" USING btree ("nfl_id");--> statement-breakpoint
CREATE UNIQUE INDEX "players_sleeper_id_key" ON "players" USING btree ("sleeper_id");--> statement-breakpoint
CREATE INDEX "players_search_idx" ON "players" USING btree ("search_name","position");--> statement-breakpoint
CREATE UNIQUE INDEX "projections_player_week_source_key" ON "projections" USING btree ("player_id","season","week","source");--> statement-breakpoint
CREATE INDEX "projections_season_week_idx" ON "projections" USING btree ("season","week","source");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "simulations_created_idx" ON "simulations" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));