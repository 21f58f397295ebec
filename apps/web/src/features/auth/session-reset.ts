/**
 * State other features keep for the signed-in user (leagues, selected league, simulation
 * state, search data) registers a reset here. Resets run when a session ends (logout) and
 * when a new one begins (login), so nothing carries over from one user to the next.
 * Data held in the TanStack Query cache needs nothing: the cache is cleared at the same times.
 */
type Reset = () => void;

const resets = new Set<Reset>();

/** Registers `reset` to run at every logout and login; returns a function that unregisters it. */
export function onSessionReset(reset: Reset): () => void {
  resets.add(reset);
  return () => resets.delete(reset);
}

export function runSessionResets(): void {
  for (const reset of [...resets]) {
    try {
      reset();
    } catch (error) {
      console.error('A session reset failed', error);
    }
  }
}
