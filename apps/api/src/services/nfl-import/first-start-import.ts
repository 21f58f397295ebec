import { appState, withAdvisoryLock } from '@fm/db';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import {
  importNflData,
  LAST_IMPORT_KEY,
  type ImportProgress,
  type ImportSummary,
} from './import-nfl-data.js';
import { describeProblem } from './import-plan.js';

/** Log a progress line every this share of the work. */
const PROGRESS_LOG_STEP = 0.1;
const MAX_PROBLEMS_LOGGED = 20;
/** Advisory lock held while NFL data is imported, so processes started together import once. */
export const NFL_IMPORT_LOCK = 'nfl-data-import';

export interface BackgroundImport {
  /** Resolves with the summary, or null when the import was stopped or failed (both logged). */
  done: Promise<ImportSummary | null>;
  /** Stops after the file being written (its transaction completes) and waits for that. */
  stop(): Promise<void>;
}

/** True once an NFL data import has completed in this database. */
export async function hasImportedNflData(deps: Pick<AppDeps, 'database'>): Promise<boolean> {
  const rows = await deps.database.db
    .select({ key: appState.key })
    .from(appState)
    .where(eq(appState.key, LAST_IMPORT_KEY))
    .limit(1);
  return rows.length > 0;
}

/**
 * At first start with NFL_DATA_DIR set, imports that folder in the background so the server
 * answers at once; later starts find the import recorded and skip it (`npm run data:import`
 * brings in new weeks). Processes started together take turns (an advisory lock): the first
 * imports, the others wait for it and then find the import done.
 */
export function startFirstStartImport(
  deps: Pick<AppDeps, 'config' | 'database' | 'dataVersion' | 'log'>,
): BackgroundImport | null {
  const dataDir = deps.config.nflDataDir;
  if (!dataDir) return null;
  const controller = new AbortController();
  const log = deps.log.child({ task: 'nfl-import', dataDir });
  let nextLogAt = 0;
  const onProgress = ({ done, total }: ImportProgress) => {
    if (done / total < nextLogAt) return;
    nextLogAt = done / total + PROGRESS_LOG_STEP;
    log.info({ done, total }, `NFL data import ${Math.round((done / total) * 100)} %`);
  };
  const importUnlessDone = async (): Promise<ImportSummary | null> => {
    if (await hasImportedNflData(deps)) {
      log.info('NFL data already imported; skipping the first-start import');
      return null;
    }
    log.info('Importing NFL data (first start)');
    const summary = await importNflData(deps, dataDir, { onProgress, signal: controller.signal });
    for (const problem of summary.problems.slice(0, MAX_PROBLEMS_LOGGED)) log.warn(describeProblem(problem));
    const { problems, ...figures } = summary;
    log.info({ ...figures, problems: problems.length }, `NFL data imported in ${summary.seconds} s`);
    return summary;
  };
  const done = (async () => {
    const attempt = await withAdvisoryLock(deps.database, NFL_IMPORT_LOCK, importUnlessDone);
    if (attempt.acquired) return attempt.value;
    log.info('Another process is importing NFL data; waiting for it to finish');
    const waited = await withAdvisoryLock(deps.database, NFL_IMPORT_LOCK, importUnlessDone, {
      wait: true,
      signal: controller.signal,
    });
    return waited.acquired ? waited.value : null;
  })().catch((error: unknown) => {
    if (controller.signal.aborted)
      log.info('NFL data import stopped by shutdown; it resumes at the next start');
    else log.error({ err: error }, 'NFL data import failed');
    return null;
  });
  return {
    done,
    async stop() {
      controller.abort();
      await done;
    },
  };
}
