// Photographs the real, built app for the landing page: each page listed in
// apps/web/src/features/landing/screenshots.json becomes an 800 px wide WebP in
// apps/web/public/screenshots/. Run after a build: `node scripts/build.mjs && node scripts/screenshots.mjs`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT } from './lib.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startBuiltServer } from './serve-built.mjs';

const SHOT_LIST = path.join(ROOT, 'apps/web/src/features/landing/screenshots.json');
const OUT_DIR = path.join(ROOT, 'apps/web/public/screenshots');
const PAGE_SIZE = { width: 1280, height: 800 };
const IMAGE_WIDTH = 800;
const MAX_BYTES = 150 * 1024;
const SETTLE_MS = 600;
const DATA_TIMEOUT_MS = 300_000;
const ADMIN = { email: 'screenshots@example.com', password: 'Touchdown!2024x' };
const NFL_DATA_DIR = path.resolve(ROOT, '../shared/nfl-data');

const shots = JSON.parse(readFileSync(SHOT_LIST, 'utf8'));
const server = await startBuiltServer({
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  NFL_DATA_DIR,
});
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: CHROMIUM_FLAGS,
});
try {
  mkdirSync(OUT_DIR, { recursive: true });
  for (const shot of shots) {
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: PAGE_SIZE });
    if (shot.signedIn) await signIn(context);
    const page = await context.newPage();
    await page.goto(shot.playersFromProjections ? await withTopPlayers(shot, context) : shot.path);
    await page.waitForLoadState('networkidle');
    await page.locator('main h1').first().waitFor();
    if (shot.waitFor) await waitForData(page, shot.waitFor);
    if (shot.tab) await page.getByRole('tab', { name: shot.tab }).click();
    await page.waitForFunction(() => !document.querySelector('.page-loading, [aria-busy="true"]'));
    await page.waitForTimeout(SETTLE_MS); // let transitions finish
    const reached = new URL(page.url()).pathname;
    if (reached !== new URL(shot.path, server.baseUrl).pathname)
      throw new Error(`${shot.path} redirected to ${reached}: is the page built yet?`);
    const png = await page.screenshot({ type: 'png' });
    const webp = await toWebp(page, png);
    writeFileSync(path.join(OUT_DIR, shot.file), webp);
    console.log(`${shot.file.padEnd(32)} ${(webp.length / 1024).toFixed(1).padStart(6)} KB  ${shot.path}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

/** `/compare?players=…` with this week's top projected players (once the data import has made some). */
async function withTopPlayers(shot, context) {
  const deadline = Date.now() + DATA_TIMEOUT_MS;
  for (;;) {
    const response = await context.request.get(
      `/api/projections/public/all?limit=${shot.playersFromProjections}`,
    );
    const rows = response.ok() ? ((await response.json()).data ?? []) : [];
    if (rows.length >= shot.playersFromProjections)
      return `${shot.path}?players=${rows.map((r) => r.player_id).join(',')}`;
    if (Date.now() > deadline) throw new Error('No projections to compare players from');
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
}

/** The NFL data is imported in the background after start-up: reload until the page shows it. */
async function waitForData(page, selector) {
  const deadline = Date.now() + DATA_TIMEOUT_MS;
  while (!(await page.locator(selector).first().isVisible())) {
    if (Date.now() > deadline) throw new Error(`${selector} never appeared on ${page.url()}`);
    await page.waitForTimeout(3000);
    await page.reload();
    await page.waitForLoadState('networkidle');
  }
}

async function signIn(context) {
  const { csrfToken } = await (await context.request.get('/api/auth/csrf-token')).json();
  const response = await context.request.post('/api/auth/login', {
    data: ADMIN,
    headers: { 'x-csrf-token': csrfToken },
  });
  if (!response.ok()) throw new Error(`Sign-in failed: ${response.status()}`);
}

/** Scales the PNG down and encodes it as WebP with the browser's own encoder, lowering quality until it fits. */
async function toWebp(page, png) {
  for (const quality of [0.82, 0.7, 0.55, 0.4]) {
    const base64 = await page.evaluate(
      async ({ source, width, quality }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${source}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = Math.round((image.height * width) / image.width);
        const context = canvas.getContext('2d');
        context.imageSmoothingQuality = 'high';
        context.drawImage(image, 0, 0, canvas.width, canvas.height);
        return canvas.toDataURL('image/webp', quality).split(',')[1];
      },
      { source: png.toString('base64'), width: IMAGE_WIDTH, quality },
    );
    const bytes = Buffer.from(base64, 'base64');
    if (bytes.length <= MAX_BYTES) return bytes;
  }
  throw new Error(`Could not fit a screenshot under ${MAX_BYTES / 1024} KB`);
}
