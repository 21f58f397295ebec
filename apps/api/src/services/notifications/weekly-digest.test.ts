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
import { IN_SEASON_LEAGUE_ID } from '../../../test/fakes/sleeper-server.js';
import type { TestClient } from '../../../test/harness.js';
import type { LeagueTestEnv } from '../../../test/leagues.js';
import {
  ROS_LEAGUE,
  ROS_MY_ROSTER_ID,
  ROS_SEASON,
  ROS_WEEK,
  startRestOfSeasonLeague,
} from '../../../test/rest-of-season-league.js';
import { waitFor } from '../../../test/wait-for.js';
import { readSyncRecord, writeSyncRecord } from '../sync-record/sync-record.js';
import { DIGEST_FREE_AGENT_CANDIDATES } from './decide-weekly-digests.js';
import { createNotificationQueue, type NotificationQueue } from './queue.js';

type Json = Record<string, any>;
const ALL_OFF = { push: false, email: false };
const DIGEST_ON = {
  starter_out: ALL_OFF,
  final_result: ALL_OFF,
  weekly_digest: { push: true, email: true },
  close_game: ALL_OFF,
};

interface Person {
  client: TestClient;
  email: string;
  userId: string;
  browser: BrowserSubscription;
}

/**
 * The week-1 league of the rest-of-season tools, on the Tuesday it is played (2025-09-09): the digest looks at the
 * week ahead. The test's clock moves through that day; the queue sends by the same clock.
 */
