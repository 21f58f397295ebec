import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fake-server';
import {
  INVALID_PLAYER_DATA_MESSAGE,
  loadPlayerDirectory,
  PLAYER_DIRECTORY_KEY,
  PLAYER_DIRECTORY_TIME_KEY,
  PLAYER_DIRECTORY_TTL_MS,
} from './player-directory';

afterEach(() => vi.unstubAllGlobals());

const ALLEN = {
  id: '7',
  full_name: 'Josh Allen',
  first_name: 'Josh',
  last_name: 'Allen',
  position: 'QB',
  team: 'BUF',
  active: true,
  projected_points: 23.4,
};
const KELCE = {
  id: '9',
  full_name: 'Travis Kelce',
  first_name: 'Travis',
  last_name: 'Kelce',
  position: 'TE',
  team: 'KC',
  active: true,
};
const NOW = 1_760_000_000_000;

function serverWith(players: unknown[] | { status: number; body: unknown }) {
  return fakeServer({
    'GET /trpc/players.list': () =>
      Array.isArray(players) ? [200, { players }] : [players.status, players.body],
  });
}

function cache(players: Record<string, unknown>, savedAt: number) {
  localStorage.setItem(PLAYER_DIRECTORY_KEY, JSON.stringify(players));
  localStorage.setItem(PLAYER_DIRECTORY_TIME_KEY, String(savedAt));
}

describe('the player directory cache', () => {
  it('fetches active players with all=true, keys them by id and caches them with the time', async () => {
    const server = serverWith([ALLEN, KELCE]);
    const loaded = await loadPlayerDirectory({ now: () => NOW });
    expect(loaded.source).toBe('network');
    expect(loaded.players['7']).toEqual({
      full_name: 'Josh Allen',
      first_name: 'Josh',
      last_name: 'Allen',
      position: 'QB',
      team: 'BUF',
      active: true,
      projected_points: 23.4,
    });
    expect(Object.keys(loaded.players)).toEqual(['7', '9']);
    expect(server.calls.map((c) => [c.procedure, c.body])).toEqual([
      ['players.list', { active: true, all: true }],
    ]);
    expect(JSON.parse(localStorage.getItem(PLAYER_DIRECTORY_KEY)!)).toEqual(loaded.players);
    expect(localStorage.getItem(PLAYER_DIRECTORY_TIME_KEY)).toBe(String(NOW));
  });

  it('uses a cache younger than 6 hours without asking the server', async () => {
    const server = serverWith([KELCE]);
    cache({ '7': { ...ALLEN, id: undefined } }, NOW - PLAYER_DIRECTORY_TTL_MS + 1000);
    const loaded = await loadPlayerDirectory({ now: () => NOW });
    expect(loaded.source).toBe('cache');
    expect(Object.keys(loaded.players)).toEqual(['7']);
    expect(server.calls).toHaveLength(0);
  });

  it('refetches a cache 6 hours old', async () => {
    const server = serverWith([KELCE]);
    cache({ '7': ALLEN }, NOW - PLAYER_DIRECTORY_TTL_MS);
    const loaded = await loadPlayerDirectory({ now: () => NOW });
    expect(loaded.source).toBe('network');
    expect(Object.keys(loaded.players)).toEqual(['9']);
    expect(server.calls).toHaveLength(1);
  });

  it('clears a cache it cannot read and refetches', async () => {
    serverWith([ALLEN]);
    localStorage.setItem(PLAYER_DIRECTORY_KEY, '{not json');
    localStorage.setItem(PLAYER_DIRECTORY_TIME_KEY, String(NOW));
    const loaded = await loadPlayerDirectory({ now: () => NOW });
    expect(loaded.source).toBe('network');
    expect(Object.keys(loaded.players)).toEqual(['7']);
    expect(JSON.parse(localStorage.getItem(PLAYER_DIRECTORY_KEY)!)).toHaveProperty('7');
  });

  it('falls back to the stale cache when the fetch fails, else to an empty directory', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    serverWith({ status: 503, body: { code: 'UNAVAILABLE', message: 'down' } });
    cache({ '9': KELCE }, NOW - 2 * PLAYER_DIRECTORY_TTL_MS);
    const stale = await loadPlayerDirectory({ now: () => NOW });
    expect(stale.source).toBe('stale-cache');
    expect(Object.keys(stale.players)).toEqual(['9']);

    localStorage.clear();
    const empty = await loadPlayerDirectory({ now: () => NOW });
    expect(empty).toMatchObject({ source: 'empty', players: {} });
  });

  it('rejects an answer without players with its own message', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    serverWith({ status: 200, body: { data: [ALLEN] } });
    const loaded = await loadPlayerDirectory({ now: () => NOW });
    expect(loaded).toMatchObject({ source: 'empty', error: INVALID_PLAYER_DATA_MESSAGE, players: {} });
    expect(localStorage.getItem(PLAYER_DIRECTORY_KEY)).toBeNull();
  });
});
