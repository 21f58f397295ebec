// `npm start`: install what is missing, build what changed, then serve API + web app.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { build } from './build.mjs';
import { ensureInstall } from './ensure-install.mjs';
import { ROOT } from './lib.mjs';

await ensureInstall();
await build();

const server = spawn(process.execPath, [path.join(ROOT, 'apps/api/dist/main.js')], {
  stdio: 'inherit',
  cwd: ROOT,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
