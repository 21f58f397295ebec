import { teamNameOf } from '@fm/contract';
import { leagueWeekViews, notifications, users } from '@fm/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decryptPush,
  startFakePushService,
  type BrowserSubscription,
  type FakePushService,
} from '../../../test/fakes/push-service.js';
import { gameAtMoment, scoreboardAnswer } from '../../../test/fakes/nfl-scoreboard-server.js';
import { IN_SEASON_LEAGUE_ID } from '../../../test/fakes/sleeper-server.js';
import {
  GAME_DAY_GAMES,
  GAME_DAY_WEEK,
  MY_ROSTER_ID,
  OPPONENT_ROSTER_ID,
  officialFinalScores,
  startGameDayReplay,
  type GameDayReplay,
} from '../../../test/game-day-replay.js';
import type { TestClient } from '../../../test/harness.js';
import { waitFor } from '../../../test/wait-for.js';
import { decideGameResults } from './decide-game-results.js';
import { createNotificationQueue } from './queue.js';

const DETAILS = `/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}/details?week=${GAME_DAY_WEEK}`;
/** Josh Jacobs (GB, RB), a starter of roster 1, the member's team. */
const JACOBS = '5850';
const ALL_OFF = { push: false, email: false };

describe('notifications on a replayed game day (pglite)', () => {
  let pushService: FakePushService;
  let replay: GameDayReplay;
  let client: TestClient;
  let browser: BrowserSubscription;

  beforeAll(async () => {
    const started = Date.now();
    const step = (what: string) => process.stdout.write(`${what} after ${Date.now() - started} ms\n`);
    pushService = await startFakePushService();
    replay = await startGameDayReplay('pglite', {
      env: { PUSH_ENDPOINT_ALLOW: pushService.origin },
      // the platform's points: the recorded ones at the final whistle, a 50–47 game before it
      matchupsAt: (recorded, phase) =>
        phase === 'final'
          ? recorded
          : recorded.map((matchup) => ({
              ...matchup,
              points: matchup.matchup_id === 2 ? (matchup.roster_id === 1 ? 50 : 47) : 0,
              players_points: {},
              starters_points: (matchup.starters_points as number[]).map(() => 0),
            })),
    });
    step('replay started');
    client = await replay.env.newUser();
    await client.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
    replay.advance('kickoff');
    // the member opens the league page: it is one of theirs to be told about
    // a loaded machine's fake platform may miss the page's few seconds: it is opened until it answers
    await waitFor(
      async () => ((await client.get(DETAILS)).status === 200 ? true : undefined),
      300_000,
      1_000,
    );
    const { db } = replay.env.server.deps.database;
    await waitFor(
      async () => ((await db.select().from(leagueWeekViews)).length > 0 ? true : undefined),
      30_000,
    );
    browser = pushService.subscribe();
    await client.post('/api/user/me/push-subscriptions', { endpoint: browser.endpoint, keys: browser.keys });
    await client.put('/api/user/me/notifications', {
      kinds: {
        starter_out: { push: true, email: true },
        final_result: ALL_OFF,
        weekly_digest: ALL_OFF,
        close_game: ALL_OFF,
      },
    });
  }, 600_000);
  afterAll(async () => {
    await replay?.stop();
    await pushService?.close();
  });

  async function syncNow(): Promise<void> {
    const { deps } = replay.env.server;
    expect((await deps.dataSync.runNow()).isStarted).toBe(true);
    const summary = await deps.dataSync.current();
    expect(summary).toMatchObject({ error: null });
    await deps.notifications.flush();
  }

  it('tells the member, by push and mail, that a starter is ruled out before kickoff — once, and again only after he flipped back', async () => {
    const { deps } = replay.env.server;
    const path = new URL(browser.endpoint).pathname;
    const pushesTo = () => pushService.received.filter((request) => request.path === path);

    replay.setInjury(JACOBS, 'Out');
    const statusReachedSync = Date.now();
    await syncNow();
    const { details } = (await client.get(DETAILS)).body
      ? { details: (await client.get(DETAILS)).body }
      : { details: null };
    const jacobs = details.rosters
      .find((roster: { roster_id: number }) => roster.roster_id === 1)
      .players.starters.find((player: { player_id: string }) => player.player_id === JACOBS);
    expect(jacobs).toMatchObject({ injury_status: 'Out', game_state: 'out' });
    const [push] = pushesTo();
    expect(push).toBeDefined();
    const message = decryptPush(push!.body, browser) as Record<string, string>;
    expect(message).toMatchObject({ kind: 'starter_out', title: 'Josh Jacobs will not play this week' });
    expect(message.body).toMatch(/^Josh Jacobs \(RB, GB\) is Out in .+\./);
    expect(message.url).toMatch(new RegExp(`^/simulate/dakeif/2025/${IN_SEASON_LEAGUE_ID}`));
    const mail = await replay.env.smtp.waitForMail(
      (m) => m.subject === 'Josh Jacobs will not play this week',
    );
    expect(mail.text).toContain(message.body);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    process.stdout.write(
      `starter_out: status change reaching the sync → push request ${push!.receivedAt - statusReachedSync} ms\n`,
    );

    // "Sync now" again with nothing new: nothing more is sent
    await syncNow();
    expect(pushesTo()).toHaveLength(1);

    // cleared, then ruled out again: a second message, about the new episode
    replay.setInjury(JACOBS, null);
    await syncNow();
    replay.setInjury(JACOBS, 'Out');
    await syncNow();
    expect(pushesTo()).toHaveLength(2);
    const [user] = await deps.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, mail.to[0]!));
    const rows = await deps.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user!.id), eq(notifications.kind, 'starter_out')));
    expect(rows.map((row) => `${row.channel}:${row.subject.split(':').at(-1)}:${row.status}`).sort()).toEqual(
      ['email:0:sent', 'email:1:sent', 'push:0:sent', 'push:1:sent'],
    );
  }, 600_000);

  it('tells the member once that the game comes down to its last game, and once the final score, margin and playoff chances', async () => {
    const { deps } = replay.env.server;
    await client.put('/api/user/me/notifications', {
      kinds: {
        starter_out: { push: true, email: true },
        final_result: { push: true, email: true },
        weekly_digest: ALL_OFF,
        close_game: { push: true, email: true },
      },
    });
    const path = new URL(browser.endpoint).pathname;
    const messagesOf = (kind: string) =>
      pushService.received
        .filter((request) => request.path === path)
        .map((request) => decryptPush(request.body, browser) as Record<string, string>)
        .filter((message) => message.kind === kind);
    const mailsTitled = (title: string) => replay.env.smtp.mails.filter((mail) => mail.subject === title);
    // the replay's clock runs ahead of the wall clock (halftime is 90 minutes after kickoff): the queue sends by it
    await deps.notifications.stop();
    const queue = createNotificationQueue({ ...deps, now: () => replay.now() });
    const tick = async () => {
      await replay.tick();
      await queue.flush();
    };
    const details = (await client.get(DETAILS)).body;
    const opponent = teamNameOf(
      details.rosters.find((roster: { roster_id: number }) => roster.roster_id === OPPONENT_ROSTER_ID),
    );
    const leagueName = details.league.name as string;

    // halftime everywhere, 50–47: close, but every game still to finish
    replay.advance('halftime');
    await tick();
    expect(messagesOf('close_game')).toHaveLength(0);

    // every game over but Baltimore's, where each side has one starter left to play
    replay.scoreboard.setAnswer(
      scoreboardAnswer(
        GAME_DAY_GAMES.map(([home, away]) =>
          gameAtMoment(home, away, home === 'BAL' ? 'halftime' : 'over', replay.kickoff),
        ),
      ),
    );
    deps.leagues.sleeperCache.clear();
    await tick();
    const [close] = messagesOf('close_game');
    expect(close).toMatchObject({
      title: `Close game against ${opponent}`,
      body: `You are ahead by 3 (50–47) in ${leagueName}, with the last game to decide it.`,
      url: expect.stringMatching(new RegExp(`^/simulate/dakeif/2025/${IN_SEASON_LEAGUE_ID}`)),
    });
    const closeMail = await replay.env.smtp.waitForMail((mail) => mail.subject === close!.title);
    expect(closeMail.text).toContain(close!.body);
    // the next refresh finds the same close game: nothing more
    await tick();
    expect(messagesOf('close_game')).toHaveLength(1);

    // the final whistle: the recorded result
    replay.advance('final');
    await tick();
    const official = officialFinalScores();
    const mine = official.get(MY_ROSTER_ID)!;
    const theirs = official.get(OPPONENT_ROSTER_ID)!;
    const shown = (value: number) => String(Math.round(value * 100) / 100);
    const [final] = messagesOf('final_result');
    expect(final).toBeDefined();
    expect(final!.title).toBe(`Final: ${shown(mine)}–${shown(theirs)} against ${opponent}`);
    const outcome = mine > theirs ? 'won' : 'lost';
    const sentence = new RegExp(
      `^You ${outcome} by ${shown(Math.abs(mine - theirs)).replace('.', '\\.')} in .+: ` +
        `${shown(mine).replace('.', '\\.')} to ${shown(theirs).replace('.', '\\.')}\\. ` +
        `Your playoff chances are now (\\d+)%\\.$`,
    );
    const chances = sentence.exec(final!.body!);
    expect(chances, final!.body).not.toBeNull();
    // won in week 1: the chances are read from the season runs, between nothing and certainty
    expect(Number(chances![1])).toBeGreaterThan(0);
    expect(Number(chances![1])).toBeLessThan(100);
    const finalMail = await replay.env.smtp.waitForMail((mail) => mail.subject === final!.title);
    expect(finalMail.text).toContain(final!.body);

    // deciding again (another process, the next tick) sends nothing more, on either channel
    expect(await decideGameResults(deps, replay.now())).toBe(0);
    await tick();
    await queue.stop();
    expect([messagesOf('close_game').length, messagesOf('final_result').length]).toEqual([1, 1]);
    expect([mailsTitled(close!.title!).length, mailsTitled(final!.title!).length]).toEqual([1, 1]);
    const [user] = await deps.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, finalMail.to[0]!));
    const rows = await deps.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user!.id));
    expect(
      rows
        .filter((row) => row.kind !== 'starter_out')
        .map((row) => `${row.kind}:${row.channel}:${row.status}`)
        .sort(),
    ).toEqual([
      'close_game:email:sent',
      'close_game:push:sent',
      'final_result:email:sent',
      'final_result:push:sent',
    ]);
  }, 600_000);
});
