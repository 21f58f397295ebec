// Bundles the server (and its worker-thread entries) with our workspace packages inlined;
// npm dependencies stay external and load from node_modules.
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const pkg = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (name) => !name.startsWith('@fm/'),
);
// Dependencies of the workspace packages we inline must be resolvable from here too.
for (const dir of ['packages/contract', 'packages/db', 'packages/engine', 'packages/projections']) {
  const file = path.join(root, dir, 'package.json');
  if (!existsSync(file)) continue;
  const dependencies = JSON.parse(readFileSync(file, 'utf8')).dependencies ?? {};
  for (const name of Object.keys(dependencies)) {
    if (!name.startsWith('@fm/') && !external.includes(name)) {
      throw new Error(
        `${dir} depends on ${name}: add it to apps/api's dependencies so the server bundle can load it`,
      );
    }
  }
}

const workersDir = path.join(here, 'src/workers');
const workerEntries = existsSync(workersDir)
  ? readdirSync(workersDir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => path.join(workersDir, f))
  : [];

const dist = path.join(here, 'dist');
rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [path.join(here, 'src/main.ts'), ...workerEntries],
  outdir: dist,
  outbase: path.join(here, 'src'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
cpSync(path.join(root, 'packages/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
