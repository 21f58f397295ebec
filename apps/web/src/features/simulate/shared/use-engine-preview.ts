/**
 * Instant engine preview that follows the inputs, computed in the engine Web Worker.
 *
 *   const preview = useEnginePreview('matchup', { user, opponent, iterations: DEFAULT_ITERATIONS, seed: 7 });
 *   preview.status  // 'idle' (no input) | 'running' | 'completed' | 'error'
 *   preview.result  // last completed MatchupResult (kept while a newer run is on its way), else null
 *   preview.error   // Error of the last run when status is 'error'
 *
 * Tasks: 'matchup' (simulateMatchup), 'lineup' (optimizeLineup), 'season' (simulateSeasonOutlook).
 * - Pass `null` to run nothing. Inputs are compared by value (JSON), so a new object with the same
 *   starters does not re-run; a changed starter re-runs after `debounceMs` of quiet (default 150 ms).
 * - At most one run is in flight; inputs that change meanwhile collapse into one follow-up run with the
 *   newest input, and a result that no longer matches the current input is never shown.
 * - Give a fixed `seed` so that two previews differ by the line-up, not by Monte Carlo noise; the same
 *   seed and players give the same numbers as POST /api/matchup/simulate (counts, wins and ties to the
 *   bit, other figures to ~1e-15: e2e/engine-determinism.e2e.ts).
 * - `engine` defaults to the page's engine workers (engine-client.ts); pass another EngineClient to run elsewhere.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { EngineClient, EngineInput, EngineResult, EngineTask } from './engine-api.js';
import { getEngineWorker } from './engine-client.js';

export const PREVIEW_DEBOUNCE_MS = 150;

export type EnginePreviewStatus = 'idle' | 'running' | 'completed' | 'error';

export interface EnginePreview<T extends EngineTask> {
  status: EnginePreviewStatus;
  result: EngineResult<T> | null;
  error: Error | null;
}

export interface EnginePreviewOptions {
  debounceMs?: number;
  engine?: EngineClient;
}

interface PreviewJob<T extends EngineTask> {
  key: string;
  input: EngineInput<T>;
}

function asError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}

export function useEnginePreview<T extends EngineTask>(
  task: T,
  input: EngineInput<T> | null,
  { debounceMs = PREVIEW_DEBOUNCE_MS, engine }: EnginePreviewOptions = {},
): EnginePreview<T> {
  const key = useMemo(() => (input === null ? null : `${task}:${JSON.stringify(input)}`), [task, input]);
  const [preview, setPreview] = useState<EnginePreview<T>>({ status: 'idle', result: null, error: null });

  // The input of the newest key, captured when the key changes (so a re-created object does not re-run).
  const latestInput = useRef<PreviewJob<T> | null>(null);
  const currentKey = useRef<string | null>(null);
  const isRunning = useRef(false);
  const queuedJob = useRef<PreviewJob<T> | null>(null);
  const isMounted = useRef(true);
  const engineRef = useRef(engine);
  engineRef.current = engine;

  if (key !== currentKey.current) {
    currentKey.current = key;
    latestInput.current = key === null || input === null ? null : { key, input };
  }

  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  useEffect(() => {
    const job = latestInput.current;
    if (job === null) {
      setPreview({ status: 'idle', result: null, error: null });
      return;
    }
    setPreview((previous) => ({ ...previous, status: 'running', error: null }));

    const start = (next: PreviewJob<T>): void => {
      isRunning.current = true;
      const client = engineRef.current ?? getEngineWorker();
      client
        .run(task, next.input)
        .then(
          (result) => {
            if (isMounted.current && next.key === currentKey.current) {
              setPreview({ status: 'completed', result, error: null });
            }
          },
          (reason: unknown) => {
            if (isMounted.current && next.key === currentKey.current) {
              setPreview((previous) => ({ ...previous, status: 'error', error: asError(reason) }));
            }
          },
        )
        .finally(() => {
          isRunning.current = false;
          const queued = queuedJob.current;
          queuedJob.current = null;
          if (queued && isMounted.current && queued.key === currentKey.current) start(queued);
        });
    };

    const timer = setTimeout(() => {
      if (isRunning.current) queuedJob.current = job;
      else start(job);
    }, debounceMs);
    return () => clearTimeout(timer);
    // `key` stands for the input's value; `task` is part of it.
  }, [key, task, debounceMs]);

  return preview;
}
