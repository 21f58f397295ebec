/**
 * `@fm/api/testing`: what the browser end-to-end suite borrows from the API's own tests — the fake
 * upstreams (Sleeper, Yahoo, ESPN, SMTP), a throw-away Redis, the test server and its client, the
 * seeded matchup slate. Dev-only: the web app may not import it (ESLint, and its build refuses any
 * module of apps/api), and the server bundle never reaches it.
 */
export { STRONG_PASSWORD, signedInClient } from './accounts.js';
export { startFakeSmtp, type FakeSmtp, type ReceivedMail } from './fake-smtp.js';
export { FAKE_ESPN_LEAGUE_ID, startFakeEspn, type FakeEspn } from './fakes/espn-server.js';
export {
  replaySeasonData,
  startFakeSleeperSeason,
  type FakeSleeperSeason,
} from './fakes/sleeper-season-server.js';
export { startFakeSleeper, type FakeSleeper } from './fakes/sleeper-server.js';
export { FAKE_YAHOO_TOKENS, startFakeYahoo, type FakeYahoo } from './fakes/yahoo-server.js';
export { startTestServer, TestClient, type TestServer } from './harness.js';
export { insertMatchupSlate, OPPONENT_STARTERS, USER_STARTERS } from './matchup-fixtures.js';
export { engineInputFromAnswer } from './matchup-replay.js';
export { startOwnRedis, type OwnRedis } from './redis-server.js';
// The live-push suite writes a week's NFL.com files into the running app's database, as an admin import would.
export { importNflData } from '../src/services/nfl-import/import-nfl-data.js';
