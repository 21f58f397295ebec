import type { MatchupOptions, StarterRequest, TeamInput } from '@fm/contract';
import { DEFAULT_ITERATIONS, type Seed } from '@fm/engine';

export type { MatchupOptions, PlayerRefKind, StarterRequest, TeamInput } from '@fm/contract';

/**
 * A matchup request after its JSON has been checked (matchup-schemas.ts in @fm/contract): two line-ups
 * of player references and the options that apply to the whole simulation.
 */

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
