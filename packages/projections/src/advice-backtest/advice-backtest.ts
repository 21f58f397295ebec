import { findWinWinTradesWith, TradeScorer, type SeasonRoster } from '@fm/engine';
import { ROS_POSITIONS } from '../rest-of-season/ros-backtest.js';
import { actualChange, actualLineupPool } from './actual-change.js';
import {
  draftRosters,
  recordWeek,
  roundRobin,
  SLOTS,
  type Standing,
  sum,
  TEAM_COUNT,
} from './advice-league.js';
import { type AdviceSeason, SeasonView } from './advice-season.js';
import {
  FREE_AGENT_ROSTER,
  highestRestOfSeason,
  highestThisWeek,
  type OwnPoints,
  POOL_PER_POSITION,
  projectedRoster,
  rankFreeAgents,
  type SimulationSettings,
} from './free-agent-rankings.js';

/** The trade finder keeps this many suggestions (the API's default list length). */
export const TRADE_SUGGESTION_LIMIT = 10;

export interface AdviceOptions {
  /** Teams whose advice is scored each week, taken in turn so every team is scored as often. */
  teamsPerWeek: number;
  /** The first this many trade suggestions of each scored team-week are scored. */
  tradesScored: number;
  settings: SimulationSettings;
  onWeek?: (season: number, week: number) => void;
}

/** One ranking's top free agent for a team-week and the actual points he added. */
export interface PickRecord {
  id: string;
  position: string;
  /** Actual rest-of-season points the team's best line-ups gained (after the drop the engine chose). */
  added: number;
}

export interface PickupRecord {
  season: number;
  week: number;
  team: number;
  ours: PickRecord;
  thisWeek: PickRecord;
  restOfSeason: PickRecord;
}

export interface TradeRecord {
  season: number;
  week: number;
  team: number;
  /** 0 for the first suggestion. */
  rank: number;
  projectedYou: number;
  projectedPartner: number;
  actualYou: number;
  actualPartner: number;
}

export interface AdviceSeasonResult {
  season: number;
  lastWeek: number;
  teamWeeks: number;
  pickups: PickupRecord[];
  trades: TradeRecord[];
}

/** The teams scored in the week at `weekIndex`: teamsPerWeek of them, in turn. */
function sampledTeams(weekIndex: number, teamsPerWeek: number): number[] {
  const count = Math.min(TEAM_COUNT, teamsPerWeek);
  return Array.from({ length: count }, (_, i) => (weekIndex * count + i) % TEAM_COUNT);
}

/** The best `perPosition` of `ids` at each position by `points`. */
function bestPerPosition(
  view: SeasonView,
  own: ReadonlyMap<string, OwnPoints>,
  perPosition: number,
  points: (own: OwnPoints) => number,
): string[] {
  return ROS_POSITIONS.flatMap((position) =>
    [...own.keys()]
      .filter((id) => view.projectionOf(id)?.position === position)
      .sort((a, b) => points(own.get(b)!) - points(own.get(a)!) || a.localeCompare(b))
      .slice(0, perPosition),
  );
}

/**
 * One season walked week by week: the league drafted before week 1 (rosters kept as drafted: no advice is acted
 * on, so every week's advice is scored against the same league), each week's advice for the sampled teams scored
 * by the actual points it adds over the weeks left, then the week played: each team starts its best projected
 * line-up and scores its starters' actual points.
 */
export function runAdviceSeason(season: AdviceSeason, options: AdviceOptions): AdviceSeasonResult {
  const view = new SeasonView(season);
  view.moveTo(season.weeks[0] ?? 1);
  const rosters = draftRosters(view);
  const schedule = roundRobin(TEAM_COUNT, season.weeks);
  const standings: Standing[] = rosters.map(() => ({ wins: 0, losses: 0, ties: 0, pointsFor: 0 }));
  const rostered = new Set(rosters.flat());
  const pickups: PickupRecord[] = [];
  const trades: TradeRecord[] = [];
  let teamWeeks = 0;

  season.weeks.forEach((week, index) => {
    view.moveTo(week);
    options.onWeek?.(season.season, week);
    const own = new Map<string, OwnPoints>();
    for (const id of view.available()) {
      if (rostered.has(id)) continue;
      const weeks = view.restOfSeason(id);
      own.set(id, { thisWeek: weeks[0]?.mean ?? 0, restOfSeason: sum(weeks.map((entry) => entry.mean)) });
    }
    const candidates = bestPerPosition(view, own, POOL_PER_POSITION, (points) => points.restOfSeason);
    const baselines = { thisWeek: highestThisWeek(own)!, restOfSeason: highestRestOfSeason(own)! };
    const freeAgents = [...new Set([...candidates, baselines.thisWeek, baselines.restOfSeason])];

    const teams = rosters.map((ids, t) => projectedRoster(view, t, ids));
    const scorer = new TradeScorer({
      rosters: [...teams, projectedRoster(view, FREE_AGENT_ROSTER, freeAgents)],
      slots: SLOTS,
    });
    const lineups = rosters.map((_, t) => scorer.pool.weeklyLineups(t));
    const actualRoster = (rosterId: number, ids: readonly string[]): SeasonRoster => ({
      rosterId,
      players: ids.map((id) => ({
        id,
        position: view.projectionOf(id)!.position,
        weeklyMeans: view.actualRestOfSeason(id),
      })),
    });
    const actual = actualLineupPool(
      [...rosters.map((ids, t) => actualRoster(t, ids)), actualRoster(FREE_AGENT_ROSTER, freeAgents)],
      SLOTS,
    );
    const tradeScorer = new TradeScorer({ rosters: teams, slots: SLOTS });

    for (const team of sampledTeams(index, options.teamsPerWeek)) {
      teamWeeks++;
      const pick = (id: string, dropped?: readonly string[]): PickRecord => {
        const leaving =
          dropped ??
          scorer.side(team, [], [scorer.pool.indexOf(id)!]).dropped.map((p) => scorer.pool.ids[p]!);
        return {
          id,
          position: view.projectionOf(id)!.position,
          added: actualChange(actual, team, leaving, [id]),
        };
      };
      const ranked = rankFreeAgents(
        {
          view,
          scorer,
          lineups,
          standings,
          schedule: schedule.slice(index),
          team,
          settings: options.settings,
        },
        candidates,
      );
      const ours = ranked[0];
      if (ours) {
        pickups.push({
          season: season.season,
          week,
          team,
          ours: pick(ours.id, ours.dropped),
          thisWeek: pick(baselines.thisWeek),
          restOfSeason: pick(baselines.restOfSeason),
        });
      }
      const search = findWinWinTradesWith(tradeScorer, team, { limit: TRADE_SUGGESTION_LIMIT });
      search.trades.slice(0, options.tradesScored).forEach((trade, rank) => {
        trades.push({
          season: season.season,
          week,
          team,
          rank,
          projectedYou: trade.you.deltaRosPoints,
          projectedPartner: trade.partner.deltaRosPoints,
          actualYou: actualChange(actual, team, [...trade.give, ...trade.you.dropped], trade.get),
          actualPartner: actualChange(
            actual,
            trade.partnerRosterId,
            [...trade.get, ...trade.partner.dropped],
            trade.give,
          ),
        });
      });
    }

    const points = season.actual.get(week);
    const scores = lineups.map((lineup) => sum((lineup.starters[0] ?? []).map((id) => points?.get(id) ?? 0)));
    recordWeek(standings, schedule[index]!, scores);
  });
  return { season: season.season, lastWeek: view.lastWeek, teamWeeks, pickups, trades };
}
