// `npm run test:e2e`: builds the app when it changed, then runs the browser end-to-end suite
// (Playwright + Chromium) against it. Extra arguments go to Vitest, e.g. a file name filter.
import { build } from './build.mjs';
import { ensureInstall } from './ensure-install.mjs';
import { runE2e } from './lib.mjs';

await ensureInstall();
await build();
process.exit(await runE2e(process.argv.slice(2)));
