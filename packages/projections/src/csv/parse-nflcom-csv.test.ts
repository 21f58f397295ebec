import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NFL_DATA_DIR } from '../testing/nfl-data.js';
import { parseProjectedCsv, parseWeeklyCsv } from './parse-nflcom-csv.js';

const WEEKLY_HEADER =
  'PlayerName,PlayerId,Pos,Team,PlayerOpponent,PassingYDS,PassingTD,PassingInt,RushingYDS,RushingTD,ReceivingRec,ReceivingYDS,ReceivingTD,RetTD,FumTD,2PT,Fum,FanPtsAgainst-pts,TouchCarries,TouchReceptions,Touches,TargetsReceptions,Targets,ReceptionPercentage,RzTarget,RzTouch,RzG2G,Rank,TotalPoints';
const source = { file: '2024/3/WR.csv', season: 2024, week: 3 };

describe('parseWeeklyCsv', () => {
  it('reads empty cells as 0, a leading @ as an away game, and skips Bye rows', () => {
    const text = [
      WEEKLY_HEADER,
      'Away Receiver,100,WR,KC,@LA,,,,,,7,88,1,,,,,0,,7,7,7,10,70,2,1,,1,20.8',
      'Resting Receiver,101,WR,FA,Bye,,,,,,,,,,,,,,,,,,,,,,,2,0',
      'Home Receiver,102,WR,LA,KC,,,,3,,2,15,,,,,1,0,1,2,3,2,4,50,,,,3,0',
    ].join('\n');
    const { rows, errors } = parseWeeklyCsv(text, source);
    expect(errors).toEqual([]);
    expect(rows.map((row) => row.name)).toEqual(['Away Receiver', 'Home Receiver']);
    const [away, home] = rows;
    expect(away).toMatchObject({
      nflId: 100,
      position: 'WR',
      team: 'KC',
      opponent: 'LAR',
      isHome: false,
      season: 2024,
      week: 3,
      rec: 7,
      recYd: 88,
      recTd: 1,
      passYd: 0,
      rushYd: 0,
      fumLost: 0,
      touches: 7,
      targets: 10,
      receptionPct: 70,
      rzTargets: 2,
      rzTouches: 1,
      rzG2g: 0,
      patMade: 0,
    });
    expect(home).toMatchObject({
      team: 'LAR',
      opponent: 'KC',
      isHome: true,
      rushYd: 3,
      carries: 1,
      fumLost: 1,
    });
  });

  it('reports a malformed row with its file and line and keeps the other rows', () => {
    const text = [
      WEEKLY_HEADER,
      'Good One,200,RB,DAL,NYG,,,,80,1,,,,,,,,0,15,,15,,,,,,,1,14',
      'Short Row,201,RB,DAL,NYG,,,',
      'Bad Number,202,RB,DAL,NYG,,,,eighty,,,,,,,,,0,,,,,,,,,,2,0',
      'Good Two,203,RB,NYG,@DAL,,,,12,,1,9,,,,,,0,4,1,5,1,2,50,,,,3,3.1',
      '',
    ].join('\n');
    const { rows, errors } = parseWeeklyCsv(text, source);
    expect(rows.map((row) => row.nflId)).toEqual([200, 203]);
    expect(errors).toEqual([
      { file: '2024/3/WR.csv', line: 3, message: expect.stringContaining('fields') },
      {
        file: '2024/3/WR.csv',
        line: 4,
        message: expect.stringContaining("RushingYDS is not a number: 'eighty'"),
      },
    ]);
  });

  it('rejects a file without the identity columns as a whole', () => {
    const { rows, errors } = parseWeeklyCsv('Name,Points\nSomeone,12\n', source);
    expect(rows).toEqual([]);
    expect(errors).toEqual([
      { file: '2024/3/WR.csv', line: 1, message: expect.stringContaining('PlayerId') },
    ]);
  });

  it('parses a real weekly file into typed rows', () => {
    const file = path.join(NFL_DATA_DIR, '2024/1/QB.csv');
    const { rows, errors } = parseWeeklyCsv(readFileSync(file, 'utf8'), { file, season: 2024, week: 1 });
    expect(errors).toEqual([]);
    // Josh Allen,2560955,QB,BUF,ARI,232,2,,39,2,,,,,,,1,31.18,9,,9,...
    expect(rows.find((row) => row.nflId === 2560955)).toMatchObject({
      name: 'Josh Allen',
      team: 'BUF',
      opponent: 'ARI',
      isHome: true,
      passYd: 232,
      passTd: 2,
      passInt: 0,
      rushYd: 39,
      rushTd: 2,
      fumLost: 1,
      carries: 9,
      touches: 9,
    });
  });
});

describe('parseProjectedCsv', () => {
  it('keeps the projected total (null when blank) and the projected stat line', () => {
    const text = [
      'PlayerName,PlayerId,Pos,Team,PlayerOpponent,PatMade,PatMissed,FgMade_0-19,FgMade_20-29,FgMade_30-39,FgMade_40-49,FgMade_50,FgMiss_0-19,FgMiss_20-29,FgMiss_30-39,PlayerWeekProjectedPts,ProjectedRank,Rank,TotalPoints,ProjectionDiff',
      'Leg One,300,K,PIT,@ATL,1.96,0.11,,0.39,0.5,0.39,0.28,,,,7.26,21,1,26.00,18.74',
      'Leg Two,301,K,SF,NYJ,2,,,,,,,,,,,,2,0,',
    ].join('\n');
    const { rows, errors } = parseProjectedCsv(text, { file: 'K_projected.csv', season: 2024, week: 1 });
    expect(errors).toEqual([]);
    expect(rows[0]).toMatchObject({ nflId: 300, isHome: false, opponent: 'ATL', nflcomPoints: 7.26 });
    expect(rows[0]?.stats).toMatchObject({
      patMade: 1.96,
      patMissed: 0.11,
      fgMade20_29: 0.39,
      fgMade50: 0.28,
    });
    expect(rows[1]?.nflcomPoints).toBeNull();
  });

  it("reads the 2021 files' RushingPassingYDS column as rushing yards", () => {
    const file = path.join(NFL_DATA_DIR, '2021/1/projected/QB_projected.csv');
    const { rows, errors } = parseProjectedCsv(readFileSync(file, 'utf8'), { file, season: 2021, week: 1 });
    expect(errors).toEqual([]);
    // Kyler Murray,2562382,QB,ARI,@TEN,289,1,4,20,,...,22.36 (columns PassingYDS,PassingInt,PassingTD,RushingPassingYDS)
    expect(rows.find((row) => row.nflId === 2562382)).toMatchObject({
      opponent: 'TEN',
      isHome: false,
      nflcomPoints: 22.36,
      stats: expect.objectContaining({ passYd: 289, passInt: 1, passTd: 4, rushYd: 20 }),
    });
  });
});
