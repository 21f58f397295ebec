import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * On whose behalf upstream calls are made in this asynchronous chain: the shares each call is
 * charged to. A public procedure's calls are its client's (`address:<client>`, the same-client rule
 * of http/client-address.ts); a signed-in procedure's are the client's and the person's
 * (`user:<id>`) both, so several accounts from one address share one address's part. None for the
 * product's own work (the data sync), which the reserve of each budget keeps for it.
 */
const storage = new AsyncLocalStorage<readonly string[]>();

/** The shares a call made now is charged to; empty for the product's own work. */
export function upstreamShares(): readonly string[] {
  return storage.getStore() ?? [];
}

/** Runs `task` with its upstream calls charged to `share` too, besides the shares already in force. */
export function callingUpstreamAs<T>(share: string, task: () => T): T {
  return storage.run([...upstreamShares(), share], task);
}

/** Runs `task` as the product's own work (no caller's share), even when a request started it. */
export function callingUpstreamForTheProduct<T>(task: () => T): T {
  return storage.exit(task);
}
