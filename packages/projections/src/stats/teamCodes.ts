/** NFL.com spelled the Rams 'LA' until 2023 and 'LAR' from 2024; one spelling keeps a team's history together. */
const TEAM_CODE_ALIASES: Readonly<Record<string, string>> = { LA: 'LAR' };

export const FREE_AGENT_TEAM = 'FA';

export function normalizeTeamCode(code: string): string {
  const upper = code.trim().toUpperCase();
  return TEAM_CODE_ALIASES[upper] ?? upper;
}
