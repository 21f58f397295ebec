import { loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { installFatalErrorPolicy } from './process/fatal-errors.js';
import { startServer } from './server.js';
import { describeStartupFailure } from './startup-failure.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const logger = createLogger(config);
  const server = await startServer(config, { logger });
  installFatalErrorPolicy({
    log: logger,
    eventStore: server.deps.monitoring.eventStore,
    close: () => server.close(),
  });
  logger.info(
    { url: config.appUrl, database: server.deps.database.kind },
    `Fantasy Matchup is running at ${config.appUrl}`,
  );

  let isShuttingDown = false;
  const shutdown = (signal: string) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(describeStartupFailure(error));
  process.exit(1);
});
