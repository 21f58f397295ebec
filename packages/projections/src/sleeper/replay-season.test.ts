import { describe, expect, it } from 'vitest';
import { readNflDataDir } from '../files/read-nfl-data-dir.js';
import { projectWeekFromHistory } from '../model/project-week.js';
import { scoreStatLine } from '../scoring/score-stat-line.js';
import { PPR, SCORING_PRESETS } from '../scoring/scoring-rules.js';
import { STAT_KEYS } from '../stats/stat-line.js';
import { NFL_DATA_DIR } from '../testing/nfl-data.js';
import { buildReplaySeason, replayPlayerId } from './replay-season.js';
import { opponentsFromSleeperStats } from './sleeper-opponents.js';
import { statLineFromSleeper } from './sleeper-stats.js';
import { modelWeekFromSleeper, numericSleeperId } from './sleeper-weeks.js';

// 2024 as the current season at week 9, 2023 as the one before.
const { weeks } = readNflDataDir(NFL_DATA_DIR, { seasons: [2023, 2024], through: { season: 2024, week: 9 } });
const replay = buildReplaySeason(weeks, 2024, { currentWeek: 9 });
const week1 = weeks.find((week) => week.season === 2024 && week.week === 1)!;
const ALLEN = 2560955;

describe('buildReplaySeason (2024 at week 9, from the NFL.com files)', () => {
  it('lists every player of the season under an id that is not his NFL.com id, and the 32 defenses', () => {
    const allen = replay.players[replayPlayerId(ALLEN)];
    expect(allen).toMatchObject({ full_name: 'Josh Allen', position: 'QB', team: 'BUF', active: true });
    expect(replayPlayerId(ALLEN)).not.toBe(String(ALLEN));
    const defenses = Object.values(replay.players).filter((player) => player.position === 'DEF');
    expect(defenses).toHaveLength(32);
    expect(replay.players.KC).toMatchObject({ first_name: 'Kansas City', last_name: 'Chiefs', team: 'KC' });
  });

  it('serves each played week’s lines in Sleeper’s keys that read back to the same line and points', () => {
    expect(Object.keys(replay.stats).map(Number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const line of week1.actual ?? []) {
      const served = replay.stats[1]?.[replayPlayerId(line.nflId)] ?? {};
      const back = statLineFromSleeper(served, line.position).line;
      for (const key of STAT_KEYS)
        if (key !== 'touches' && key !== 'receptionPct' && key !== 'rzG2g' && key !== 'rzTouches')
          expect(back[key], key).toBeCloseTo(line[key], 6);
      expect(served.pts_ppr).toBeCloseTo(scoreStatLine(line, SCORING_PRESETS.ppr, line.position), 2);
    }
  });

  it('synthesizes each defense from the offense it faced, pairable by its yards as Sleeper’s rows are', () => {
    // Ravens at Chiefs, 2024 week 1: Baltimore's offense scored 20 (2 TD + 2 PAT + 2 FG)
    const kc = replay.stats[1]?.KC ?? {};
    expect(kc).toMatchObject({ pts_allow: 20, pts_allow_14_20: 1, gp: 1 });
    expect(opponentsFromSleeperStats(replay.stats[1] ?? {}).get('KC')).toBe('BAL');
    const defense = statLineFromSleeper(kc, 'DEF').line;
    expect(kc.pts_ppr).toBe(scoreStatLine(defense, PPR, 'DEF'));
  });

  it('projects players with NFL.com’s projected line, and defenses with their season-to-date average', () => {
    const projected = week1.projected.find((row) => row.nflId === ALLEN)!;
    const served = replay.projections[1]?.[replayPlayerId(ALLEN)] ?? {};
    expect(served.pass_yd).toBeCloseTo(projected.stats.passYd, 6);
    expect(served.pts_ppr).toBeCloseTo(scoreStatLine(projected.stats, PPR, 'QB'), 2);
    const allowed = [1, 2, 3].map((week) => replay.stats[week]?.KC?.pts_allow ?? Number.NaN);
    expect(replay.projections[4]?.KC?.pts_allow).toBeCloseTo(
      (allowed[0]! + allowed[1]! + allowed[2]!) / 3,
      6,
    );
    // week 1 has no 2024 games yet: last season's average stands in
    expect(replay.projections[1]?.KC?.pts_allow).toBeGreaterThan(0);
  });

  it('marks players NFL.com projects at 0 in the current week as out', () => {
    const week9 = weeks.find((week) => week.season === 2024 && week.week === 9)!;
    const out = week9.projected.find((row) => row.nflcomPoints === 0)!;
    expect(replay.players[replayPlayerId(out.nflId)]?.injury_status).toBe('Out');
  });
});

describe('the model on Sleeper-shaped data alone', () => {
  const modelWeeks = Object.keys(replay.projections)
    .map(Number)
    .map((week) =>
      modelWeekFromSleeper({
        season: 2024,
        week,
        directory: replay.players,
        projections: replay.projections[week] ?? null,
        stats: week < 9 ? (replay.stats[week] ?? null) : null,
      }),
    );

  it('projects the current week for every position, defenses included', () => {
    const current = modelWeeks.find((week) => week.week === 9)!;
    const projections = projectWeekFromHistory(modelWeeks, current);
    const positions = new Set(projections.map((projection) => projection.position));
    expect([...positions].sort()).toEqual(['DEF', 'K', 'QB', 'RB', 'TE', 'WR']);
    const chiefs = projections.find((projection) => projection.playerId === numericSleeperId('KC'));
    expect(chiefs?.predMean).toBeGreaterThan(0);
  });

  it('is the expert’s own projection while there is too little history to weigh a fit', () => {
    const third = modelWeeks.find((week) => week.week === 3)!;
    const projections = projectWeekFromHistory(modelWeeks, third);
    for (const projection of projections) {
      // the same figure, rounded to the hundredth as published
      const expert = Math.max(0, projection.experts.sleeper ?? 0);
      expect(Math.abs(projection.predMean - expert), projection.name).toBeLessThanOrEqual(0.005 + 1e-9);
    }
  });
});
