import { ERROR_LOG_RETENTION_DAYS } from '@fm/db';
import type { CoreDeps } from '../core-deps.js';
import { createAlert, hasOpenAlert, type AlertView } from '../services/alerts/alerts.js';
import { EVENT_TYPES } from './analytics-capture.js';
import {
  ALERT_WINDOW_MINUTES,
  evaluateAlertRules,
  type AlertCondition,
  type AlertSignals,
  type AlertType,
} from './alert-rules.js';
import type { Monitoring } from './monitoring.js';
import { readResources } from './resources.js';

/** Spec: alert rules are evaluated this often. */
export const ALERT_EVALUATION_INTERVAL_MS = 30_000;
/** The PostgreSQL error log is pruned this often (MongoDB expires entries by itself). */
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export interface AlertEvaluation {
  conditions: AlertCondition[];
  raised: AlertView[];
}

export interface AlertEngine {
  /** Reads the signals, raises an alert for each condition that has just begun. Callable directly in tests. */
  evaluate(now?: Date): Promise<AlertEvaluation>;
  /** Evaluates every ALERT_EVALUATION_INTERVAL_MS until stopped. */
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

/** What the rules look at, read fresh: request figures, database pings, memory, disk and failed logins. */
export type AlertEngineDeps = CoreDeps & { monitoring: Monitoring };

export async function collectAlertSignals(deps: AlertEngineDeps, now: Date): Promise<AlertSignals> {
  const { monitoring } = deps;
  await monitoring.flush();
  await monitoring.databases.sampleAll(now.getTime());
  const since = new Date(now.getTime() - ALERT_WINDOW_MINUTES * MINUTE_MS);
  const [resources, failedLogins] = await Promise.all([
    readResources(deps.config.dataDir),
    monitoring.eventStore.countEvents({ types: [EVENT_TYPES.loginFailed], since }).catch(() => 0),
  ]);
  return {
    requests: monitoring.requests.snapshot(ALERT_WINDOW_MINUTES, now.getTime()),
    postgres: monitoring.databases.postgres.timing(),
    mongo: monitoring.databases.mongo?.timing(),
    systemMemoryPercent: resources.memory.system.usagePercentage,
    disk: resources.disk,
    failedLogins,
  };
}

/**
 * Raises each alert once while its condition lasts: a condition that holds again after it
 * cleared raises a new alert, and so does one whose earlier alert an admin resolved after it
 * cleared. Alerts still open from before a restart are not raised twice.
 */
export function createAlertEngine(deps: AlertEngineDeps): AlertEngine {
  const ongoing = new Set<AlertType>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let lastPruneAt = 0;

  async function evaluate(now = new Date()): Promise<AlertEvaluation> {
    const conditions = evaluateAlertRules(await collectAlertSignals(deps, now));
    const holding = new Set(conditions.map((condition) => condition.type));
    for (const type of ongoing) if (!holding.has(type)) ongoing.delete(type);
    const raised: AlertView[] = [];
    for (const condition of conditions) {
      if (ongoing.has(condition.type)) continue;
      ongoing.add(condition.type);
      if (await hasOpenAlert(deps.database, condition.type)) continue;
      raised.push(await createAlert(deps.database, condition.type, condition.message, now));
      deps.log.warn({ alert: condition.type }, condition.message);
    }
    if (now.getTime() - lastPruneAt >= PRUNE_INTERVAL_MS) {
      lastPruneAt = now.getTime();
      await deps.monitoring.eventStore.deleteErrors({
        before: new Date(now.getTime() - ERROR_LOG_RETENTION_DAYS * DAY_MS),
      });
    }
    return { conditions, raised };
  }

  const tick = () => {
    running = evaluate().catch((error: unknown) => deps.log.error({ err: error }, 'alert evaluation failed'));
  };

  return {
    evaluate,
    start(intervalMs = ALERT_EVALUATION_INTERVAL_MS) {
      if (timer) return;
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