describe('weekly digest on Tuesday morning (pglite)', () => {
  let pushService: FakePushService;
  let env: LeagueTestEnv;
  let queue: NotificationQueue;
  let clock = new Date('2025-09-08T12:00:00Z');
  let newYork: Person;
  let tokyo: Person;
  let muted: Person;

  async function person(client: TestClient, settings: Json): Promise<Person> {
    const { db } = env.server.deps.database;
    const email = (await client.get('/api/auth/me')).body.data.email as string;
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    // the member opens the league page: it is one of theirs to be told about
    expect((await client.get(`${ROS_LEAGUE}/details`)).status).toBe(200);
    await waitFor(
      async () =>
        (await db.select().from(leagueWeekViews).where(eq(leagueWeekViews.userId, row!.id))).length > 0
          ? true
          : undefined,
      30_000,
    );
    const browser = pushService.subscribe();
    await client.post('/api/user/me/push-subscriptions', { endpoint: browser.endpoint, keys: browser.keys });
    expect((await client.put('/api/user/me/notifications', { kinds: DIGEST_ON, ...settings })).status).toBe(
      200,
    );
    return { client, email, userId: row!.id, browser };
  }

  beforeAll(async () => {
    pushService = await startFakePushService();
    const league = await startRestOfSeasonLeague('pglite', {
      env: { PUSH_ENDPOINT_ALLOW: pushService.origin },
    });
    env = league.env;
    const { deps } = env.server;
    const record = await readSyncRecord(deps.database);
    record.nflWeek = { season: ROS_SEASON, week: ROS_WEEK, seasonType: 'regular' };
    await writeSyncRecord(deps.database, record);
    // the server's own queue sends by the wall clock; this one by the test's
    await deps.notifications.stop();
    queue = createNotificationQueue({ ...deps, now: () => clock });
    const connected = async () => {
      const client = await env.newUser();
      await client.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
      return client;
    };
    // quiet until 10:00 in New York: the digest decided at 09:30 waits half an hour
    newYork = await person(league.client, {
      time_zone: 'America/New_York',
      quiet_hours: { start: '22:00', end: '10:00' },
    });
    tokyo = await person(await connected(), { time_zone: 'Asia/Tokyo' });
    muted = await person(await connected(), { time_zone: 'Asia/Tokyo' });
    await muted.client.put('/api/user/me/notifications/leagues', {
      platform: 'sleeper',
      league_id: IN_SEASON_LEAGUE_ID,
      muted: true,
    });
  }, 600_000);
  afterAll(async () => {
    await queue?.stop();
    await env?.stop();
    await pushService?.close();
  });

  const pushesTo = (someone: Person) =>
    pushService.received.filter((request) => request.path === new URL(someone.browser.endpoint).pathname);
  const digestMails = (someone: Person) =>
    env.smtp.mails.filter((mail) => mail.to.includes(someone.email) && /preview/.test(mail.subject));

  /** The test's clock at `iso`: the digest job looks once, the queue sends what is due. */
  async function at(iso: string): Promise<void> {
    clock = new Date(iso);
    await env.server.jobs.weeklyDigests.runOnce(clock);
    await queue.flush();
  }

  /** What the league page's own calls answer for this person: the digest must say the same. */
  async function expectedContent(client: TestClient) {
    const details = (await client.get(`${ROS_LEAGUE}/details`)).body;
    const freeAgents = await client.get(`${ROS_LEAGUE}/free-agents?limit=${DIGEST_FREE_AGENT_CANDIDATES}`);
    expect(freeAgents.status).toBe(200);
    const trades = await client.get(`${ROS_LEAGUE}/trades/suggestions?limit=1`);
    expect(trades.status).toBe(200);
    const everyone: Json[] = details.rosters.flatMap((roster: Json) => [
      ...roster.players.starters,
      ...roster.players.bench,
      ...roster.players.reserve,
    ]);
    const nameOf = (id: string) => everyone.find((player) => player.player_id === id)!.name as string;
    const mine = details.rosters.find((roster: Json) => roster.roster_id === ROS_MY_ROSTER_ID);
    const myMatchup = details.matchups.find((m: Json) => m.roster_id === ROS_MY_ROSTER_ID);
    const opponent = details.rosters.find(
      (roster: Json) =>
        roster.roster_id ===
        details.matchups.find(
          (m: Json) => m.matchup_id === myMatchup.matchup_id && m.roster_id !== ROS_MY_ROSTER_ID,
        ).roster_id,
    );
    const pickup = freeAgents.body.data.find(
      (row: Json) => row.has_projection && row.delta_playoff_probability > 0,
    );
    const [trade] = trades.body.data;
    const injured = [...mine.players.starters, ...mine.players.bench, ...mine.players.reserve].filter(
      (player: Json) => player.injury_status,
    );
    return {
      opponent: teamNameOf(opponent),
      pickup: pickup ? `Best free agent: ${pickup.name} (${pickup.position}, ${pickup.team})` : null,
      trade: trade
        ? `give ${trade.give.map(nameOf).join(' and ')} for ${trade.get.map(nameOf).join(' and ')}`
        : null,
      injured: injured.map((player: Json) => `${player.name} (${player.position}, ${player.injury_status})`),
    };
  }

  it('sends each person one digest on their own Tuesday morning, by push and mail, and none on other days or twice', async () => {
    // Monday afternoon in New York, Tuesday 05:00 in Tokyo: too early for both
    await at('2025-09-08T20:00:00Z');
    expect([pushesTo(newYork), pushesTo(tokyo), pushesTo(muted)].map((list) => list.length)).toEqual([
      0, 0, 0,
    ]);

    // Tuesday 09:30 in Tokyo (Monday evening in New York)
    await at('2025-09-09T00:30:00Z');
    expect(pushesTo(tokyo)).toHaveLength(1);
    expect(pushesTo(newYork)).toHaveLength(0);
    // the muted league is the only one of theirs: nothing to tell
    expect(pushesTo(muted)).toHaveLength(0);
    const message = decryptPush(pushesTo(tokyo)[0]!.body, tokyo.browser) as Record<string, string>;
    expect(message).toMatchObject({
      kind: 'weekly_digest',
      title: `Your week ${ROS_WEEK} preview`,
      url: expect.stringMatching(new RegExp(`^/simulate/dakeif/${ROS_SEASON}/${IN_SEASON_LEAGUE_ID}$`)),
    });
    process.stdout.write(`weekly digest as sent:\n${message.body}\n`);
    const expected = await expectedContent(tokyo.client);
    const win = new RegExp(`(\\d+)% to win week ${ROS_WEEK} against ${expected.opponent}\\.`).exec(
      message.body!,
    );
    expect(win, message.body).not.toBeNull();
    expect(Number(win![1])).toBeGreaterThan(0);
    expect(Number(win![1])).toBeLessThan(100);
    expect(message.body).toContain(expected.pickup ?? 'No free agent raises your playoff chances.');
    expect(message.body).toContain(expected.trade ?? 'No trade helps both teams this week.');
    if (expected.injured.length === 0)
      expect(message.body).toContain('None of your players has an injury status.');
    for (const line of expected.injured) expect(message.body).toContain(line);
    const mail = await env.smtp.waitForMail((m) => m.to.includes(tokyo.email) && m.subject === message.title);
    expect(mail.text).toContain(message.body);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // later that morning in Tokyo: already told
    await at('2025-09-09T02:00:00Z');
    expect(pushesTo(tokyo)).toHaveLength(1);

    // Tuesday 09:30 in New York (22:30 in Tokyo): decided, but held until the quiet hours end at 10:00
    await at('2025-09-09T13:30:00Z');
    expect(pushesTo(newYork)).toHaveLength(0);
    const [held] = await env.server.deps.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, newYork.userId), eq(notifications.channel, 'push')));
    expect(held).toMatchObject({ kind: 'weekly_digest', status: 'waiting' });
    expect(held!.runAfter.toISOString()).toBe('2025-09-09T14:00:00.000Z');
    await at('2025-09-09T14:00:00Z');
    expect(pushesTo(newYork)).toHaveLength(1);
    const newYorkMessage = decryptPush(pushesTo(newYork)[0]!.body, newYork.browser) as Record<string, string>;
    expect(newYorkMessage.title).toBe(`Your week ${ROS_WEEK} preview`);
    // the same league and roster: the same figures
    expect(newYorkMessage.body).toBe(message.body);

    // the rest of Tuesday, and Wednesday morning in both places: nothing more
    await at('2025-09-09T16:00:00Z');
    await at('2025-09-10T00:30:00Z');
    await at('2025-09-10T13:30:00Z');
    expect([pushesTo(newYork), pushesTo(tokyo), pushesTo(muted)].map((list) => list.length)).toEqual([
      1, 1, 0,
    ]);
    expect([digestMails(newYork), digestMails(tokyo), digestMails(muted)].map((list) => list.length)).toEqual(
      [1, 1, 0],
    );
    for (const someone of [newYork, tokyo]) {
      const rows = await env.server.deps.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, someone.userId), eq(notifications.kind, 'weekly_digest')));
      expect(rows.map((row) => `${row.channel}:${row.subject}:${row.week}:${row.status}`).sort()).toEqual([
        `email:digest:2025-09-09:${ROS_WEEK}:sent`,
        `push:digest:2025-09-09:${ROS_WEEK}:sent`,
      ]);
    }
  }, 600_000);
});
