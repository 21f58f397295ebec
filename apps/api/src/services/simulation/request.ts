import { DEFAULT_ITERATIONS, type Seed } from '@fm/engine';
import type { PlayerGameAnswer } from '../live-games/player-games.js';

/**
 * A matchup request after its JSON has been checked (router/matchup-schemas.ts): two line-ups
 * of player references and the options that apply to the whole simulation.
 */

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
  /** Where his game stands, as the caller says (game_state, points, fraction_remaining); null: the server decides. */
  game: PlayerGameAnswer | null;
}

export interface TeamRequest {
  name: string | null;
  rosterId: string | null;
  starters: StarterRequest[];
}

export type SimulationKind = 'simulate' | 'analyze';

export interface MatchupRequest {
  kind: SimulationKind;
  user: TeamRequest;
  opponent: TeamRequest;
  leagueId: string | null;
  platform: string | null;
  season: number | null;
  week: number | null;
  iterations: number;
  seed: Seed | null;
  /** The league's points per stat (Sleeper keys); null → looked up from league_id + platform, else PPR. */
  scoring: Record<string, number> | null;
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

function firstDefined<K extends keyof MatchupOptions>(
  key: K,
  sources: MatchupOptions[],
): MatchupOptions[K] | undefined {
  for (const source of sources) if (source[key] !== undefined) return source[key];
  return undefined;
}

export function toMatchupRequest(
  kind: SimulationKind,
  payload: MatchupOptions,
  user: TeamInput,
  opponent: TeamInput,
): MatchupRequest {
  const sources = [payload, user, opponent];
  const team = ({ name, rosterId, starters }: TeamInput): TeamRequest => ({ name, rosterId, starters });
  return {
    kind,
    user: team(user),
    opponent: team(opponent),
    leagueId: firstDefined('league_id', sources) ?? null,
    platform: firstDefined('platform', sources) ?? null,
    season: firstDefined('season', sources) ?? null,
    week: firstDefined('week', sources) ?? null,
    iterations: firstDefined('iterations', sources) ?? DEFAULT_ITERATIONS,
    seed: firstDefined('seed', sources) ?? null,
    scoring: firstDefined('scoring_settings', sources) ?? null,
  };
}
