import type { CoreDeps } from './core-deps.js';
import type { AfterAnswer } from './process/after-answer.js';
import type { AlertEngine } from './monitoring/alert-engine.js';
import type { Monitoring } from './monitoring/monitoring.js';
import type { DataSync } from './services/data-sync/data-sync.js';
import type { LeagueClients } from './services/leagues/clients.js';
import type { SleeperIdLinker } from './services/leagues/sleeper-id-linker.js';
import type { ReconciliationJob } from './services/scoring-check/reconciliation-job.js';
import type { SessionCache } from './services/auth/session-cache.js';
import type { DataChangeFeed } from './services/live-updates/data-change-feed.js';
import type { Mailer } from './services/mail/mailer.js';
import type { AccountMailQueue } from './services/mail/account-mail-queue.js';
import type { NotificationQueue } from './services/notifications/queue.js';
import type { RateLimiter } from './services/rate-limits/rate-limiter.js';
import type { SimulationAdmission } from './services/simulation/admission.js';
import type { SimulationRunner } from './services/simulation/pool.js';
import type { SimulationRecords } from './services/simulation/record.js';
import type { TimelineWrites } from './services/win-probability/timeline-writes.js';

/** Long-lived dependencies, created once at start-up and handed to every service. */
export interface AppDeps extends CoreDeps {
  /** Account mails: SMTP, or the DATA_DIR/outbox folder. */
  mailer: Mailer;
  /** Account mails asked for by requests, prepared and sent by a background worker (a database queue). */
  accountMails: AccountMailQueue;
  /** Sends the recorded notifications (push and mail) from the database, in the background. */
  notifications: NotificationQueue;
  /** Attempt counters for login, registration and mail requests (Redis when REDIS_URL is set). */
  rateLimiter: RateLimiter;
  /** Request timing, database pings, the error log and analytics events (admin health pages). */
  monitoring: Monitoring;
  /** Alert rules, evaluated every 30 s; `alerts.evaluate()` runs them once. */
  alerts: AlertEngine;
  /** Sleeper and Yahoo clients and the Yahoo token cipher. */
  leagues: LeagueClients;
  /** Keeps the current season's stats, projections and players from SLEEPER_API_URL. */
  dataSync: DataSync;
  /** Our points against the platforms' after a finished week: a background job, one run at a time everywhere. */
  scoringChecks: ReconciliationJob;
  /** Links our players to Sleeper's ids at start, daily, after imports and league links (pages only read them). */
  sleeperIds: SleeperIdLinker;
  /** Sessions looked up in the last few seconds (SESSION_CACHE_SECONDS); revocation clears them everywhere. */
  sessionCache: SessionCache;
  /** Data changes made on any process, fanned out to this process's open live connections. */
  liveUpdates: DataChangeFeed;
  /** Worker threads that run simulations off the event loop (SIMULATION_WORKERS of them). */
  simulationRunner: SimulationRunner;
  /** Who may start a simulation, and when: per-user limits and the fair queue in front of the threads. */
  simulationAdmission: SimulationAdmission;
  /** The `simulations` rows, written in batches. */
  simulationRecords: SimulationRecords;
  /** Writes a read leads to, run one at a time after its answer (a league page's follow-up). */
  afterAnswer: AfterAnswer;
  /** Win-probability timeline writes this process skips (done lately) or joins (under way). */
  timelineWrites: TimelineWrites;
}
