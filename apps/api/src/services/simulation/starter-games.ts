import { players } from '@fm/db';
import { inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { readSyncRecord } from '../sync-record/sync-record.js';
import { loadScoredPoints } from '../leagues/banked-points.js';
import { pointsSoFar, PPR, type ScoringRules } from '@fm/projections';
import { isEveryGameOver, playerGameOf, type PlayerGameAnswer } from '../live-games/player-games.js';
import { liveGamesByTeam, loadLiveWeek } from '../live-games/week-games.js';
import { hasNoGameInWeek } from '@fm/engine';
import type { LineupPlayer } from './players.js';
import type { StarterRequest } from './request.js';

/** Whether `week` is the NFL week being played, as the sync last saw it. */
async function isCurrentWeek(deps: AppDeps, week: { season: number; week: number }): Promise<boolean> {
  const current = (await readSyncRecord(deps.database)).nflWeek;
  return current !== null && current.season === week.season && current.week === week.week;
}

/**
 * Where each starter's game stands, as the simulation conditions on it: what the request says (game_state, or
 * is_final / is_out), else, in the NFL week being played, its live state: his team's game (scoreboard, else
 * estimated), his points so far from the synced weekly stats in the simulation's scoring, and his injury status.
 * Any other week is simulated from the projections alone (a what-if), every undecided starter `pre`.
 */
export async function resolveStarterGames(
  deps: AppDeps,
  starters: readonly { starter: StarterRequest; player: LineupPlayer }[],
  week: { season: number; week: number } | null,
  scoring: ScoringRules | null,
): Promise<PlayerGameAnswer[]> {
  const undecided = starters.filter(({ starter }) => !starter.game && !starter.isFinal && !starter.isOut);
  let live: Map<number, PlayerGameAnswer> = new Map();
  if (week && undecided.length > 0 && (await isCurrentWeek(deps, week))) {
    live = await liveGamesOf(
      deps,
      undecided.map((s) => s.player),
      week,
      scoring,
    );
  }
  return starters.map(({ starter, player }) => {
    if (starter.game) return starter.game;
    if (starter.isFinal) return { state: 'final', points: starter.actualPoints ?? 0, fractionRemaining: 0 };
    if (starter.isOut) return { state: 'out', points: 0, fractionRemaining: 0 };
    return live.get(player.id) ?? { state: 'pre', points: 0, fractionRemaining: 1 };
  });
}

async function liveGamesOf(
  deps: AppDeps,
  lineup: readonly LineupPlayer[],
  week: { season: number; week: number },
  scoring: ScoringRules | null,
): Promise<Map<number, PlayerGameAnswer>> {
  const isWeekComplete = false;
  const ids = [...new Set(lineup.map((player) => player.id))];
  const [liveWeek, scored, statuses] = await Promise.all([
    loadLiveWeek(deps, { ...week, isWeekComplete }),
    loadScoredPoints(deps, {
      playerIds: ids,
      positions: new Map(lineup.map((player) => [player.id, player.position])),
      ...week,
      scoring: scoring ?? PPR,
    }),
    deps.database.db
      .select({ id: players.id, injuryStatus: players.injuryStatus })
      .from(players)
      .where(inArray(players.id, ids)),
  ]);
  const injuryOf = new Map(statuses.map((row) => [row.id, row.injuryStatus]));
  const gameOfTeam = liveGamesByTeam(liveWeek.games);
  const teamsPlaying = new Set(gameOfTeam.keys());
  const isOver = isEveryGameOver(liveWeek.games);
  return new Map(
    lineup.map((player) => {
      const game = gameOfTeam.get(player.team);
      return [
        player.id,
        playerGameOf({
          game: game ? { state: game.state, fractionRemaining: game.fraction_remaining } : null,
          hasNoGameInWeek: hasNoGameInWeek(player.team, teamsPlaying),
          byeWeek: null,
          week: week.week,
          isWeekComplete,
          isEveryGameOver: isOver,
          injuryStatus: injuryOf.get(player.id),
          // a line-up simulated on its own carries no platform points: our scored stats are all there is
          recordedPoints: pointsSoFar(undefined, scored.get(player.id), { isWeekComplete }),
        }),
      ];
    }),
  );
}
