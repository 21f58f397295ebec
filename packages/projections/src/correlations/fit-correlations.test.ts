import { describe, expect, it } from 'vitest';
import { CORRELATION_TABLE } from '../../../engine/src/correlation-table.js';
import { parseProjectedCsv, parseWeeklyCsv } from '../csv/parse-nflcom-csv.js';
import { readNflDataDir } from '../files/read-nfl-data-dir.js';
import { NFL_DATA_DIR } from '../testing/nfl-data.js';
import { fitCorrelationTable } from './fit-correlations.js';
import { buildPlayerWeeks, type PlayerWeek } from './player-weeks.js';

// Deterministic Gaussian pairs with correlation rho (LCG uniforms, Box–Muller), to fit against a known answer.
function syntheticGames(rho: number, games: number): PlayerWeek[] {
  let state = 12345;
  const uniform = (): number => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return (state + 0.5) / 4294967296;
  };
  const normal = (): number => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  const weeks: PlayerWeek[] = [];
  for (let g = 0; g < games; g++) {
    const z1 = normal();
    const z2 = rho * z1 + Math.sqrt(1 - rho * rho) * normal();
    const base = { season: 2024, week: 1 + (g % 17), team: `T${g}`, opponent: `O${g}`, depthRank: 1 };
    const projectedQb = 12 + 10 * uniform();
    const projectedWr = 6 + 10 * uniform();
    weeks.push(
      {
        ...base,
        id: `qb${g}`,
        position: 'QB',
        projected: projectedQb,
        actual: projectedQb + 7 * Math.exp(0.3 * z1) - 7,
      },
      {
        ...base,
        id: `wr${g}`,
        position: 'WR',
        projected: projectedWr,
        actual: Math.max(0, projectedWr + 6 * z2),
      },
    );
  }
  return weeks;
}

describe('fitCorrelationTable', () => {
  it('recovers a known copula correlation (±0.05 from 3,000 pairs) through skewed and floored outcomes', () => {
    for (const rho of [0.45, -0.3]) {
      const fitted = fitCorrelationTable(syntheticGames(rho, 3000));
      const stack = fitted.roles.find(
        (entry) => entry.a === 'QB1' && entry.b === 'WR1' && entry.relation === 'teammate',
      );
      expect(stack?.n).toBe(3000);
      expect(Math.abs(stack!.rho - rho)).toBeLessThan(0.05);
    }
  });

  it('reproduces the engine’s committed table exactly from nfl-data 2024–2025 (the table is fitted, not typed in)', () => {
    const { weeks: allWeeks, errors } = readNflDataDir(NFL_DATA_DIR, { seasons: [2024, 2025] });
    const weeks = allWeeks.filter((week) => week.actual !== null);
    expect(errors).toEqual([]);
    expect(weeks.length).toBe(27);
    const fitted = fitCorrelationTable(weeks.flatMap(buildPlayerWeeks));
    expect(fitted.roles).toEqual(CORRELATION_TABLE.roles);
    expect(fitted.positions).toEqual(CORRELATION_TABLE.positions);
    expect(fitted.totalPairs).toBe(CORRELATION_TABLE.provenance.totalPairs);
  }, 60_000);
});

describe('player-weeks of a played week', () => {
  const source = { season: 2024, week: 3 };
  const header =
    'PlayerName,PlayerId,Pos,Team,PlayerOpponent,PassingYDS,PassingTD,PassingInt,RushingYDS,RushingTD,' +
    'ReceivingRec,ReceivingYDS,ReceivingTD,2PT,Fum,PatMade,PatMissed,FgMade_40-49,PlayerWeekProjectedPts\n';
  const week = {
    ...source,
    projected: parseProjectedCsv(
      header +
        'Josh Allen,1,QB,BUF,@MIA,250,2,1,30,0,,,,,,,,,20\n' +
        'Tyler Bass,2,K,BUF,@MIA,,,,,,,,,,,3,,1,8\n' +
        'Tua Tagovailoa,3,QB,MIA,BUF,240,1,1,,,,,,,,,,,15\n' +
        'Idle Backup,4,QB,MIA,BUF,,,,,,,,,,,,,,0\n',
      { ...source, file: 'projected.csv' },
    ).rows,
    actual: parseWeeklyCsv(
      header +
        'Josh Allen,1,QB,BUF,@MIA,232,2,,39,2,,,,,1,,,,\n' +
        'Tyler Bass,2,K,BUF,@MIA,,,,,,,,,,,4,1,1,\n' +
        'Tua Tagovailoa,3,QB,MIA,BUF,180,1,2,,,,,,,,,,,\n' +
        "De'Von Achane,5,RB,MIA,BUF,,,,40,1,3,20,1,1,,,,,\n",
      { ...source, file: 'actual.csv' },
    ).rows,
  };
  const players = buildPlayerWeeks(week);
  const byId = new Map(players.map((player) => [player.id, player]));

  it('scores players PPR with the product’s rules (Sleeper’s): a missed PAT costs a kicker 1', () => {
    expect(byId.get('1')?.actual).toBeCloseTo(0.04 * 232 + 8 + 3.9 + 12 - 2, 9);
    expect(byId.get('2')).toMatchObject({ position: 'K', projected: 3 + 4, actual: 4 - 1 + 4 });
    // Projected but without a line in the actual files: not a player-week.
    expect(byId.has('4')).toBe(false);
    expect(byId.get('3')).toMatchObject({ depthRank: 1, team: 'MIA', opponent: 'BUF' });
  });

  it('scores a defense from the offense it faced: points-allowed bracket plus 2 per takeaway', () => {
    // Buffalo's offense scored 2 rushing TDs, 4 PATs and a field goal (19 points: 14–20 → 0) and lost a fumble;
    // Miami's scored 2 TDs (a run and a catch) with a 2-point try (14 points) and threw 2 interceptions.
    expect(byId.get('DEF-MIA')).toMatchObject({ opponent: 'BUF', actual: 0 + 2 });
    expect(byId.get('DEF-BUF')).toMatchObject({ opponent: 'MIA', actual: 0 + 2 * 2 });
    // Projected: Buffalo's lines score 3 PATs and a field goal (6 points: 1–6 → 7), Miami's nothing (10); each
    // quarterback throws 1 interception.
    expect(byId.get('DEF-MIA')?.projected).toBe(7 + 2);
    expect(byId.get('DEF-BUF')?.projected).toBe(10 + 2);
  });

  it('has no player-weeks in a week not played yet', () => {
    expect(buildPlayerWeeks({ ...week, actual: null })).toEqual([]);
  });
});
