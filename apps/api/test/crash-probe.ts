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
  LIVE_SYNC_SECONDS: '0',
  // never the real services: a closed local port (a call still under way would hold the crash's close)
  SLEEPER_API_URL: 'http://127.0.0.1:9',
  ESPN_API_URL: 'http://127.0.0.1:9',
  NFL_SCOREBOARD_URL: 'http://127.0.0.1:9/scoreboard',
  ...(process.argv[3] ? { DATABASE_URL: process.argv[3] } : {}),
});
const logger = createLogger(config);
const server = await startServer(config, {
  logger,
  webDistDir: `${config.dataDir}/no-web`,
  isSleeperIdLinkingStarted: false,
});
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
