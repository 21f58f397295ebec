import { afterAll, beforeAll } from 'vitest';
import { startGameDayReplay, type GameDayReplay } from './game-day-replay.js';
import type { DatabaseKind, TestClient } from './harness.js';

export interface GameDayWithMember {
  replay: GameDayReplay;
  /** A member signed in who has linked the league's Sleeper account: roster 1 is theirs. */
  client: TestClient;
}

/**
 * For a describe block: the replayed game day and a member, started before its tests and stopped after them.
 * The fields are set once the tests run.
 */
export function replayGameDayForMember(
  kind: DatabaseKind,
  options: Parameters<typeof startGameDayReplay>[1] = {},
): GameDayWithMember {
  const day = {} as GameDayWithMember;
  beforeAll(async () => {
    day.replay = await startGameDayReplay(kind, options);
    day.client = await day.replay.env.newUser();
    await day.client.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
  }, 60_000);
  afterAll(() => day.replay?.stop());
  return day;
}
