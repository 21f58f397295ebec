/**
 * ESPN as a second expert, measured on what the shared data allows: the players of the recorded ESPN
 * league (2023 week 1, projections recorded before kickoff) against what they then did
 * (`../shared/nfl-data/2023/1`).
 *
 * 1. ESPN's and NFL.com's projections against the actual PPR points, per position: ESPN's projected
 *    stat line (statSourceId 1, statSplitTypeId 1) read and scored exactly as the sync stores it;
 *    NFL.com's 2023 files carry a total only, in a half-PPR league's scoring, read as the model reads
 *    it (plus half a point per catch the player has been making). Also NFL.com in its own scoring
 *    (its total against the actual line scored half-PPR), which needs no conversion.
 * 2. Our model walking forward from 2021 week 1 (the backtest's walk), projecting 2023 week 1 with
 *    NFL.com alone and with ESPN beside it, on the same players. ESPN has no history in the data, so
 *    the fit cannot weigh it yet and the blend averages it in: this is ESPN's first week in the model.
 *
 * Run: `npm run bench:espn-projections` (apps/api).
 */
import path from 'node:path';
import {
  EXPERTS,
  hasPlayed,
  meanAbsoluteError,
  ModelWalk,
  modelWeekFromNflcom,
  PPR,
  rootMeanSquaredError,
  SCORING_PRESETS,
  scoreStatLine,
  sortWeeks,
  type Position,
  type ScoredPrediction,
  type WeekData,
} from '@fm/projections';
import { readNflDataDir } from '@fm/projections/files';
import { espnPosition, espnProjectedLine } from '../src/integrations/espn/stat-lines.js';
import { linkEspnPlayers } from '../src/integrations/espn/player-matching.js';
import { espnLeagueSchema, type EspnPlayer } from '../src/integrations/espn/schemas.js';
import type { SleeperPlayerDirectory } from '../src/integrations/sleeper/schemas.js';
import { nflDataDir, readFixture } from '../test/fakes/fixtures.js';

const SEASON = 2023;
const WEEK = 1;
const POSITIONS_MEASURED: readonly Position[] = ['QB', 'RB', 'WR', 'TE', 'K'];

const league = espnLeagueSchema.parse(readFixture('espn/league_2023_week1_modular.json'));
const rostered = new Map<number, EspnPlayer>();
for (const item of league.schedule) {
  for (const side of [item.home, item.away]) {
    for (const entry of side?.rosterForCurrentScoringPeriod?.entries ?? []) {
      rostered.set(entry.playerPoolEntry.player.id, entry.playerPoolEntry.player);
    }
  }
}
const espnPlayers = [...rostered.values()];
const teamDefenses = espnPlayers.filter((player) => espnPosition(player) === 'DEF').length;

const started = performance.now();
const { weeks } = readNflDataDir(path.resolve(nflDataDir), { through: { season: SEASON, week: WEEK } });
const modelWeeks = sortWeeks(weeks.map(modelWeekFromNflcom));
const target = modelWeeks.find((week) => week.season === SEASON && week.week === WEEK)!;
const nflcomWeek = weeks.find((week) => week.season === SEASON && week.week === WEEK)!;

// ESPN players → NFL.com ids, by the same matching the app uses against Sleeper's directory
const directory: SleeperPlayerDirectory = {};
for (const row of [...nflcomWeek.projected, ...(nflcomWeek.actual ?? [])]) {
  directory[String(row.nflId)] = { full_name: row.name, position: row.position, team: row.team };
}
const nflIdByEspnId = linkEspnPlayers(directory, espnPlayers).sleeperIdByEspnId;
const espnLineByNflId = new Map(
  espnPlayers.flatMap((player) => {
    const nflId = nflIdByEspnId.get(String(player.id));
    const line = espnProjectedLine(player, WEEK);
    return nflId && line ? [[Number(nflId), line] as const] : [];
  }),
);

/** The target week with ESPN's lines beside NFL.com's for the league's players. */
function withEspn(week: WeekData): WeekData {
  return {
    ...week,
    slate: week.slate.map((row) => {
      const line = espnLineByNflId.get(row.playerId);
      return line ? { ...row, experts: { ...row.experts, espn: { stats: line, total: null } } } : row;
    }),
  };
}

// the walk through every week before the target, then the target projected twice
const walk = new ModelWalk(PPR);
for (const week of modelWeeks) {
  if (week === target) break;
  walk.projectWithFeatures(week);
  walk.observe(week);
}
const nflcomOnly = walk.projectWithFeatures(target);
const withEspnBeside = walk.projectWithFeatures(withEspn(target));
const walkSeconds = (performance.now() - started) / 1000;

