// Run with `npx tsx bench/trades.bench.ts` in packages/engine. Times the win-win trade finder on a 12-team league
// (16-player rosters, 5 weeks left) and counts the swaps it looks at.
import { evaluateTrade, findWinWinTrades } from '../src/index.js';
import { tradeLeague } from './fixtures.js';

const RUNS = 7;
const WEEKS = Number(process.env.WEEKS ?? 5);
const league = tradeLeague(12, WEEKS, 2026);
const times: number[] = [];
let last = findWinWinTrades(league, 1);
let caller = 1;
for (let run = 0; run < RUNS; run++) {
  caller = (run % 12) + 1;
  const start = performance.now();
  last = findWinWinTrades(league, caller);
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
console.log(
  `win-win finder, 12 teams × 16 players, ${WEEKS} weeks: median ${times[RUNS >> 1]!.toFixed(1)} ms ` +
    `(min ${times[0]!.toFixed(1)}, max ${times[RUNS - 1]!.toFixed(1)}); last run: ${last.tradesConsidered} swaps ` +
    `considered, ${last.tradesEvaluated} recomputed, ${last.trades.length} win-win`,
);

const limitedStart = performance.now();
const limited = findWinWinTrades(league, caller, { limit: 10 });
console.log(
  `  with limit 10: ${(performance.now() - limitedStart).toFixed(1)} ms, ${limited.tradesEvaluated} recomputed`,
);

const analyzeStart = performance.now();
const best = last.trades[0];
if (best) {
  for (let i = 0; i < 100; i++) {
    evaluateTrade(league, {
      rosterId: caller,
      partnerRosterId: best.partnerRosterId,
      give: best.give,
      get: best.get,
    });
  }
  console.log(`trade analyzer: ${((performance.now() - analyzeStart) / 100).toFixed(2)} ms per trade`);
}
