import type { RunExclusive } from './data-sync.js';

/**
 * Placeholder until the shared advisory lock lands: exclusive within this process only.
 * TODO(merge): replace with the PostgreSQL advisory lock from @fm/db.
 */
export function createProcessLocalExclusive(): RunExclusive {
  const held = new Set<string>();
  return async (name, task) => {
    if (held.has(name)) return { acquired: false };
    held.add(name);
    try {
      return { acquired: true, value: await task() };
    } finally {
      held.delete(name);
    }
  };
}
