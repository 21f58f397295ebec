// Run as a child process by src/process/fatal-errors.test.ts: the real server with the crash policy main.ts
// installs, then an error thrown from a timer started while serving a request, which nothing can catch.
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { installFatalErrorPolicy } from '../src/process/fatal-errors.js';
import { runInRequestContext } from '../src/process/request-context.js';
import { startServer } from '../src/server.js';

const config = loadConfig({
  PORT: '0',
  DATA_DIR: process.argv[2],
  LOG_LEVEL: 'info',
  DATA_SYNC_MINUTES: '0',
  ...(process.argv[3] ? { DATABASE_URL: process.argv[3] } : {}),
});
const logger = createLogger(config);
const server = await startServer(config, { logger, webDistDir: `${config.dataDir}/no-web` });
installFatalErrorPolicy({
  log: logger,
  eventStore: server.deps.monitoring.eventStore,
  close: () => server.close(),
});

runInRequestContext({ requestId: 'probe-request-1', method: 'GET', path: '/api/probe' }, () => {
  setImmediate(() => {
    throw new Error('probe crash');
  });
});
