// `npm run bench:web`: the front end's performance budget, measured on the production build.
//  1. Bundle: the JavaScript `/` downloads before it renders (entry chunk + its static imports,
//     then the landing route's chunk), gzipped, against INITIAL_JS_BUDGET_KB; every lazy route chunk listed.
//  2. Lighthouse on /, /projections and /compare served by the built server: performance,
//     accessibility and best-practices scores, desktop profile gated, mobile profile reported.
// Prints tables; exits 1 when a budget is missed. `--no-lighthouse` skips part 2, `--no-build` uses the
// existing build as it is.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from './build.mjs';
import { ROOT } from './lib.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startBuiltServer } from './serve-built.mjs';

const INITIAL_JS_BUDGET_KB = 150;
const LIGHTHOUSE_PAGES = ['/', '/projections', '/compare'];
const LIGHTHOUSE_BUDGET = { performance: 90, accessibility: 95, 'best-practices': 95 };
/**
 * Desktop is the gate. Mobile (Lighthouse's default: 4x CPU slowdown, slow 4G) is printed too;
 * its scores swing with the machine's load (the "CPU index" column), so it informs rather than fails.
 */
const LIGHTHOUSE_PROFILES = [
  { name: 'desktop profile', config: 'desktop', isGated: true },
  { name: 'mobile profile', config: undefined, isGated: false },
];
const DIST = path.join(ROOT, 'apps/web/dist');
const NFL_DATA_DIR = path.resolve(ROOT, '../shared/nfl-data');
const LANDING_SOURCE = 'src/features/landing/LandingPage.tsx';

const kb = (bytes) => bytes / 1024;
const fmt = (bytes) => kb(bytes).toFixed(1).padStart(7);
let failed = false;

if (!process.argv.includes('--no-build')) await build();
const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'));
const sizes = new Map();
function sizeOf(file) {
  if (!sizes.has(file)) {
    const content = readFileSync(path.join(DIST, file));
    sizes.set(file, { raw: content.length, gzip: gzipSync(content).length });
  }
  return sizes.get(file);
}

/** A chunk's file and every file it imports statically, transitively. */
function staticClosure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}
const total = (files) =>
  [...files]
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => ({ raw: sum.raw + sizeOf(f).raw, gzip: sum.gzip + sizeOf(f).gzip }), {
      raw: 0,
      gzip: 0,
    });

const [entryKey] = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
const initial = staticClosure(entryKey);
const landing = staticClosure(LANDING_SOURCE, new Set(initial));
const initialSize = total(initial);
const landingSize = total(landing);

console.log('\nInitial JavaScript of / (gzip)');
console.log(
  `  entry + static imports      ${fmt(initialSize.gzip)} KB  (${fmt(initialSize.raw)} KB raw, ${initial.size} files)`,
);
console.log(`  + landing route chunk       ${fmt(landingSize.gzip)} KB  (${fmt(landingSize.raw)} KB raw)`);
const overBudget = kb(landingSize.gzip) > INITIAL_JS_BUDGET_KB;
console.log(
  `  budget                      ${INITIAL_JS_BUDGET_KB.toFixed(1).padStart(7)} KB  ${overBudget ? '✖ OVER' : '✔'}  (${((100 * kb(landingSize.gzip)) / INITIAL_JS_BUDGET_KB).toFixed(0)}% used)`,
);
if (overBudget) failed = true;

console.log('\nLazy route chunks (gzip, with static imports not already in the entry)');
const lazy = Object.entries(manifest)
  .filter(([, chunk]) => chunk.isDynamicEntry && chunk.src?.endsWith('.tsx'))
  .map(([key, chunk]) => {
    const own = sizeOf(chunk.file);
    const extra = total([...staticClosure(key)].filter((f) => !initial.has(f)));
    return { name: path.basename(chunk.src, '.tsx'), own, extra };
  })
  .sort((a, b) => b.extra.gzip - a.extra.gzip);
for (const { name, own, extra } of lazy) {
  console.log(`  ${name.padEnd(28)}${fmt(own.gzip)} KB own  ${fmt(extra.gzip)} KB with shared chunks`);
}

if (!process.argv.includes('--no-lighthouse')) await runLighthouse();
process.exit(failed ? 1 : 0);

async function runLighthouse() {
  const { default: lighthouse, desktopConfig } = await import('lighthouse');
  const server = await startBuiltServer(existsSync(NFL_DATA_DIR) ? { NFL_DATA_DIR } : {});
  const profile = mkdtempSync(path.join(os.tmpdir(), 'fm-lighthouse-'));
  const port = 9300 + Math.floor(Math.random() * 500);
  const chrome = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_FLAGS,
      '--headless=new',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const budget = Object.entries(LIGHTHOUSE_BUDGET)
    .map(([k, v]) => `${k} ≥ ${v}`)
    .join(', ');
  try {
    await waitForDevtools(port);
    for (const { name, config: configName, isGated } of LIGHTHOUSE_PROFILES) {
      const config = configName === 'desktop' ? desktopConfig : undefined;
      console.log(`\nLighthouse, ${name}${isGated ? ` (budget: ${budget})` : ' (reported, not gated)'}`);
      console.log(
        `  ${'page'.padEnd(14)}${'performance'.padStart(12)}${'accessibility'.padStart(15)}${'best practices'.padStart(16)}` +
          `${'FCP ms'.padStart(8)}${'LCP ms'.padStart(8)}${'TBT ms'.padStart(8)}${'CLS'.padStart(7)}${'CPU index'.padStart(11)}`,
      );
      for (const page of LIGHTHOUSE_PAGES) {
        const result = await lighthouse(
          `${server.baseUrl}${page}`,
          { port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(LIGHTHOUSE_BUDGET) },
          config,
        );
        const { categories, audits, environment } = result.lhr;
        const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
        const misses = Object.entries(LIGHTHOUSE_BUDGET).filter(([id, min]) => score(id) < min);
        if (isGated && misses.length) failed = true;
        const metric = (id, digits = 0) => (audits[id]?.numericValue ?? NaN).toFixed(digits);
        console.log(
          `  ${page.padEnd(14)}${String(score('performance')).padStart(12)}${String(score('accessibility')).padStart(15)}` +
            `${String(score('best-practices')).padStart(16)}${metric('first-contentful-paint').padStart(8)}` +
            `${metric('largest-contentful-paint').padStart(8)}${metric('total-blocking-time').padStart(8)}` +
            `${metric('cumulative-layout-shift', 3).padStart(7)}${String(Math.round(environment.benchmarkIndex)).padStart(11)}` +
            `  ${misses.length ? `✖ ${misses.map(([id]) => id).join(', ')}` : '✔'}`,
        );
        for (const [id] of misses) {
          const failing = categories[id].auditRefs
            .filter((ref) => ref.weight > 0 && (audits[ref.id].score ?? 1) < 1)
            .map((ref) => `${ref.id} (${audits[ref.id].displayValue ?? audits[ref.id].score})`);
          console.log(`      ${id}: ${failing.join(', ')}`);
        }
      }
    }
    console.log(
      `\nMachine load while measuring: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} (1/5/15 min) on ${os.cpus().length} cores`,
    );
  } finally {
    chrome.kill('SIGKILL');
    await server.stop();
    rmSync(profile, { recursive: true, force: true });
  }
}

async function waitForDevtools(port) {
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('Chromium did not open its DevTools port');
}
