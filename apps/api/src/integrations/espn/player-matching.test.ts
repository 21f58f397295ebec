import { readNflDataDir } from '@fm/projections/files';
import { describe, expect, it } from 'vitest';
import { nflDataDir, readFixture } from '../../../test/fakes/fixtures.js';
import type { SleeperPlayerDirectory } from '../sleeper/schemas.js';
import { ESPN_PRO_TEAMS } from './ids.js';
import { linkEspnPlayers } from './player-matching.js';
import { espnLeagueSchema } from './schemas.js';

const league = espnLeagueSchema.parse(readFixture('espn/league_2023_week1_modular.json'));
const rostered = league.schedule
  .flatMap((item) => [item.home!, item.away!])
  .flatMap((side) => side.rosterForCurrentScoringPeriod!.entries)
  .map((entry) => entry.playerPoolEntry.player);

/**
 * Our player directory as the NFL.com import holds it on the fixture league's week (2021 to 2023 week 1):
 * every player with his latest team, keyed by NFL.com id, plus the 32 team defenses. ESPN ids are absent,
 * so every link below is made by name, position and team.
 */
function ourPlayersThrough2023Week1(): SleeperPlayerDirectory {
  const { weeks } = readNflDataDir(nflDataDir, {
    seasons: [2021, 2022, 2023],
    through: { season: 2023, week: 1 },
  });
  const directory: SleeperPlayerDirectory = {};
  for (const week of weeks) {
    for (const row of [...week.projected, ...(week.actual ?? [])]) {
      directory[String(row.nflId)] = { full_name: row.name, position: row.position, team: row.team };
    }
  }
  for (const team of ESPN_PRO_TEAMS.values()) directory[team] = { position: 'DEF', team };
  return directory;
}

describe('linking ESPN players to our players (fixture league, 2023 week 1)', () => {
  it('links at least 99 % of the 150 rostered players by name, position and pro team', () => {
    const links = linkEspnPlayers(ourPlayersThrough2023Week1(), rostered);
    const linked = rostered.filter((player) => links.sleeperIdByEspnId.has(String(player.id)));
    const missing = rostered.filter((player) => !links.sleeperIdByEspnId.has(String(player.id)));
    expect(rostered).toHaveLength(150);
    expect(missing.map((player) => player.fullName)).toEqual([]);
    expect(linked.length / rostered.length).toBeGreaterThanOrEqual(0.99);
    // Ten starting D/STs and one on a bench.
    expect(links.report.byPosition.DEF).toEqual({ eligible: 11, matched: 11, rate: 1 });
  });

  it('links team defenses to their team and a player to the right one of two namesakes', () => {
    const bills = rostered.find((player) => player.defaultPositionId === 16 && player.proTeamId === 2)!;
    const directory: SleeperPlayerDirectory = {
      BUF: { position: 'DEF', team: 'BUF' },
      '100': { full_name: 'Saquon Barkley', position: 'RB', team: 'NYG' },
      '101': { full_name: 'Saquon Barkley', position: 'RB', team: 'PHI' },
    };
    const saquon = rostered.find((player) => player.fullName === 'Saquon Barkley')!;
    const links = linkEspnPlayers(directory, [bills, saquon]);
    expect(links.sleeperIdByEspnId.get(String(bills.id))).toBe('BUF');
    expect(links.sleeperIdByEspnId.get(String(saquon.id))).toBe('100');
  });

  it("prefers the directory's own espn_id over a name match", () => {
    const saquon = rostered.find((player) => player.fullName === 'Saquon Barkley')!;
    const directory: SleeperPlayerDirectory = {
      '4866': { full_name: 'S. Barkley', position: 'RB', team: 'NYG', espn_id: saquon.id },
      '9999': { full_name: 'Saquon Barkley', position: 'RB', team: 'NYG' },
    };
    const links = linkEspnPlayers(directory, [saquon]);
    expect(links.sleeperIdByEspnId.get(String(saquon.id))).toBe('4866');
    expect(links.linkedByEspnId).toBe(1);
  });
});
