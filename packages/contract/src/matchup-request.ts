import type { Seed } from '@fm/engine';

/** A matchup request's line-ups and options as the schemas in matchup-schemas.ts read them. */

/** How to read a reference: `any` tries players.sleeper_id first, then players.id. */
export type PlayerRefKind = 'any' | 'app' | 'sleeper';

export interface StarterRequest {
  /** The id exactly as the caller sent it (answers echo it as `player_id`). */
  ref: string;
  kind: PlayerRefKind;
  /** Points already scored in a finished game: simulated as that fixed score. */
  actualPoints: number | null;
  isFinal: boolean;
  /** Ruled out or on bye: scores zero. */
  isOut: boolean;
}

/** Options a caller may put on the payload or on either team; the payload wins, then the user's team. */
export interface MatchupOptions {
  league_id?: string | undefined;
  platform?: string | undefined;
  season?: number | undefined;
  week?: number | undefined;
  iterations?: number | undefined;
  seed?: Seed | undefined;
  scoring_settings?: Record<string, number> | undefined;
}

export interface TeamInput extends MatchupOptions {
  name: string | null;
  rosterId: string | null;
  starters: StarterRequest[];
}
