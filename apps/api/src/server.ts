import { fileURLToPath } from 'node:url';
import { openDatabase, runMigrations, type Database } from '@fm/db';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app.js';
import { ConfigError, type Config } from './config.js';
import type { AppDeps } from './deps.js';
import { createLogger } from './logger.js';
import { createAlertEngine } from './monitoring/alert-engine.js';
import { createMonitoring } from './monitoring/monitoring.js';
import { openEventStore } from './monitoring/open-event-store.js';
import { connectRedis } from './redis.js';
import { ensureAdminAccount } from './services/admin/account.js';
import { createDataSync } from './services/data-sync/data-sync.js';
import { createLiveSync, type LiveSync } from './services/data-sync/live-sync.js';
import { createTimelineRecorder } from './services/win-probability/timeline-recorder.js';
import { createTimelineWrites } from './services/win-probability/timeline-writes.js';
import type { TimelineRecorder } from './services/win-probability/timeline-recording.js';
import { createLeagueClients } from './services/leagues/clients.js';
import { createSleeperIdLinker } from './services/leagues/sleeper-id-linker.js';
import { openDataChangeChannel } from './services/data-changes/data-change-channel.js';
import { createDataVersion } from './services/data-changes/data-version.js';
import { createSessionCache } from './services/auth/session-cache.js';
import { createDataChangeFeed } from './services/live-updates/data-change-feed.js';
import { createMailer } from './services/mail/mailer.js';
import { createAccountMailQueue } from './services/mail/account-mail-queue.js';
import { createNotificationQueue } from './services/notifications/queue.js';
import { decideStarterOuts } from './services/notifications/decide-starter-outs.js';
import { createWeeklyDigestJob, type WeeklyDigestJob } from './services/notifications/weekly-digest-job.js';
import { prepareAccountMail } from './services/auth/account-mail-jobs.js';
import { reconcileWeek } from './services/scoring-check/reconcile-week.js';
import { createReconciliationJob } from './services/scoring-check/reconciliation-job.js';
import { startFirstStartImport, type BackgroundImport } from './services/nfl-import/first-start-import.js';
import { createRateLimiter } from './services/rate-limits/rate-limiter.js';
import { runBoundedSteps } from './process/bounded-steps.js';
import { createSimulationAdmission } from './services/simulation/admission.js';
import { createSimulationRunner } from './services/simulation/pool.js';
import { createAfterAnswer } from './process/after-answer.js';
import { createSimulationRecords } from './services/simulation/record.js';

/**
 * Time closing the dependencies may take, within main.ts's 10 s shutdown grace: with PostgreSQL down a flush or a
 * sync holding a reserved connection can wait on it for good, and closing must still end.
 */
const CLOSE_DEPENDENCIES_MS = 7_000;

export const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** What runs in the background, built from the dependencies; each stops before they close. */
export interface BackgroundJobs {
  /** Refreshes the current week's stats while games are on (LIVE_SYNC_SECONDS). */
  liveSync: LiveSync;
  /** Records the followed leagues' win-probability timelines after every data change (one process at a time). */
  timelines: TimelineRecorder;
  /** A first start's import of NFL_DATA_DIR, once listening (null when there is nothing to import). */
  firstStartImport: BackgroundImport | null;
  /** Decides each person's weekly digest on their Tuesday morning. */
  weeklyDigests: WeeklyDigestJob;
}

export interface RunningServer {
  app: FastifyInstance;
  deps: AppDeps;
  jobs: BackgroundJobs;
  url: string;
  /** Stops accepting, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

export interface StartOptions {
  webDistDir?: string | undefined;
  logger?: Logger;
  /** Off only to measure the monitoring's cost (bench). */
  isMonitoringEnabled?: boolean | undefined;
  /**
   * Off in API tests: each test server would fetch Sleeper's whole directory (or wait out its retries against a
   * closed port) at start and at stop; those tests link when they mean to (`deps.sleeperIds.link()`).
   */
  isSleeperIdLinkingStarted?: boolean | undefined;
}

