import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NFL_DATA_DIR } from '../testing/nfl-data.js';
import { readNflDataDir } from './read-nfl-data-dir.js';

describe('readNflDataDir', () => {
  it('reads the shared data: 2024 week 17 has projections but no results yet', () => {
    const { weeks, errors } = readNflDataDir(NFL_DATA_DIR, {
      seasons: [2024],
      through: { season: 2024, week: 17 },
    });
    expect(errors).toEqual([]);
    const last = weeks.at(-1);
    expect(last).toMatchObject({ season: 2024, week: 17, actual: null });
    expect(last?.projected.length).toBeGreaterThan(500);
    expect(weeks.filter((week) => week.actual !== null)).toHaveLength(16);
  });

  const root = mkdtempSync(path.join(tmpdir(), 'nfl-data-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('passes malformed lines on with their file, and keeps the rest', () => {
    mkdirSync(path.join(root, '2030/2/projected'), { recursive: true });
    writeFileSync(
      path.join(root, '2030/2/TE.csv'),
      'PlayerName,PlayerId,Pos,Team,PlayerOpponent,ReceivingRec\nA,1,TE,KC,DEN,4\nB,x,TE,KC,DEN,2\n',
    );
    const { weeks, errors } = readNflDataDir(root);
    expect(weeks).toHaveLength(1);
    expect(weeks[0]?.actual?.map((row) => row.nflId)).toEqual([1]);
    expect(weeks[0]?.projected).toEqual([]);
    expect(errors).toEqual([
      { file: path.join(root, '2030/2/TE.csv'), line: 3, message: "invalid PlayerId 'x'" },
    ]);
  });
});
