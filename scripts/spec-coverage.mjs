// `npm run spec:coverage`: which method+path rows of spec §7 the running API documents in
// /api/openapi.json, and which are still missing. Boots the built server unless --url is given.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build } from './build.mjs';
import { ensureInstall } from './ensure-install.mjs';
import { ROOT } from './lib.mjs';

const SPEC = path.resolve(ROOT, '../shared/spec/product-spec.md');

/** Every (method, path) the spec's §7 names: the table rows and the data-management list. */
export function specCalls(markdown) {
  const section = markdown.slice(markdown.indexOf('## 7. Calls'), markdown.indexOf('## 8.'));
  const calls = [];
  for (const line of section.split('\n')) {
    const row = line.match(/^\|\s*(GET|POST|PUT|PATCH|DELETE)\s*\|\s*([^|]+)\|/);
    if (row) {
      const [first, ...rest] = row[2].split(',').map((p) => p.trim());
      calls.push([row[1], first]);
      const base = first.slice(0, first.lastIndexOf('/'));
      for (const extra of rest)
        calls.push([row[1], extra.startsWith('/') && !extra.includes('/', 1) ? base + extra : extra]);
      continue;
    }
    const bullet = line.match(/^- (GET|POST|PUT|PATCH|DELETE) (\/api\/[^\s:]+)(?: and (\/[^\s:]+))?/);
    if (bullet) {
      const first = bullet[2].replace(/^\/api/, '');
      calls.push([bullet[1], first]);
      if (bullet[3]) calls.push([bullet[1], first.slice(0, first.lastIndexOf('/')) + bullet[3]]);
    }
  }
  return calls;
}

const normalize = (p) => p.replace(/\{[^}]+\}/g, '{}').replace(/\/+$/, '');

async function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function fetchDocument(url) {
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      const response = await fetch(`${url}/api/openapi.json`);
      if (response.ok) return response.json();
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`No /api/openapi.json at ${url}`);
}

async function main() {
  const urlFlag = process.argv.indexOf('--url');
  let url = urlFlag > 0 ? process.argv[urlFlag + 1] : undefined;
  let server;
  let dataDir;
  if (!url) {
    await ensureInstall();
    await build();
    const port = await freePort();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'fm-coverage-'));
    url = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [path.join(ROOT, 'apps/api/dist/main.js')], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '' },
      stdio: 'ignore',
    });
  }
  try {
    const document = await fetchDocument(url);
    const documented = new Set();
    for (const [p, operations] of Object.entries(document.paths ?? {})) {
      for (const method of Object.keys(operations)) documented.add(`${method.toUpperCase()} ${normalize(p)}`);
    }
    const calls = specCalls(readFileSync(SPEC, 'utf8'));
    let present = 0;
    console.log(`Spec §7 calls documented in ${url}/api/openapi.json:\n`);
    for (const [method, p] of calls) {
      const isPresent = documented.has(`${method} ${normalize(p)}`);
      if (isPresent) present++;
      console.log(`${isPresent ? '  ✔' : '  ✖ missing'}  ${method.padEnd(6)} /api${p}`);
    }
    console.log(`\n${present} of ${calls.length} spec calls present, ${calls.length - present} missing.`);
  } finally {
    server?.kill('SIGTERM');
    if (dataDir) setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 500);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
