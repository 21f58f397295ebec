import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { ROOT } from '../harness.js';

/**
 * A page that runs the web app's engine worker in Chromium: the worker (`@fm/web/engine-worker`)
 * and a page script using the web app's engine client, bundled with esbuild as
 * ES modules and served from a local HTTP server. Used by the determinism test and the bench.
 */
export interface EngineWorkerPage {
  page: Page;
  close(): Promise<void>;
}

async function bundle(): Promise<Record<string, string>> {
  const result = await build({
    entryPoints: {
      'engine.worker': createRequire(import.meta.url).resolve('@fm/web/engine-worker'),
      page: path.join(ROOT, 'e2e/engine-worker/page-entry.ts'),
    },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    outdir: '/bundle',
    logLevel: 'warning',
  });
  return Object.fromEntries(result.outputFiles.map((file) => [path.basename(file.path), file.text]));
}

function serve(files: Record<string, string>): Promise<{ server: Server; url: string }> {
  const routes: Record<string, [string, string]> = {
    '/': [
      'text/html',
      '<!doctype html><title>engine worker</title><script type="module" src="/page.js"></script>',
    ],
    '/page.js': ['text/javascript', files['page.js']!],
    // engine-client.ts asks for './engine.worker.ts' next to the page script.
    '/engine.worker.ts': ['text/javascript', files['engine.worker.js']!],
  };
  const server = createServer((req, res) => {
    const route = routes[req.url ?? ''];
    if (!route) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': route[0], 'cache-control': 'no-store' }).end(route[1]);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, url: `http://127.0.0.1:${port}` });
    });
  });
}

export async function openEngineWorkerPage(browser: Browser): Promise<EngineWorkerPage> {
  const { server, url } = await serve(await bundle());
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  await page.waitForFunction(() => typeof window.engine === 'object');
  if (errors.length > 0) throw new Error(`engine page failed: ${errors.join('; ')}`);
  return {
    page,
    async close() {
      await context.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
