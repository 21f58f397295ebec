import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CORRELATION_TABLE } from '../../../engine/src/correlation-table.js';
import { fitCorrelationTable } from './fit-correlations.js';
import { readSeasonWeeks } from './nfl-data-files.js';
import { buildPlayerWeeks, type PlayerWeek } from './player-weeks.js';
import { kickerPoints, offensivePprPoints } from './ppr-scoring.js';
import { parseCsvRows } from './weekly-rows.js';

const DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../shared/nfl-data');

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
    const weeks = [2024, 2025].flatMap((season) => readSeasonWeeks(DATA_DIR, season));
    expect(weeks.length).toBe(27);
    const fitted = fitCorrelationTable(weeks.flatMap(buildPlayerWeeks));
    expect(fitted.roles).toEqual(CORRELATION_TABLE.roles);
    expect(fitted.positions).toEqual(CORRELATION_TABLE.positions);
    expect(fitted.totalPairs).toBe(CORRELATION_TABLE.provenance.totalPairs);
  }, 60_000);
});

describe('PPR scoring of the weekly files', () => {
  it('scores a stat line as the README defines PPR', () => {
    const [allen] = parseCsvRows(
      'PlayerName,PlayerId,Pos,Team,PlayerOpponent,PassingYDS,PassingTD,PassingInt,RushingYDS,RushingTD,ReceivingRec,ReceivingYDS,ReceivingTD,RetTD,FumTD,2PT,Fum\r\n' +
        'Josh Allen,2560955,QB,BUF,ARI,232,2,,39,2,,,,,,,1\r\n',
    );
    expect(offensivePprPoints(allen!)).toBeCloseTo(0.04 * 232 + 8 + 3.9 + 12 - 2, 9);
    const [receiver] = parseCsvRows('ReceivingRec,ReceivingYDS,ReceivingTD,2PT\n7,88,1,1\n');
    expect(offensivePprPoints(receiver!)).toBeCloseTo(7 + 8.8 + 6 + 2, 9);
    const [kicker] = parseCsvRows(
      'PatMade,PatMissed,FgMade_20-29,FgMade_40-49,FgMade_50,FgMiss_30-39\n3,1,1,1,1,1\n',
    );
    expect(kickerPoints(kicker!)).toBe(3 - 1 + 3 + 4 + 5 - 1);
  });
});
