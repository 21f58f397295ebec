import { isUnbatchableProcedure, MAX_CALLS_PER_BATCH } from '@fm/contract';
import { AppError } from '../errors.js';

/**
 * Refuses, before any procedure runs, a tRPC batch (`/trpc/a.b,c.d?batch=1`) of more than
 * MAX_CALLS_PER_BATCH calls or naming a procedure that is never batched: 400 with `{code, message}`.
 */
export function checkTrpcBatch(path: string, batch: unknown): void {
  if (batch !== '1') return;
  const calls = path.split(',');
  if (calls.length > MAX_CALLS_PER_BATCH) {
    throw new AppError(
      'BATCH_TOO_LARGE',
      `A request may carry at most ${MAX_CALLS_PER_BATCH} calls (this one has ${calls.length}). Send the rest in further requests.`,
      400,
    );
  }
  const unbatchable = calls.find(isUnbatchableProcedure);
  if (unbatchable !== undefined) {
    throw new AppError(
      'BATCH_NOT_ALLOWED',
      `${unbatchable} cannot be sent in a batch: send it in a request of its own.`,
      400,
    );
  }
}
