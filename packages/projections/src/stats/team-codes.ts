/**
 * Older or alternative spellings of a team → the code Sleeper and NFL.com use today, so one spelling
 * keeps a franchise's history together (NFL.com wrote the Rams 'LA' until 2023; others write
 * JAC, WSH; the Rams, Chargers and Raiders moved from St. Louis, San Diego and Oakland).
 */
export const TEAM_CODE_ALIASES: Readonly<Record<string, string>> = {
  LA: 'LAR',
  STL: 'LAR',
  SD: 'LAC',
  OAK: 'LV',
  JAC: 'JAX',
  WSH: 'WAS',
};

export { FREE_AGENT_TEAM } from '@fm/engine';

export function normalizeTeamCode(code: string): string {
  const upper = code.trim().toUpperCase();
  return TEAM_CODE_ALIASES[upper] ?? upper;
}

/** The 32 NFL teams by the code Sleeper and NFL.com use (Sleeper keys a team defense by it). */
export const NFL_TEAMS: Readonly<Record<string, { city: string; nickname: string }>> = {
  ARI: { city: 'Arizona', nickname: 'Cardinals' },
  ATL: { city: 'Atlanta', nickname: 'Falcons' },
  BAL: { city: 'Baltimore', nickname: 'Ravens' },
  BUF: { city: 'Buffalo', nickname: 'Bills' },
  CAR: { city: 'Carolina', nickname: 'Panthers' },
  CHI: { city: 'Chicago', nickname: 'Bears' },
  CIN: { city: 'Cincinnati', nickname: 'Bengals' },
  CLE: { city: 'Cleveland', nickname: 'Browns' },
  DAL: { city: 'Dallas', nickname: 'Cowboys' },
  DEN: { city: 'Denver', nickname: 'Broncos' },
  DET: { city: 'Detroit', nickname: 'Lions' },
  GB: { city: 'Green Bay', nickname: 'Packers' },
  HOU: { city: 'Houston', nickname: 'Texans' },
  IND: { city: 'Indianapolis', nickname: 'Colts' },
  JAX: { city: 'Jacksonville', nickname: 'Jaguars' },
  KC: { city: 'Kansas City', nickname: 'Chiefs' },
  LAC: { city: 'Los Angeles', nickname: 'Chargers' },
  LAR: { city: 'Los Angeles', nickname: 'Rams' },
  LV: { city: 'Las Vegas', nickname: 'Raiders' },
  MIA: { city: 'Miami', nickname: 'Dolphins' },
  MIN: { city: 'Minnesota', nickname: 'Vikings' },
  NE: { city: 'New England', nickname: 'Patriots' },
  NO: { city: 'New Orleans', nickname: 'Saints' },
  NYG: { city: 'New York', nickname: 'Giants' },
  NYJ: { city: 'New York', nickname: 'Jets' },
  PHI: { city: 'Philadelphia', nickname: 'Eagles' },
  PIT: { city: 'Pittsburgh', nickname: 'Steelers' },
  SEA: { city: 'Seattle', nickname: 'Seahawks' },
  SF: { city: 'San Francisco', nickname: '49ers' },
  TB: { city: 'Tampa Bay', nickname: 'Buccaneers' },
  TEN: { city: 'Tennessee', nickname: 'Titans' },
  WAS: { city: 'Washington', nickname: 'Commanders' },
};

export const NFL_TEAM_CODES: readonly string[] = Object.keys(NFL_TEAMS);

export function isNflTeamCode(code: string): boolean {
  return Object.hasOwn(NFL_TEAMS, code);
}

/**
 * A team as a box score names it in a few letters' room: its nickname ("49ers", "Giants"), never the first word of
 * its city ("San", "New" name several teams); null for a code that is no NFL team.
 */
export function teamShortName(code: string): string | null {
  return NFL_TEAMS[normalizeTeamCode(code)]?.nickname ?? null;
}
