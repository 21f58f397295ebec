import { scoreStatLine, statLineFromSleeper } from '@fm/projections';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fakes/fixtures.js';
import { toSleeperScoring, unsupportedYahooScoring, yahooStatsAsSleeper } from './scoring.js';

interface RecordedStats {
  fantasy_content: {
    league: [
      unknown,
      {
        players: Record<
          string,
          {
            player: [
              unknown,
              {
                player_stats: { stats: { stat: { stat_id: string; value: string } }[] };
                player_points: { total: string };
              },
            ];
          }
        >;
      },
    ];
  };
}

/** Aaron Rodgers' week 1 of 2024 in a Yahoo league: his raw stats by Yahoo stat id and the league's points. */
function recordedRodgers() {
  const body = readFixture<RecordedStats>('yahoo/players_stats_week1.json');
  const [, sub] = body.fantasy_content.league[1].players['0']!.player;
  const stats = Object.fromEntries(
    sub.player_stats.stats.map(({ stat }) => [stat.stat_id, Number(stat.value)]),
  );
  return { stats, points: Number(sub.player_points.total) };
}

describe("a Yahoo league's stat modifiers, mapped to our rules and applied by our scorer", () => {
  it("give Yahoo's points for a recorded week-1 line", () => {
    // The league's own settings are not recorded: these are Yahoo's standard ones with 2 lost for an interception
    // (with Yahoo's default of 1, his 167 passing yards, a TD, an interception and -1 rushing would be 9.58).
    const modifiers = {
      4: 0.04,
      5: 4,
      6: -2,
      9: 0.1,
      10: 6,
      11: 0.5,
      12: 0.1,
      13: 6,
      15: 6,
      16: 2,
      18: -2,
      57: 6,
    };
    const { stats, points } = recordedRodgers();
    const line = statLineFromSleeper(yahooStatsAsSleeper(stats), 'QB').line;
    expect(scoreStatLine(line, toSleeperScoring(modifiers), 'QB')).toBeCloseTo(points, 6);
    expect(points).toBe(8.58);
  });

  it("score a team defense by Yahoo's points-allowed ranges, which are Sleeper's", () => {
    const scoring = toSleeperScoring({ 32: 1, 33: 2, 50: 10, 53: 1, 54: 0, 56: -4, 74: -1 });
    const line = statLineFromSleeper(yahooStatsAsSleeper({ 31: 17, 32: 3, 33: 1, 69: 320 }), 'DEF').line;
    // 3 sacks, an interception, 14–20 points allowed, 300–399 yards allowed
    expect(scoreStatLine(line, scoring, 'DEF')).toBe(3 + 2 + 1 - 1);
  });

  it('list the scored stats they cannot apply, and only those', () => {
    // 14 return yards and 58 pick-sixes thrown have no rule; 0-point stats are not listed
    expect(unsupportedYahooScoring({ 4: 0.04, 5: 4, 14: 0.04, 58: -2, 66: 0, 50: 10 })).toEqual([
      'yahoo_14',
      'yahoo_58',
    ]);
  });
});
