import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * On whose behalf upstream calls are made in this asynchronous chain: `user:<id>` for a signed-in
 * procedure, `address:<ip>` for a public one, nobody for the product's own work (the data sync),
 * which only the whole budget limits. The upstream budgets charge each caller's share by it.
 */
const storage = new AsyncLocalStorage<string>();

export function upstreamCaller(): string | undefined {
  return storage.getStore();
}

/** Runs `task` with its upstream calls charged to `caller`. */
export function callingUpstreamAs<T>(caller: string, task: () => T): T {
  return storage.run(caller, task);
}

/** Runs `task` as the product's own work (no caller's share), even when a request started it. */
export function callingUpstreamForTheProduct<T>(task: () => T): T {
  return storage.exit(task);
}
