/** Analytics event types the server records (page views come from the web app). */
export const EVENT_TYPES = {
  signup: 'auth.signup',
  login: 'auth.login',
  loginFailed: 'auth.login_failed',
  leagueLinked: 'league.linked',
  simulationRun: 'simulation.run',
  pageView: 'page.view',
} as const;

export type UserSource = 'request-cookie' | 'none';

export interface CapturedEvent {
  type: string;
  payload?: Record<string, unknown>;
  /** Where the user's session token is: the request (signed in already), or nowhere. */
  userSource: UserSource;
}

interface CaptureRule {
  method: string;
  /** REST path under /api and the tRPC procedure serving it. */
  path: string;
  procedure: string;
  when: (statusCode: number) => boolean;
  event: CapturedEvent;
}

const isSuccess = (status: number) => status >= 200 && status < 300;
const isRedirect = (status: number) => status >= 300 && status < 400;

/**
 * Product events read off the responses of the routes that cause them, so the services that
 * own those routes need not know about analytics. Logins are not among them: the login service
 * records its own decisions, which a URL cannot see inside a batch.
 */
const CAPTURE_RULES: CaptureRule[] = [
  {
    method: 'POST',
    path: '/api/auth/register',
    procedure: 'auth.register',
    when: isSuccess,
    event: { type: EVENT_TYPES.signup, userSource: 'none' },
  },
  {
    method: 'POST',
    path: '/api/leagues/sleeper/connect',
    procedure: 'leagues.sleeperConnect',
    when: isSuccess,
    event: { type: EVENT_TYPES.leagueLinked, payload: { platform: 'sleeper' }, userSource: 'request-cookie' },
  },
  {
    method: 'GET',
    path: '/api/leagues/yahoo/callback',
    procedure: 'leagues.yahooCallback',
    when: isRedirect,
    event: { type: EVENT_TYPES.leagueLinked, payload: { platform: 'yahoo' }, userSource: 'request-cookie' },
  },
  {
    method: 'POST',
    path: '/api/matchup/simulate',
    procedure: 'matchup.simulate',
    when: isSuccess,
    event: { type: EVENT_TYPES.simulationRun, payload: { kind: 'simulate' }, userSource: 'request-cookie' },
  },
  {
    method: 'POST',
    path: '/api/matchup/analyze',
    procedure: 'matchup.analyze',
    when: isSuccess,
    event: { type: EVENT_TYPES.simulationRun, payload: { kind: 'analyze' }, userSource: 'request-cookie' },
  },
];

const rulesByRoute = new Map<string, CaptureRule[]>();
for (const rule of CAPTURE_RULES) {
  for (const key of [`${rule.method} ${rule.path}`, `${rule.method} /trpc/${rule.procedure}`]) {
    rulesByRoute.set(key, [...(rulesByRoute.get(key) ?? []), rule]);
  }
}

/** The event a finished request stands for, if any. `path` has no query string. */
export function capturedEventFor(
  method: string,
  path: string,
  statusCode: number,
): CapturedEvent | undefined {
  const rules = rulesByRoute.get(`${method} ${path.length > 1 ? path.replace(/\/+$/, '') : path}`);
  return rules?.find((rule) => rule.when(statusCode))?.event;
}
