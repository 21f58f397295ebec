// `npm test`: the whole suite — lint, formatting, typecheck and build side by side, then unit + integration, then
// browser end-to-end against the built app. Exits 0 only when every step passes.
import { build } from './build.mjs';
import { ensureInstall } from './ensure-install.mjs';
import { childCpuSeconds, run, runBuffered, runE2e } from './lib.mjs';

await ensureInstall();

// The four checks are independent and each mostly single-threaded: side by side they keep both cores busy (one after
// another they took about 4 minutes on 2 cores). Their output is held back and printed whole when each ends.
const checks = [
  ['Lint', () => runBuffered('npx', ['eslint', '--max-warnings=0', '.'])],
  ['Formatting', () => runBuffered('npx', ['prettier', '--check', '--log-level', 'warn', '.'])],
  ['Typecheck', () => runBuffered('npm', ['run', '--silent', 'typecheck'])],
  [
    'Build',
    () =>
      build().then(
        () => 0,
        (error) => (console.error(error), 1),
      ),
  ],
];

const stages = [
  checks,
  [['Unit and integration tests', () => run('npx', ['vitest', 'run'])]],
  [['Browser end-to-end tests', () => runE2e()]],
];

const results = [];
for (const stage of stages) {
  const started = Date.now();
  const cpuBefore = childCpuSeconds();
  console.log(`\n━━ ${stage.map(([label]) => label).join(' · ')} ━━`);
  const codes = await Promise.all(
    stage.map(async ([label, step]) => {
      const stepStarted = Date.now();
      const code = await step();
      if (stage.length > 1) console.log(`${code === 0 ? '✔' : '✖'} ${label} (${seconds(stepStarted)} s)`);
      return code;
    }),
  );
  const cpu = childCpuSeconds() - cpuBefore;
  stage.forEach(([label], i) => results.push({ label, code: codes[i] }));
  results.push({ stage: true, wall: seconds(started), cpu });
  if (codes.some((code) => code !== 0)) break;
}

console.log('\n━━ Summary ━━');
for (const result of results) {
  if (result.stage)
    console.log(`  ${''.padEnd(28)} ${result.wall.padStart(6)} s wall, ${result.cpu.toFixed(0)} s CPU`);
  else console.log(`${result.code === 0 ? '✔' : '✖'} ${result.label}`);
}
const failed = results.some((r) => !r.stage && r.code !== 0) || results.filter((r) => !r.stage).length < 6;
process.exit(failed ? 1 : 0);

function seconds(since) {
  return ((Date.now() - since) / 1000).toFixed(1);
}