/** Opens the database (failing with one line naming DATABASE_URL), migrates, serves. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const log = options.logger ?? createLogger(config);
  const database = await connectDatabase(config, log);
  try {
    await runMigrations(database, { databaseUrl: config.databaseDirectUrl ?? config.databaseUrl });
  } catch (error) {
    await database.close();
    throw error;
  }
  const eventStore = await openEventStore(config, database).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  const monitoring = createMonitoring({ database, eventStore, log });
  const redis = connectRedis(config, log);
  const dataVersion = createDataVersion(database);
  const dataChanges = await openDataChangeChannel({ config, database, dataVersion, log, redis });
  const leagues = createLeagueClients(config, { redis });
  const rateLimiter = createRateLimiter({ redis, database });
  const mailer = createMailer(config, log);
  const deps: AppDeps = {
    config,
    database,
    dataVersion,
    log,
    mailer,
    rateLimiter,
    monitoring,
    alerts: createAlertEngine({ config, database, dataVersion, log, monitoring }),
    leagues,
    sessionCache: createSessionCache({ ttlMs: config.sessionCacheSeconds * 1000, channel: dataChanges }),
    liveUpdates: createDataChangeFeed({ dataVersion, channel: dataChanges, log }),
    dataSync: createDataSync({
      config,
      database,
      dataVersion,
      log,
      leagues,
      // a changed injury status is where a starter_out is decided
      afterPlayersChanged: async () => void (await decideStarterOuts(deps)),
    }),
    sleeperIds: createSleeperIdLinker({ database, dataVersion, log, leagues }),
    // the worker prepares the mails with these dependencies
    accountMails: createAccountMailQueue({
      database,
      mailer,
      log,
      prepare: (job) => prepareAccountMail(deps, job),
    }),
    notifications: createNotificationQueue({ database, config, mailer, log }),
    simulationRunner: createSimulationRunner({ threads: config.simulationWorkers, log }),
    simulationAdmission: createSimulationAdmission({ threads: config.simulationWorkers, rateLimiter }),
    simulationRecords: createSimulationRecords({ database, log }),
    afterAnswer: createAfterAnswer(log),
    timelineWrites: createTimelineWrites(),
    // the job reads leagues with these dependencies
    scoringChecks: createReconciliationJob({
      database,
      log,
      reconcile: (week, onProgress) => reconcileWeek(deps, week, onProgress),
    }),
  };
  const timelines = createTimelineRecorder(deps, dataChanges);
  const jobs: BackgroundJobs = {
    liveSync: createLiveSync(deps),
    timelines,
    firstStartImport: null,
    weeklyDigests: createWeeklyDigestJob(deps),
  };
  // Background loops first (they would otherwise start new work), then what flushes, then the pools.
  const closeDependencies = () =>
    runBoundedSteps(
      [
        ['live sync', () => jobs.liveSync.stop()],
        ['data sync', () => deps.dataSync.stop()],
        ['scoring reconciliation', () => deps.scoringChecks.stop()],
        ['Sleeper id linking', () => deps.sleeperIds.stop()],
        ['win-probability timelines', () => jobs.timelines.stop()],
        ['first-start import', () => jobs.firstStartImport?.stop()],
        ['weekly digests', () => jobs.weeklyDigests.stop()],
        ['follow-ups of reads', () => deps.afterAnswer.stop()],
        ['account mails', () => deps.accountMails.stop()],
        ['notifications', () => deps.notifications.stop()],
        ['alerts', () => deps.alerts.stop()],
        ['monitoring', () => monitoring.stop()],
        ['simulation records', () => deps.simulationRecords.flush()],
        ['simulation threads', () => deps.simulationRunner.close()],
        ['event store', () => eventStore.close()],
        ['mailer', () => deps.mailer.close()],
        ['live updates', () => deps.liveUpdates.close()],
        ['session cache', () => deps.sessionCache.close()],
        ['data-change channel', () => dataChanges.close()],
        ['redis', () => redis?.disconnect()],
        ['database', () => database.close()],
      ],
      { totalMs: CLOSE_DEPENDENCIES_MS, log },
    );
  if (config.admin) {
    try {
      await ensureAdminAccount(deps, config.admin);
    } catch (error) {
      await closeDependencies();
      throw error;
    }
  }
  const app = await buildApp(deps, {
    webDistDir: options.webDistDir ?? DEFAULT_WEB_DIST_DIR,
    isMonitoringEnabled: options.isMonitoringEnabled,
  });
  app.addHook('onClose', closeDependencies);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new ConfigError(
        `PORT: ${config.port} is already in use on ${config.host}; set PORT to a free port`,
      );
    }
    throw error;
  }
  monitoring.start();
  deps.alerts.start();
  // after listen: a first import of NFL_DATA_DIR takes a while and must not delay start-up
  jobs.firstStartImport = startFirstStartImport(deps);
  // the sync starts after that import, so a first start with NFL_DATA_DIR builds on its players
  deps.dataSync.start(jobs.firstStartImport?.done);
  // a table left unlinked (an import, a day gone) is linked before league pages need it, not by them
  if (options.isSleeperIdLinkingStarted !== false) deps.sleeperIds.start(jobs.firstStartImport?.done);
  jobs.liveSync.start();
  // every data change from now on, and one that came while no process was listening
  timelines.start();
  deps.accountMails.start();
  deps.notifications.start();
  jobs.weeklyDigests.start();
  void timelines.record();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return { app, deps, jobs, url: `http://${config.host}:${port}`, close: () => app.close() };
}

async function connectDatabase(config: Config, log: Logger): Promise<Database> {
  if (!config.databaseUrl) return openDatabase({ dataDir: config.dataDir });
  let hasConnected = false; // before the first answer, the start-up error below says it all
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    directUrl: config.databaseDirectUrl,
    onAvailabilityChange: (isAvailable, cause) => {
      if (!hasConnected) return;
      if (isAvailable) log.info('PostgreSQL (DATABASE_URL) is reachable again; serving requests');
      else
        log.error(
          { err: cause },
          'PostgreSQL (DATABASE_URL) is unreachable: requests that need it answer 503 DATABASE_UNAVAILABLE until it is back',
        );
    },
  });
  let variable = 'DATABASE_URL';
  let target = new URL(config.databaseUrl);
  try {
    await database.ping();
    if (config.databaseDirectUrl && database.driver.kind === 'postgres') {
      variable = 'DATABASE_DIRECT_URL';
      target = new URL(config.databaseDirectUrl);
      await database.driver.client`select 1`;
    }
    hasConnected = true;
    return database;
  } catch (error) {
    await database.close().catch(() => {});
    // drizzle and the availability guard wrap the driver's error, whose code (ECONNREFUSED, 3D000…) says why
    const cause = innermostCause(error) as { code?: string; message?: string };
    const reason = cause.message?.split('\n')[0] || cause.code || 'unknown error';
    throw new ConfigError(
      `${variable}: cannot connect to PostgreSQL at ${target.hostname}:${target.port || 5432}${target.pathname} (${reason})`,
    );
  }
}

function innermostCause(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 6; depth++) {
    const cause = (current as { cause?: unknown } | null)?.cause;
    if (!cause) break;
    current = cause;
  }
  return current;
}
