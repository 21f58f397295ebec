import { act, renderHook, waitFor } from '@testing-library/react';
import { expose, wrap } from 'comlink';
import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { simulateMatchup, type MatchupInput, type SimulationPlayer } from '@fm/engine';
import { engineApi, type EngineApi, type EngineClient, type EngineTask } from './engine-api.js';
import { useEnginePreview } from './use-engine-preview.js';

// The real engine API behind a real comlink channel, as the worker serves it; only the Worker is replaced
// by a MessageChannel because jsdom has no workers. `calls` records each run the hook started.
const openPorts: { close(): void }[] = [];
function channelEngine(): EngineClient & { calls: string[] } {
  const { port1, port2 } = new MessageChannel();
  openPorts.push(port1, port2);
  expose(engineApi, port1 as unknown as Parameters<typeof expose>[1]);
  const remote = wrap<EngineApi>(port2 as unknown as Parameters<typeof wrap>[0]);
  const calls: string[] = [];
  return {
    calls,
    run: (task: EngineTask, input: never) => {
      calls.push(JSON.stringify(input));
      return remote.run(task, input) as never;
    },
  };
}
afterEach(() => {
  openPorts.splice(0).forEach((port) => port.close());
});

const player = (id: string, position: string, team: string, predMean: number): SimulationPlayer => ({
  id,
  position,
  team,
  opponent: 'BYE-NONE',
  predMean,
  predStd: predMean / 3,
});
const USER = [player('u1', 'QB', 'KC', 21), player('u2', 'RB', 'SF', 15), player('u3', 'WR', 'DAL', 13)];
const BENCH = [player('b1', 'WR', 'NYJ', 30), player('b2', 'WR', 'NYG', 2)];
const OPPONENT = [player('o1', 'QB', 'BUF', 22), player('o2', 'RB', 'GB', 14), player('o3', 'WR', 'SEA', 12)];

function matchupWith(starters: SimulationPlayer[], iterations = 2_000): MatchupInput {
  return { user: { players: starters }, opponent: { players: OPPONENT }, iterations, seed: 99 };
}

describe('useEnginePreview', () => {
  it('is idle without input and never calls the engine', async () => {
    const engine = channelEngine();
    const { result } = renderHook(() => useEnginePreview('matchup', null, { engine, debounceMs: 1 }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current).toEqual({ status: 'idle', result: null, error: null });
    expect(engine.calls).toHaveLength(0);
  });

  it('completes with exactly what the engine gives for the same seed', async () => {
    const engine = channelEngine();
    const input = matchupWith(USER);
    const { result } = renderHook(() => useEnginePreview('matchup', input, { engine, debounceMs: 1 }));
    expect(result.current.status).toBe('running');
    await waitFor(() => expect(result.current.status).toBe('completed'));
    expect(result.current.result).toEqual(simulateMatchup(input));
  });

  it('re-runs when a starter changes, collapses rapid changes and shows only the newest line-up', async () => {
    const engine = channelEngine();
    const lineups = [
      USER,
      [BENCH[0]!, USER[1]!, USER[2]!],
      [BENCH[1]!, USER[1]!, USER[2]!],
      [USER[0]!, BENCH[0]!, USER[2]!],
    ];
    const { result, rerender } = renderHook(
      ({ starters }) => useEnginePreview('matchup', matchupWith(starters), { engine, debounceMs: 30 }),
      { initialProps: { starters: lineups[0]! } },
    );
    // Four line-ups inside one debounce window: one run, with the last.
    for (const starters of lineups.slice(1)) rerender({ starters });
    await waitFor(() => expect(result.current.status).toBe('completed'));
    expect(engine.calls).toHaveLength(1);
    expect(result.current.result).toEqual(simulateMatchup(matchupWith(lineups[3]!)));

    // A re-created but equal input does not re-run.
    rerender({ starters: [...lineups[3]!] });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(engine.calls).toHaveLength(1);
    expect(result.current.status).toBe('completed');
  });

  it('never shows a result that is stale by the time it arrives', async () => {
    const engine = channelEngine();
    const slow = matchupWith(USER, 200_000);
    const fast = matchupWith([BENCH[0]!, USER[1]!, USER[2]!]);
    const { result, rerender } = renderHook(
      ({ input }) => useEnginePreview('matchup', input, { engine, debounceMs: 1 }),
      { initialProps: { input: slow } },
    );
    await waitFor(() => expect(engine.calls).toHaveLength(1));
    rerender({ input: fast });
    await waitFor(() => expect(engine.calls).toHaveLength(2), { timeout: 10_000 });
    await waitFor(() => expect(result.current.status).toBe('completed'));
    expect(result.current.result?.user.mean).toBe(simulateMatchup(fast).user.mean);
    expect(result.current.result?.iterations).toBe(2_000);
  });

  it('reports the engine error of a bad input and recovers on the next good one', async () => {
    const engine = channelEngine();
    const { result, rerender } = renderHook(
      ({ input }) => useEnginePreview('matchup', input, { engine, debounceMs: 1 }),
      { initialProps: { input: matchupWith(USER, 10) } },
    );
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error?.message).toMatch(/iterations must be a whole number from 1,000/);
    act(() => rerender({ input: matchupWith(USER) }));
    await waitFor(() => expect(result.current.status).toBe('completed'));
    expect(result.current.error).toBeNull();
  });
});
