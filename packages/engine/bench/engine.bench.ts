// Run with `npm run bench` in packages/engine. Prints wall-clock medians of the engine beside straightforward
// reference implementations (bench/reference.ts), measured in the same process, and each row's speed target.
import os from 'node:os';
import {
  buildScenarioModel,
  createRandom,
  optimizeLineup,
  simulateMatchup,
  simulateSeasonOutlook,
} from '../src/index.js';
import {
  createScenarioScratch,
  drawScenarioBlock,
  SCENARIO_BLOCK_SIZE,
} from '../src/simulation/draw-scenarios.js';
import {
  INDEPENDENT_PLAYERS,
  lineupLabInput,
  OPPONENT_LINEUP,
  seasonInput,
  USER_LINEUP,
} from './fixtures.js';
import { referenceDraws, referenceLineupLab, referenceMatchup, referenceSeasonOutlook } from './reference.js';

interface Timing {
  /** Wall-clock median and best, in ms. */
  median: number;
  min: number;
  /** Median CPU time of this process per run, in ms: less sensitive than wall-clock to other processes' load. */
  cpuMedian: number;
}

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function measure(run: (index: number) => void, runs: number, warmup = Math.min(runs, 20)): Timing {
  for (let i = 0; i < warmup; i++) run(i);
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    run(i);
    times.push(performance.now() - start);
    const cpu = process.cpuUsage(cpuStart);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
  }
  return { median: median(times), min: Math.min(...times), cpuMedian: median(cpuTimes) };
}

const DRAW_ITERATIONS = 100_000;
const independentModel = buildScenarioModel(INDEPENDENT_PLAYERS);
const independentScratch = createScenarioScratch(independentModel);
const independentOut = new Float64Array(INDEPENDENT_PLAYERS.length * SCENARIO_BLOCK_SIZE);
const drawCount = DRAW_ITERATIONS * INDEPENDENT_PLAYERS.length;
function engineDraws(seed: number): void {
  const random = createRandom(seed);
  for (let offset = 0; offset < DRAW_ITERATIONS; offset += SCENARIO_BLOCK_SIZE) {
    drawScenarioBlock(
      independentModel,
      random,
      SCENARIO_BLOCK_SIZE,
      independentScratch,
      independentOut,
      SCENARIO_BLOCK_SIZE,
      0,
    );
  }
}

interface Row {
  name: string;
  engine: Timing;
  reference: Timing;
  target: string;
  isMet: boolean;
  unit?: 'rate';
}

const rows: Row[] = [];
const [load1] = os.loadavg();

const matchupEngine = measure(
  (i) =>
    simulateMatchup({
      user: { players: USER_LINEUP },
      opponent: { players: OPPONENT_LINEUP },
      iterations: 10_000,
      seed: i,
    }),
  300,
);
const matchupReference = measure(() => referenceMatchup(USER_LINEUP, OPPONENT_LINEUP, 10_000), 20, 3);
rows.push({
  name: 'matchup 9 v 9, correlated, 10,000 iterations',
  engine: matchupEngine,
  reference: matchupReference,
  target: '≤ 2 ms',
  isMet: matchupEngine.median <= 2,
});

const drawsEngine = measure(engineDraws, 30, 5);
const drawsReference = measure(() => referenceDraws(INDEPENDENT_PLAYERS, drawCount), 5, 1);
const drawRate = drawCount / (drawsEngine.median / 1000) / 1e6;
rows.push({
  name: `uncorrelated player draws (${(drawCount / 1e6).toFixed(1)} M)`,
  engine: drawsEngine,
  reference: drawsReference,
  target: '≥ 100 M/s',
  isMet: drawRate >= 100,
  unit: 'rate',
});

const labEngine = measure((i) => optimizeLineup(lineupLabInput(10_000, i)), 20, 3);
const labReference = measure((i) => referenceLineupLab(lineupLabInput(10_000, i)), 2, 0);
rows.push({
  name: 'lineup lab, 16-player roster, 10,000 iterations',
  engine: labEngine,
  reference: labReference,
  target: '≤ 250 ms',
  isMet: labEngine.median <= 250,
});

const seasonEngine = measure((i) => simulateSeasonOutlook(seasonInput(10_000, i)), 20, 3);
const seasonReference = measure((i) => referenceSeasonOutlook(seasonInput(10_000, i)), 5, 1);
rows.push({
  name: 'season outlook, 12 teams, 4 weeks, 10,000 seasons',
  engine: seasonEngine,
  reference: seasonReference,
  target: '≤ 300 ms',
  isMet: seasonEngine.median <= 300,
});

const ms = (value: number): string => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const rate = (milliseconds: number): string => `${(drawCount / (milliseconds / 1000) / 1e6).toFixed(0)} M/s`;
const [loadAfter] = os.loadavg();
console.log(
  `@fm/engine benchmark — Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), load average ${load1!.toFixed(2)} → ${loadAfter!.toFixed(2)}`,
);
console.table(
  rows.map((row) => ({
    case: row.name,
    'engine median':
      row.unit === 'rate' ? `${ms(row.engine.median)} (${rate(row.engine.median)})` : ms(row.engine.median),
    'engine best':
      row.unit === 'rate' ? `${ms(row.engine.min)} (${rate(row.engine.min)})` : ms(row.engine.min),
    'engine CPU median': ms(row.engine.cpuMedian),
    'reference median':
      row.unit === 'rate'
        ? `${ms(row.reference.median)} (${rate(row.reference.median)})`
        : ms(row.reference.median),
    'speed-up': `${(row.reference.median / row.engine.median).toFixed(1)}×`,
    target: row.target,
    met: row.isMet ? 'yes' : 'NO (missed)',
  })),
);
const missed = rows.filter((row) => !row.isMet);
if (missed.length > 0)
  console.log(
    `Missed on this run: ${missed.map((row) => row.name).join('; ')}. Figures above are as measured.`,
  );
