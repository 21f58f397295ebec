import type { DataChangeEvent } from '@fm/contract';
import { useEffect, useState } from 'react';
import { queryClient } from '../../lib/query-client';
import { trpcClient } from '../../lib/trpc-client';
import { refetchLiveQueries } from './live-queries';

/** While the live connection is down for longer than this, the page polls instead. */
export const LIVE_RECONNECT_GRACE_MS = 10_000;
/** How often a page without a live connection asks whether the data changed. */
export const LIVE_POLL_MS = 60_000;

export type LiveUpdatesState =
  /** Not connected yet: nothing to say. */
  | { status: 'connecting'; changedAt: string | null }
  | { status: 'live'; changedAt: string | null }
  /** The live connection dropped: reconnecting, and polling every LIVE_POLL_MS meanwhile. */
  | { status: 'paused'; changedAt: string | null };

/**
 * The app's one live connection (mounted once, in the layout): a server-sent-event subscription
 * to data changes. Each change refetches the data-derived queries of the open page (league,
 * matchup dashboard, home cards, projections). A dropped connection is resumed by the tRPC link
 * with the last version it saw; while it stays down, the page polls every minute instead.
 */
export function useLiveUpdates(): LiveUpdatesState {
  const [state, setState] = useState<LiveUpdatesState>({ status: 'connecting', changedAt: null });

  useEffect(() => {
    let lastVersion: string | null = null;
    let pollTimer: ReturnType<typeof setInterval> | undefined;
    let graceTimer: ReturnType<typeof setTimeout> | undefined;
    let isStopped = false;

    const onVersion = (event: DataChangeEvent) => {
      if (isStopped) return;
      // the first version is what the page just loaded; later ones are changes
      if (lastVersion !== null && event.version !== lastVersion) void refetchLiveQueries(queryClient);
      lastVersion = event.version;
      setState((previous) => ({ ...previous, changedAt: event.changedAt }));
    };
    const poll = () => {
      trpcClient.live.dataVersion.query().then(onVersion, () => {});
    };
    const startPolling = () => {
      setState((previous) => ({ status: 'paused', changedAt: previous.changedAt }));
      pollTimer ??= setInterval(poll, LIVE_POLL_MS);
    };
    const stopPolling = () => {
      clearTimeout(graceTimer);
      graceTimer = undefined;
      clearInterval(pollTimer);
      pollTimer = undefined;
    };

    if (typeof EventSource === 'undefined') {
      startPolling();
      return () => {
        isStopped = true;
        stopPolling();
      };
    }
    const subscription = trpcClient.live.dataChanges.subscribe(undefined, {
      onData: (envelope) => onVersion(envelope.data),
      onConnectionStateChange: (connection) => {
        if (connection.state === 'pending') {
          stopPolling();
          setState((previous) => ({ status: 'live', changedAt: previous.changedAt }));
        } else if (connection.state === 'connecting' && connection.error) {
          graceTimer ??= setTimeout(startPolling, LIVE_RECONNECT_GRACE_MS);
        }
      },
      // the subscription ended for good (the server refused it): poll from now on
      onError: () => startPolling(),
    });
    return () => {
      isStopped = true;
      subscription.unsubscribe();
      stopPolling();
    };
  }, []);

  return state;
}
