// `npm test`: the whole suite — lint, typecheck, unit + integration, then browser end-to-end
// against the built app. Exits 0 only when every step passes.
import { build } from './build.mjs';
import { ensureInstall } from './ensure-install.mjs';
import { run, runE2e } from './lib.mjs';

await ensureInstall();

// Each step resolves with an exit code.
const steps = [
  ['Lint', () => run('npx', ['eslint', '--max-warnings=0', '.'])],
  ['Formatting', () => run('npx', ['prettier', '--check', '--log-level', 'warn', '.'])],
  ['Typecheck', () => run('npm', ['run', '--silent', 'typecheck'])],
  [
    'Build',
    () =>
      build().then(
        () => 0,
        (error) => (console.error(error), 1),
      ),
  ],
  ['Unit and integration tests', () => run('npx', ['vitest', 'run'])],
  ['Browser end-to-end tests', () => runE2e()],
];

const results = [];
for (const [label, step] of steps) {
  console.log(`\n━━ ${label} ━━`);
  const started = Date.now();
  const code = await step();
  const seconds = (Date.now() - started) / 1000;
  results.push({ label, code, seconds });
  if (code !== 0) break;
}

console.log('\n━━ Summary ━━');
for (const { label, code, seconds } of results) {
  console.log(`${code === 0 ? '✔' : '✖'} ${label.padEnd(28)} ${seconds.toFixed(1).padStart(6)} s`);
}
const failed = results.some((r) => r.code !== 0) || results.length < steps.length;
process.exit(failed ? 1 : 0);
