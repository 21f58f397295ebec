import { type Position, scoreStatLine, statLineFromSleeper } from '@fm/projections';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fakes/fixtures.js';
import { ESPN_ACTUAL_STATS, ESPN_PROJECTED_STATS, ESPN_WEEK_SPLIT } from './ids.js';
import { type EspnScoringItem, toSleeperScoring, unsupportedEspnScoring } from './scoring.js';
import { espnLeagueSchema, type EspnPlayer } from './schemas.js';
import { espnPosition, espnStatsAsSleeper } from './stat-lines.js';

const raw = readFixture<{ settings: { scoringSettings: { scoringItems: EspnScoringItem[] } } }>(
  'espn/league_2023_week1_modular.json',
);
const items = raw.settings.scoringSettings.scoringItems;
const rules = toSleeperScoring(items);
const league = espnLeagueSchema.parse(raw);
const rostered: EspnPlayer[] = league.schedule
  .flatMap((item) => [item.home, item.away])
  .flatMap((side) => side?.rosterForCurrentScoringPeriod?.entries ?? [])
  .map((entry) => entry.playerPoolEntry.player);
/** Players not on a roster of a 2018 league, with their week-1 actual stats and that league's points. */
const freeAgents2018 = readFixture<{ players: { player: EspnPlayer }[] }>(
  'espn/espnapi_league_free_agents_2018.json',
).players.map((entry) => entry.player);

/** The lineup slot whose points override applies to a position (ESPN's slot ids). */
const SLOT_OF: Record<Position, string> = { QB: '0', RB: '2', WR: '4', TE: '6', K: '17', DEF: '16' };

/** ESPN's own rule: every raw stat times the points of its scoring item, the player's slot overriding. */
function espnPoints(stats: Record<string, number>, position: Position): number {
  let total = 0;
  for (const item of items) {
    const points = item.pointsOverrides?.[SLOT_OF[position]] ?? item.points;
    total += (stats[String(item.statId)] ?? 0) * points;
  }
  return total;
}

function weekStats(player: EspnPlayer, source: number) {
  return player.stats.find(
    (stat) =>
      stat.statSourceId === source && stat.statSplitTypeId === ESPN_WEEK_SPLIT && stat.scoringPeriodId === 1,
  );
}

const ourPoints = (stats: Record<string, number>, position: Position) =>
  scoreStatLine(statLineFromSleeper(espnStatsAsSleeper(stats, position), position).line, rules, position);

describe("an ESPN league's scoring items, mapped to our rules and applied by our scorer", () => {
  it("give ESPN's own points for every rostered player's week-1 projection but the D/STs'", () => {
    const players = rostered.filter((player) => espnPosition(player) !== 'DEF');
    expect(players.length).toBeGreaterThan(130);
    for (const player of players) {
      const stat = weekStats(player, ESPN_PROJECTED_STATS)!;
      const position = espnPosition(player)!;
      // ESPN's rule reproduces ESPN's total, so it can stand for ESPN on lines it has not scored
      expect(espnPoints(stat.stats!, position), player.fullName).toBeCloseTo(stat.appliedTotal!, 3);
      expect(ourPoints(stat.stats!, position), player.fullName).toBeCloseTo(stat.appliedTotal!, 3);
    }
  });

  it('give ESPN’s points for week-1 actual lines (players and D/STs) wherever no listed-unsupported setting is met', () => {
    const unsupported = new Set(unsupportedEspnScoring(items).map((key) => key.replace('espn_', '')));
    let equal = 0;
    let lines = 0;
    const explained: string[] = [];
    for (const player of freeAgents2018) {
      const position = espnPosition(player);
      const stat = weekStats(player, ESPN_ACTUAL_STATS);
      if (!position || !stat?.stats) continue;
      lines++;
      const touched = Object.keys(stat.stats).filter((id) => unsupported.has(id) && stat.stats![id] !== 0);
      const ours = ourPoints(stat.stats, position);
      if (Math.abs(ours - espnPoints(stat.stats, position)) < 1e-6) equal++;
      else {
        expect(touched, `${player.fullName}: ${ours}`).not.toEqual([]);
        explained.push(player.fullName ?? String(player.id));
      }
    }
    // 49 lines, 6 of D/STs; the Patriots allowed 20, a range ESPN scores 0 and this league's 14–17 1
    expect(lines).toBe(49);
    expect(equal).toBe(48);
    expect(explained).toEqual(['Patriots D/ST']);
  });

  it("give the 2018 league's own totals except a passing touchdown, which it scores 6 and this league 4", () => {
    const passTouchdownsOf = (stats: Record<string, number>) => stats['4'] ?? 0;
    for (const player of freeAgents2018) {
      const position = espnPosition(player);
      const stat = weekStats(player, ESPN_ACTUAL_STATS);
      if (!position || position === 'DEF' || !stat?.stats) continue;
      const ours = ourPoints(stat.stats, position) + 2 * passTouchdownsOf(stat.stats);
      expect(ours, player.fullName).toBeCloseTo(stat.appliedTotal!, 3);
    }
  });

  it('list the settings they cannot apply: an unknown stat, 18–21 and 46+ points allowed', () => {
    const unsupported = unsupportedEspnScoring(items);
    expect(unsupported).toEqual(expect.arrayContaining(['espn_121', 'espn_125', 'espn_209']));
    for (const applied of [3, 4, 20, 24, 25, 42, 43, 53, 72, 89, 92, 95, 99, 101, 124, 128, 136]) {
      expect(unsupported).not.toContain(`espn_${applied}`);
    }
  });

  it('turn ESPN’s yardage ranges into Sleeper’s cumulative thresholds, and flag points by slot it cannot apply', () => {
    const scoring = toSleeperScoring([
      { statId: 17, points: 2 },
      { statId: 18, points: 5 },
    ]);
    expect(scoring).toEqual({ bonus_pass_yd_300: 2, bonus_pass_yd_400: 3 });
    expect(unsupportedEspnScoring([{ statId: 17, points: 2 }])).toEqual([]);
    // passing yards worth more for a QB in the superflex slot (7): our rules have one value per stat
    expect(unsupportedEspnScoring([{ statId: 3, points: 0.04, pointsOverrides: { '7': 0.05 } }])).toEqual([
      'espn_3',
    ]);
    // return touchdowns: kick and punt feed one rule, so they must score alike
    expect(
      unsupportedEspnScoring([
        { statId: 101, points: 6 },
        { statId: 102, points: 4 },
      ]),
    ).toEqual(['espn_102']);
  });
});
