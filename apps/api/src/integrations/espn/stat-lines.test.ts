import { PPR, scoreStatLine } from '@fm/projections';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fakes/fixtures.js';
import { espnLeagueSchema, type EspnPlayer } from './schemas.js';
import { espnPosition, espnProjectedLine, espnStatsAsSleeper } from './stat-lines.js';

const league = espnLeagueSchema.parse(readFixture('espn/league_2023_week1_modular.json'));
const rostered: EspnPlayer[] = league.schedule
  .flatMap((item) => [item.home, item.away])
  .flatMap((side) => side?.rosterForCurrentScoringPeriod?.entries ?? [])
  .map((entry) => entry.playerPoolEntry.player);

/** The recorded ESPN league's PPR differs from Sleeper's (our presets): an interception thrown costs 2, a missed PAT 0. */
const ESPN_PPR = { ...PPR, pass_int: -2, xpmiss: 0 };

describe("ESPN's projected stat lines", () => {
  it('score in PPR what ESPN itself scores them in the recorded PPR league, for every player but the D/STs', () => {
    const players = rostered.filter((player) => espnPosition(player) !== 'DEF');
    expect(players.length).toBeGreaterThan(130);
    for (const player of players) {
      const position = espnPosition(player)!;
      const line = espnProjectedLine(player, 1);
      const espnTotal = player.stats.find((stat) => stat.statSourceId === 1)?.appliedTotal;
      expect(line, player.fullName).not.toBeNull();
      // the league scores players as ESPN's PPR does (its D/STs also by yards allowed, which PPR does not)
      expect(scoreStatLine(line!, ESPN_PPR, position)).toBeCloseTo(espnTotal!, 3);
    }
  });

  it('are read for the week asked only, and not at all for a week ESPN did not project', () => {
    const player = rostered[0]!;
    expect(scoreStatLine(espnProjectedLine(player, 1)!, PPR, espnPosition(player)!)).toBeGreaterThan(0);
    expect(espnProjectedLine(player, 2)).toBeNull();
  });

  it('read a team defense’s total touchdowns once, not added to its parts', () => {
    // ESPN reports 94 (defensive TDs) = 103 (interception return TDs) + 104 (fumble return TDs)
    const stats = espnStatsAsSleeper({ '94': 0.3, '103': 0.2, '104': 0.1, '99': 2.5, '120': 21 }, 'DEF');
    expect(stats).toEqual({ def_td: 0.3, sack: 2.5, pts_allow: 21 });
  });

  it('put field goals under 40 yards in one band and leave unknown stats out', () => {
    expect(espnStatsAsSleeper({ '80': 1.2, '77': 0.5, '83': 1.7, '9999': 4 }, 'K')).toEqual({
      fgm_30_39: 1.2,
      fgm_40_49: 0.5,
      fgm: 1.7,
    });
  });
});
