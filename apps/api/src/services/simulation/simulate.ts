import type { AnalysisAnswer } from '@fm/contract';
import { randomSeed } from '@fm/engine';
import type { AppDeps } from '../../deps.js';
import { validationError } from '../../errors.js';
import { type SimulationCaller, type SimulationSlot } from './admission.js';
import { analyzeMatchup } from './analysis.js';
import { lineupSide, simulationAnswer, type SimulationAnswer } from './answer.js';
import { toMatchupInput, type LineupEntry } from './input.js';
import { resolveLineupPlayers, resolveSimulationWeek } from './players.js';
import { leagueLineupsOf, simulateLeagueLineups } from './league-lineups.js';
import { runMatchupInPool } from './run-matchup.js';
import { resolveRequestScoring, withLeagueScoring } from './scoring.js';
import { recordedRunOf, recordSimulation } from './record.js';
import type { MatchupRequest } from './request.js';
import { resolveStarterGames } from './starter-games.js';

export type { MatchupRequest } from './request.js';
export type { SimulationAnswer } from './answer.js';
export type { AnalysisAnswer };

function rejectRepeatedPlayers(user: LineupEntry[], opponent: LineupEntry[]): void {
  const seen = new Map<number, 'user_team' | 'opponent_team'>();
  for (const [side, entries] of [
    ['user_team', user],
    ['opponent_team', opponent],
  ] as const) {
    for (const { player } of entries) {
      const earlier = seen.get(player.id);
      if (earlier) {
        const where = earlier === side ? `twice in ${side}` : 'in both line-ups';
        throw validationError(`${player.name} (player ${player.id}) is listed ${where}`, side);
      }
      seen.set(player.id, side);
    }
  }
}

/**
 * Two line-ups of one of the caller's leagues, named with its league_id and platform, are simulated as the league
 * run simulates them (league-lineups.ts: one number for one matchup). Any other request: resolves both line-ups
 * to the week's projections, simulates them in the worker pool, records
 * the run in `simulations` and answers win probability, score summaries and per-player detail.
 * `slot` is the caller's place counted by the admission before the request was read (the routes
 * reserve it first, so a request over the limits is refused unread); without one, one is reserved here.
 */
export async function simulateMatchupRequest(
  deps: AppDeps,
  userId: string | null,
  request: MatchupRequest,
  options: { isAdmin?: boolean; slot?: SimulationSlot } = {},
): Promise<SimulationAnswer> {
  const caller: SimulationCaller = { userId, isAdmin: options.isAdmin ?? false };
  const players = request.user.starters.length + request.opponent.starters.length;
  const slot = options.slot ?? (await deps.simulationAdmission.reserve(caller));
  try {
    return await slot.run({ iterations: request.iterations, players }, () =>
      simulateAdmitted(deps, caller, request, slot),
    );
  } finally {
    if (!options.slot) slot.release();
  }
}

async function simulateAdmitted(
  deps: AppDeps,
  { userId }: SimulationCaller,
  request: MatchupRequest,
  slot: SimulationSlot,
): Promise<SimulationAnswer> {
  const league = await leagueLineupsOf(deps, userId, request);
  if (league) return simulateLeagueLineups(deps, { userId, slot }, request, league);
  const week = await resolveSimulationWeek(deps, request);
  const starters = [...request.user.starters, ...request.opponent.starters];
  const [resolvedPlayers, { scoring, source: scoringSource }] = await Promise.all([
    resolveLineupPlayers(deps, starters, week),
    resolveRequestScoring(deps, userId, request),
  ]);
  const lineupPlayers = await withLeagueScoring(deps, resolvedPlayers, week, scoring);
  const games = await resolveStarterGames(
    deps,
    starters.map((starter, i) => ({ starter, player: lineupPlayers[i]! })),
    week,
    scoring,
  );
  const entries = starters.map((starter, i): LineupEntry => ({
    starter,
    player: lineupPlayers[i]!,
    game: games[i]!,
  }));
  const user = entries.slice(0, request.user.starters.length);
  const opponent = entries.slice(request.user.starters.length);
  rejectRepeatedPlayers(user, opponent);

  const input = toMatchupInput(request, user, opponent, request.seed ?? randomSeed());
  const { result, durationMs } = await runMatchupInPool(deps, userId ?? 'anonymous', input);
  const baselinePlayers = entries.filter((entry) => entry.player.projection === null).length;
  const simulationId = await recordSimulation(deps, {
    userId,
    request: recordedRunOf(request),
    week,
    result,
    durationMs,
    baselinePlayers,
  });
  return simulationAnswer(
    result,
    { user: lineupSide(request.user, user), opponent: lineupSide(request.opponent, opponent) },
    {
      simulation_id: simulationId,
      kind: request.kind,
      season: week?.season ?? null,
      week: week?.week ?? null,
      league_id: request.leagueId,
      scoring: scoringSource,
      duration_ms: durationMs,
    },
  );
}

/** A simulation plus its reading: verdict, key players, positional edges and each side's range. */
export async function analyzeMatchupRequest(
  deps: AppDeps,
  userId: string | null,
  request: MatchupRequest,
  options: { isAdmin?: boolean; slot?: SimulationSlot } = {},
): Promise<AnalysisAnswer> {
  const answer = await simulateMatchupRequest(deps, userId, request, options);
  return { ...answer, analysis: analyzeMatchup(answer) };
}
