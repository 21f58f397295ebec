import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { generateOpenApiDocument } from 'trpc-to-openapi';
import type { Config } from '../config.js';
import { appRouter } from '../router/root.js';

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Fantasy Matchup API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>`;

const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui' });`;

export function buildOpenApiDocument(config: Config) {
  return generateOpenApiDocument(appRouter, {
    title: 'Fantasy Matchup API',
    version: '1.0.0',
    baseUrl: `${config.appUrl}/api`,
    description: 'Every documented /api path. Errors answer `{ code, message }`.',
  });
}

/** `GET /api/openapi.json` (generated from the tRPC procedures) and a Swagger UI at `/api/docs`. */
export async function registerApiDocs(app: FastifyInstance, config: Config): Promise<void> {
  const document = buildOpenApiDocument(config);
  app.get('/api/openapi.json', async () => document);
  app.get('/api/docs', async (_req, reply) => reply.type('text/html').send(DOCS_HTML));
  app.get('/api/docs/init.js', async (_req, reply) => reply.type('text/javascript').send(DOCS_INIT));
  const require = createRequire(import.meta.url);
  const swaggerDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  await app.register(fastifyStatic, {
    root: swaggerDir,
    prefix: '/api/docs/assets/',
    decorateReply: false,
    allowedPath: (pathName) => /^\/swagger-ui(-bundle\.js|\.css)$/.test(pathName),
  });
}
