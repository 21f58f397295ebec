import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nflDataDir, readFixture } from '../../../test/fakes/fixtures.js';
import { matchPlayers, toSearchName, toTeamCode } from './player-matching.js';
import { type SleeperPlayerDirectory, sleeperPlayerDirectorySchema } from './schemas.js';

interface NflPlayer {
  nflId: string;
  fullName: string;
  position: string;
  team: string;
}

/** Minimal reader for the NFL.com weekly CSVs: name, id, position and team columns only. */
function readNflPlayers(season: number, week: number): NflPlayer[] {
  const players: NflPlayer[] = [];
  for (const position of ['QB', 'RB', 'WR', 'TE', 'K']) {
    const lines = readFileSync(path.join(nflDataDir, String(season), String(week), `${position}.csv`), 'utf8')
      .trim()
      .split(/\r?\n/);
    for (const line of lines.slice(1)) {
      const [fullName, nflId, pos, team] = line.split(',');
      if (fullName && nflId && pos && team) players.push({ nflId, fullName, position: pos, team });
    }
  }
  return players;
}

const directory = sleeperPlayerDirectorySchema.parse({
  ...readFixture('sleeper/players_nfl_sample.json'),
  ...readFixture('sleeper/players_nfl_sample_2025_week1.json'),
});
const nflPlayers = readNflPlayers(2024, 1);

describe('toSearchName', () => {
  it('lower-cases and strips punctuation, accents and generational suffixes', () => {
    expect(toSearchName('D.J. Moore')).toBe('dj moore');
    expect(toSearchName('DJ Moore')).toBe('dj moore');
    expect(toSearchName('Kenneth Walker III')).toBe('kenneth walker');
    expect(toSearchName('Marvin Harrison Jr.')).toBe('marvin harrison');
    expect(toSearchName("Ja'Marr Chase")).toBe('jamarr chase');
    expect(toSearchName('Amon-Ra St. Brown')).toBe('amon ra st brown');
    expect(toSearchName('Aaron Jones Sr.')).toBe('aaron jones');
    expect(toSearchName('José  Núñez')).toBe('jose nunez');
    expect(toSearchName('V')).toBe('v');
  });

  it('maps alternative team codes to Sleeper codes and FA to none', () => {
    expect(toTeamCode('JAC')).toBe('JAX');
    expect(toTeamCode('wsh')).toBe('WAS');
    expect(toTeamCode('FA')).toBeNull();
    expect(toTeamCode(null)).toBeNull();
  });
});

describe('matchPlayers on the recorded Sleeper directory and NFL.com 2024 week 1', () => {
  const result = matchPlayers(directory, nflPlayers);

  it('links well-known players to their Sleeper ids', () => {
    const sleeperIdOf = (nflName: string) =>
      result.matches.find((m) => m.player.fullName === nflName)?.sleeperId;
    const expectMatch = (nflName: string) => {
      const id = sleeperIdOf(nflName);
      expect(id, nflName).toBeDefined();
      expect(toSearchName(directory[id!]!.full_name!)).toBe(toSearchName(nflName));
    };
    expectMatch('Josh Allen');
    expect(sleeperIdOf('Josh Allen')).toBe('4984');
    const withSuffix = nflPlayers.filter((p) => /\b(Jr\.?|Sr\.?|II|III|IV)$/.test(p.fullName));
    const suffixMatches = result.matches.filter((m) => withSuffix.includes(m.player));
    expect(suffixMatches.length).toBeGreaterThan(0);
  });

  it('never gives one Sleeper id to two players, and only pairs equal names and positions', () => {
    const ids = result.matches.map((m) => m.sleeperId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const match of result.matches) {
      const entry = directory[match.sleeperId]!;
      const positions = [entry.position, ...(entry.fantasy_positions ?? [])];
      expect(positions).toContain(match.player.position);
      if (match.method === 'name' || match.method === 'name+team') {
        expect(toSearchName(entry.full_name!)).toBe(toSearchName(match.player.fullName));
      }
    }
  });

  it('reports the match rate overall and by position', () => {
    const { report } = result;
    expect(report.eligible).toBe(nflPlayers.length);
    expect(report.matched).toBe(result.matches.length);
    expect(report.matched + result.unmatched.length).toBe(report.eligible);
    expect(report.rate).toBeCloseTo(report.matched / report.eligible, 10);
    expect(Object.keys(report.byPosition).sort()).toEqual(['K', 'QB', 'RB', 'TE', 'WR']);
    const sum = Object.values(report.byPosition).reduce((total, rate) => total + rate.matched, 0);
    expect(sum).toBe(report.matched);
    console.warn('[player matching] NFL.com 2024 w1 → Sleeper sample', JSON.stringify(report));
    // Seen from the Sleeper side: players of the directory sample who were in the league in 2024.
    const veterans = Object.entries(directory).filter(
      ([, p]) => (p.years_exp ?? 0) >= 2 && ['QB', 'RB', 'WR', 'TE', 'K'].includes(p.position ?? ''),
    );
    const matchedIds = new Set(result.matches.map((m) => m.sleeperId));
    const covered = veterans.filter(([id]) => matchedIds.has(id)).length;
    console.warn(
      `[player matching] Sleeper veterans found in NFL.com 2024 w1: ${covered}/${veterans.length}`,
    );
    expect(covered / veterans.length).toBeGreaterThan(0.8);
  });
});

describe('matchPlayers tie-breaks', () => {
  const twins: SleeperPlayerDirectory = {
    '100': { full_name: 'Mike Williams', position: 'WR', team: 'PIT' },
    '200': { full_name: 'Mike Williams', position: 'WR', team: 'NYJ' },
    '300': { full_name: 'Gabriel Davis', position: 'WR', team: 'BUF' },
    '400': { full_name: 'Travis Kelce', position: 'TE', team: 'KC' },
    KC: { first_name: 'Kansas City', last_name: 'Chiefs', position: 'DEF', team: 'KC' },
  };

  it('uses the team to choose between two players with the same name and position', () => {
    const { matches, report } = matchPlayers(twins, [
      { fullName: 'Mike Williams', position: 'WR', team: 'NYJ' },
    ]);
    expect(matches[0]).toMatchObject({ sleeperId: '200', method: 'name+team' });
    expect(report.ambiguous).toBe(0);
  });

  it('leaves a same-name pair unmatched when the team does not decide', () => {
    const { matches, report } = matchPlayers(twins, [
      { fullName: 'Mike Williams', position: 'WR', team: 'FA' },
    ]);
    expect(matches).toEqual([]);
    expect(report.ambiguous).toBe(1);
  });

  it('does not match across positions, and falls back to initial + team for nicknames', () => {
    const { matches } = matchPlayers(twins, [
      { fullName: 'Travis Kelce', position: 'WR', team: 'KC' },
      { fullName: 'Gabe Davis', position: 'WR', team: 'BUF' },
      { fullName: 'Gabe Davis', position: 'WR', team: 'JAX' },
      { fullName: 'Chiefs D/ST', position: 'DEF', team: 'KC' },
    ]);
    expect(matches.map((m) => [m.player.team, m.sleeperId, m.method])).toEqual([
      ['BUF', '300', 'initial+team'],
      ['KC', 'KC', 'team-defense'],
    ]);
  });

  it('gives a contested Sleeper id to nobody', () => {
    const { matches, unmatched } = matchPlayers(twins, [
      { fullName: 'Travis Kelce', position: 'TE', team: 'KC' },
      { fullName: 'Travis Kelce', position: 'TE', team: 'KC' },
    ]);
    expect(matches).toEqual([]);
    expect(unmatched).toHaveLength(2);
  });
});
