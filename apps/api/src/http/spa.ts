import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: hashed assets cached for a year, everything else (index.html)
 * revalidated on every load, and any unknown non-API GET answered with index.html so the
 * client router can take it.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<boolean> {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  await app.register(fastifyStatic, {
    root: webDistDir,
    prefix: '/',
    setHeaders(res, filePath) {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', isHashedAsset ? IMMUTABLE : 'no-cache');
    },
  });
  return true;
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') || url.startsWith('/trpc');
}
