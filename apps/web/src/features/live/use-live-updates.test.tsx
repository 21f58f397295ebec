import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { trpc } from '../../lib/trpc';
import { fakeServer, trpcData } from '../../test/fake-server';
import { liveQueryKeys } from './live-queries';
import { LiveStatus, liveStatusText } from './LiveStatus';
import { LIVE_POLL_MS, useLiveUpdates } from './use-live-updates';

describe('the live-update keys', () => {
  it("are the tRPC keys of the league, projections, stats and player routers' queries", () => {
    const keys = liveQueryKeys();
    expect(keys).toContainEqual(trpc.leagues.pathKey());
    expect(keys).toContainEqual(trpc.projections.pathKey());
    expect(keys).toContainEqual(trpc.nflStats.pathKey());
    expect(keys).toContainEqual(trpc.players.pathKey());
  });
});

describe('a browser without server-sent events', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** One poll interval, then the batch link's own tick and the answer. */
  const pollOnce = async () => {
    await act(() => vi.advanceTimersByTimeAsync(LIVE_POLL_MS));
    await act(() => vi.advanceTimersByTimeAsync(50));
  };

  it('polls every minute and refetches the league queries only when the data version changed', async () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    const versions = [
      { version: 'v1', changedAt: '2026-11-22T18:05:00.000Z' },
      { version: 'v1', changedAt: '2026-11-22T18:05:00.000Z' },
      { version: 'v2', changedAt: '2026-11-22T18:07:00.000Z' },
    ];
    const server = fakeServer({ 'GET /trpc/live.dataVersion': () => trpcData(versions.shift()) });
    const { result, unmount } = renderHook(() => useLiveUpdates());
    expect(result.current.status).toBe('paused');
    expect(server.calls).toHaveLength(0);

    await pollOnce();
    expect(server.calls.map((call) => call.procedure)).toEqual(['live.dataVersion']);
    expect(result.current.changedAt).toBe('2026-11-22T18:05:00.000Z');
    await pollOnce();
    expect(invalidate).not.toHaveBeenCalled();

    await pollOnce();
    expect(result.current.changedAt).toBe('2026-11-22T18:07:00.000Z');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: trpc.leagues.pathKey() });
    unmount();
    await pollOnce();
    expect(server.callsTo('live.dataVersion')).toHaveLength(3);
  });
});

describe('the freshness badge', () => {
  const at = '2026-11-22T18:07:00.000Z';
  const time = new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

  it('says nothing before it connects, then live or paused with the time of the data', () => {
    expect(liveStatusText({ status: 'connecting', changedAt: at })).toBe('');
    expect(liveStatusText({ status: 'live', changedAt: at })).toBe(`Live · updated ${time}`);
    expect(liveStatusText({ status: 'paused', changedAt: at })).toBe(
      `Live updates paused — reconnecting · updated ${time}`,
    );
  });

  it('is a polite status region', () => {
    render(<LiveStatus state={{ status: 'live', changedAt: at }} />);
    const badge = screen.getByRole('status');
    expect(badge.getAttribute('aria-live')).toBe('polite');
    expect(badge.textContent).toBe(`Live · updated ${time}`);
  });
});
