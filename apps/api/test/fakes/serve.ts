/**
 * Starts the fake Sleeper, Yahoo and ESPN services for browser end-to-end runs:
 *
 *   npx tsx apps/api/test/fakes/serve.ts [--sleeper-port 4101] [--yahoo-port 4102] [--espn-port 4103]
 *     [--scenario in-season|preseason|offseason] [--yahoo-client-id ID --yahoo-client-secret SECRET]
 *
 * Prints one JSON line `{"sleeperUrl": …, "yahooUrl": …, "espnUrl": …}` (use them as SLEEPER_API_URL, as
 * both YAHOO_AUTH_URL and YAHOO_API_URL, and as ESPN_API_URL), then serves until SIGINT/SIGTERM.
 */
import { parseArgs } from 'node:util';
import { startFakeEspn } from './espn-server.js';
import { type SleeperScenario, startFakeSleeper } from './sleeper-server.js';
import { startFakeYahoo } from './yahoo-server.js';

const SCENARIOS: SleeperScenario[] = ['in-season', 'preseason', 'offseason'];

const { values } = parseArgs({
  options: {
    'sleeper-port': { type: 'string', default: '0' },
    'yahoo-port': { type: 'string', default: '0' },
    'espn-port': { type: 'string', default: '0' },
    scenario: { type: 'string', default: 'in-season' },
    'yahoo-client-id': { type: 'string' },
    'yahoo-client-secret': { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
  },
});

const scenario = values.scenario as SleeperScenario;
if (!SCENARIOS.includes(scenario)) {
  process.stderr.write(`--scenario must be one of ${SCENARIOS.join(', ')}\n`);
  process.exit(2);
}

const sleeper = await startFakeSleeper({ scenario, port: Number(values['sleeper-port']), host: values.host });
const yahoo = await startFakeYahoo({
  port: Number(values['yahoo-port']),
  host: values.host,
  clientId: values['yahoo-client-id'],
  clientSecret: values['yahoo-client-secret'],
});
const espn = await startFakeEspn({ port: Number(values['espn-port']), host: values.host });
process.stdout.write(
  `${JSON.stringify({ sleeperUrl: sleeper.url, yahooUrl: yahoo.url, espnUrl: espn.url, scenario })}\n`,
);

const stop = async () => {
  await Promise.all([sleeper.close(), yahoo.close(), espn.close()]);
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