interface Row {
  position: Position;
  actual: number;
  espn: number;
  nflcom: number;
  /** NFL.com's published total and the actual points in the half-PPR scoring it is published in. */
  nflcomOwn: { projected: number; actual: number } | null;
  modelAlone: number;
  modelWithEspn: number;
  consensus: number;
}

const actualById = new Map((target.actual ?? []).map((line) => [line.playerId, line]));
const projectedById = new Map(nflcomWeek.projected.map((row) => [row.nflId, row]));
const rows: Row[] = [];
let withoutNflcom = 0;
let withoutGame = 0;
withEspnBeside.features.forEach((entry, index) => {
  const espn = entry.experts.espn;
  if (espn === null) return;
  const line = actualById.get(entry.row.playerId);
  const nflcom = entry.experts.nflcom;
  if (nflcom === null) return void withoutNflcom++;
  if (!line || !hasPlayed(line)) return void withoutGame++;
  const alone = nflcomOnly.projections[index]!;
  const published = projectedById.get(entry.row.playerId);
  rows.push({
    position: entry.row.position,
    actual: scoreStatLine(line, PPR, line.position),
    espn,
    nflcom,
    nflcomOwn:
      published?.nflcomPoints == null
        ? null
        : {
            projected: published.nflcomPoints,
            actual: scoreStatLine(line, SCORING_PRESETS.half, line.position),
          },
    modelAlone: alone.predMean,
    modelWithEspn: withEspnBeside.projections[index]!.predMean,
    consensus: entry.consensus ?? nflcom,
  });
});

const scored = (subset: readonly Row[], point: (row: Row) => number): ScoredPrediction[] =>
  subset.map((row) => ({ group: '', predicted: point(row), actual: row.actual }));
const errors = (subset: readonly Row[], point: (row: Row) => number) => {
  const predictions = scored(subset, point);
  return predictions.length === 0
    ? '–'
    : `${meanAbsoluteError(predictions).toFixed(2)} / ${rootMeanSquaredError(predictions).toFixed(2)}`;
};
const ownScoring = (subset: readonly Row[]) => {
  const own = subset.flatMap((row) =>
    row.nflcomOwn ? [{ group: '', predicted: row.nflcomOwn.projected, actual: row.nflcomOwn.actual }] : [],
  );
  return own.length === 0
    ? '–'
    : `${meanAbsoluteError(own).toFixed(2)} / ${rootMeanSquaredError(own).toFixed(2)} (n ${own.length})`;
};
const segments: [string, Row[]][] = [
  ...POSITIONS_MEASURED.map((position): [string, Row[]] => [
    position,
    rows.filter((row) => row.position === position),
  ]),
  ['all', rows],
];

console.log(
  `ESPN league ${league.id}, ${SEASON} week ${WEEK}: ${espnPlayers.length} rostered players ` +
    `(${teamDefenses} team defenses, which the NFL.com files do not cover); ` +
    `${espnLineByNflId.size} matched to NFL.com ids with an ESPN projected line; ` +
    `${rows.length} with NFL.com's projection and a game played ` +
    `(${withoutNflcom} without NFL.com's projection, ${withoutGame} without a game).`,
);
console.log('\n1. The experts against actual points (MAE / RMSE, PPR points):');
console.table(
  Object.fromEntries(
    segments.map(([label, subset]) => [
      label,
      {
        n: subset.length,
        ESPN: errors(subset, (row) => row.espn),
        'NFL.com (as the model reads it)': errors(subset, (row) => row.nflcom),
        'NFL.com (its own scoring)': ownScoring(subset),
        'mean actual': subset.length
          ? (subset.reduce((sum, row) => sum + row.actual, 0) / subset.length).toFixed(2)
          : '–',
      },
    ]),
  ),
);
console.log(
  `\n2. Our model on the same players, walking forward from ${modelWeeks[0]!.season} week ${modelWeeks[0]!.week} ` +
    `(MAE / RMSE, PPR points):`,
);
console.table(
  Object.fromEntries(
    segments.map(([label, subset]) => [
      label,
      {
        n: subset.length,
        'ours, NFL.com alone': errors(subset, (row) => row.modelAlone),
        'ours, ESPN beside': errors(subset, (row) => row.modelWithEspn),
        'ESPN + NFL.com average': errors(subset, (row) => row.consensus),
      },
    ]),
  ),
);
const blend = walk.blendChoices();
console.log(
  `\nThe blend entering the week (experts weighed: ${
    EXPERTS.filter((expert) => Object.values(blend).some((choice) => (choice.mix[expert] ?? 0) > 0)).join(
      ', ',
    ) || 'none, the experts are averaged'
  }); walk ${walkSeconds.toFixed(1)} s.`,
);
