import { players, projections } from '@fm/db';
import { registerVerifiedUser, signedInClient } from './accounts.js';
import type { FakeSmtp } from './fake-smtp.js';
import { type FakeEspn, startFakeEspn } from './fakes/espn-server.js';
import {
  type FakeSleeper,
  type FakeSleeperOptions,
  startFakeSleeper,
  type SleeperScenario,
} from './fakes/sleeper-server.js';
import { type FakeYahoo, startFakeYahoo } from './fakes/yahoo-server.js';
import {
  type DatabaseKind,
  type MailingTestServer,
  startMailingTestServer,
  type TestClient,
  type TestServer,
} from './harness.js';

export const YAHOO_APP = { clientId: 'fm-test-client', clientSecret: 'fm-test-secret' } as const;

export interface LeagueTestEnv {
  server: MailingTestServer;
  smtp: FakeSmtp;
  sleeper: FakeSleeper;
  yahoo: FakeYahoo;
  espn: FakeEspn;
  /** A new verified account, signed in. */
  newUser(): Promise<TestClient>;
  stop(): Promise<void>;
}

/** The real server wired to fake Sleeper, Yahoo, ESPN and SMTP services. */
export async function startLeagueTestEnv(
  kind: DatabaseKind,
  options: {
    scenario?: SleeperScenario;
    env?: Record<string, string | undefined>;
    /** More options of the fake Sleeper league service (live week, roster taken over…). */
    sleeperOptions?: Omit<FakeSleeperOptions, 'scenario'>;
  } = {},
): Promise<LeagueTestEnv> {
  const [sleeper, yahoo, espn] = await Promise.all([
    startFakeSleeper({ ...options.sleeperOptions, scenario: options.scenario ?? 'in-season' }),
    startFakeYahoo(YAHOO_APP),
    startFakeEspn(),
  ]);
  const server = await startMailingTestServer(kind, {
    SLEEPER_API_URL: sleeper.url,
    YAHOO_CLIENT_ID: YAHOO_APP.clientId,
    YAHOO_CLIENT_SECRET: YAHOO_APP.clientSecret,
    YAHOO_AUTH_URL: yahoo.url,
    YAHOO_API_URL: yahoo.url,
    ESPN_API_URL: espn.url,
    ...options.env,
  });
  return {
    server,
    smtp: server.smtp,
    sleeper,
    yahoo,
    espn,
    newUser: async () => signedInClient(server, await registerVerifiedUser(server)),
    async stop() {
      await server.stop();
      await Promise.all([sleeper.close(), yahoo.close(), espn.close()]);
    },
  };
}

/** The path and query of an absolute URL, to call it on the test server. */
export function pathAndQuery(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/**
 * Links Yahoo the way a browser does: auth-url → the (fake) consent page → our callback.
 * Answers the callback's redirect location.
 */
export async function linkYahoo(client: TestClient): Promise<string> {
  const { body } = await client.get('/api/leagues/yahoo/auth-url');
  const consent = await fetch(body.url, { redirect: 'manual' });
  const backToUs = consent.headers.get('location');
  if (!backToUs) throw new Error(`the consent page did not redirect: ${consent.status}`);
  const callback = await client.get(pathAndQuery(backToUs));
  return callback.headers.get('location') ?? '';
}

export interface SeededPlayer {
  fullName: string;
  position: string;
  team: string;
  sleeperId?: string | null;
  projection?: {
    season: number;
    week: number;
    source?: string;
    predMean: number;
    predStd: number;
    p10?: number;
    p50?: number;
    p90?: number;
    stats?: Record<string, number>;
  };
}

/**
 * Rows an NFL.com import would have written: a player and (optionally) his projection, the data version
 * bumped as an import does (what the server caches by version is read again).
 */
export async function seedPlayer(server: TestServer, player: SeededPlayer): Promise<number> {
  const { db } = server.deps.database;
  const [row] = await db
    .insert(players)
    .values({
      fullName: player.fullName,
      searchName: player.fullName.toLowerCase(),
      position: player.position,
      team: player.team,
      sleeperId: player.sleeperId ?? null,
    })
    .returning({ id: players.id });
  const projection = player.projection;
  if (projection) {
    await db.insert(projections).values({
      playerId: row!.id,
      season: projection.season,
      week: projection.week,
      source: projection.source ?? 'model',
      team: player.team,
      opponent: 'OPP',
      predMean: projection.predMean,
      predStd: projection.predStd,
      p10: projection.p10 ?? null,
      p50: projection.p50 ?? null,
      p90: projection.p90 ?? null,
      stats: projection.stats ?? null,
    });
  }
  await server.deps.dataVersion.bump();
  return row!.id;
}

/**
 * Sam Darnold (QB, two passing TDs) and George Pickens (WR, six catches), projected for 2026 week 1: in the
 * offseason league's scoring (5 a passing TD, 0.5 a catch) the one gains and the other loses against PPR.
 */
export async function seedDarnoldAndPickens(server: TestServer): Promise<void> {
  const week = { season: 2026, week: 1 };
  await seedPlayer(server, {
    fullName: 'Sam Darnold',
    position: 'QB',
    team: 'SEA',
    projection: {
      ...week,
      predMean: 18,
      predStd: 6,
      p10: 10,
      p50: 17.5,
      p90: 26,
      stats: { pass_yd: 250, pass_td: 2 },
    },
  });
  await seedPlayer(server, {
    fullName: 'George Pickens',
    position: 'WR',
    team: 'DAL',
    projection: {
      ...week,
      predMean: 14,
      predStd: 5,
      p10: 7,
      p50: 13,
      p90: 21,
      stats: { rec: 6, rec_yd: 80 },
    },
  });
}
