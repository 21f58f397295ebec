/**
 * `@fm/api/testing`: what the browser end-to-end suite borrows from the API's own tests — the fake
 * upstreams (Sleeper, Yahoo, ESPN, SMTP), a throw-away Redis, the test server and its client, the
 * seeded matchup slate. Dev-only: the web app may not import it (ESLint, and its build refuses any
 * module of apps/api), and the server bundle never reaches it.
 */
export { STRONG_PASSWORD, signedInClient } from './accounts.js';
export { startFakeSmtp, type FakeSmtp, type ReceivedMail } from './fake-smtp.js';
export {
  FAKE_ESPN_LEAGUE_ID,
  FAKE_ESPN_PRIVATE_LEAGUE_ID,
  startFakeEspn,
  type FakeEspn,
} from './fakes/espn-server.js';
export {
  replaySeasonData,
  scheduledWeek,
  startFakeSleeperSeason,
  type FakeSleeperSeason,
  type SleeperSeasonData,
} from './fakes/sleeper-season-server.js';
export { IN_SEASON_LEAGUE_ID, startFakeSleeper, type FakeSleeper } from './fakes/sleeper-server.js';
export {
  FINAL_SCORE,
  gameAtMoment,
  HALFTIME_SCORE,
  scoreboardAnswer,
  startFakeNflScoreboard,
  type FakeNflScoreboard,
  type GameMoment,
  type ReplayedGame,
} from './fakes/nfl-scoreboard-server.js';
export { readFixture } from './fakes/fixtures.js';
export { FAKE_YAHOO_TOKENS, startFakeYahoo, type FakeYahoo } from './fakes/yahoo-server.js';
export { startTestServer, TestClient, type TestServer } from './harness.js';
export { insertMatchupSlate, OPPONENT_STARTERS, USER_STARTERS } from './matchup-fixtures.js';
export { engineInputFromAnswer } from './matchup-replay.js';
export { startOwnRedis, type OwnRedis } from './redis-server.js';
// The live-push suite waits for the syncing process's first run.
export { readSyncRecord } from '../src/services/sync-record/sync-record.js';
export {
  decryptPush,
  startFakePushService,
  verifyVapid,
  type BrowserSubscription,
  type FakePushService,
} from './fakes/push-service.js';
