import type { LeagueDetails, LeaguePlayer } from './league-details';

/** Short injury tags as fantasy apps show them, from Sleeper's and Yahoo's spellings. */
const INJURY_TAGS: Record<string, string> = {
  QUESTIONABLE: 'Q',
  Q: 'Q',
  DOUBTFUL: 'D',
  D: 'D',
  OUT: 'O',
  O: 'O',
  IR: 'IR',
  'IR-R': 'IR',
  SUS: 'Sus',
  SUSP: 'Sus',
  SUSPENDED: 'Sus',
  PUP: 'PUP',
  'PUP-R': 'PUP',
  'PUP-P': 'PUP',
  NA: 'NA',
  COV: 'COV',
};

/** "Q", "D", "O", "IR", "Sus"… for a player's injury status; null when healthy. */
export function injuryTag(status: string | null | undefined): string | null {
  if (!status) return null;
  return INJURY_TAGS[status.trim().toUpperCase()] ?? status.trim();
}

export function isOnBye(details: LeagueDetails, player: LeaguePlayer): boolean {
  const opponent = details.projections[player.player_id]?.opponent;
  return player.bye_week === details.week || opponent?.toUpperCase() === 'BYE';
}

const KICKOFF_FORMAT = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/** "@ KC · Sun 1:00 PM", "vs BUF", "BYE", or "" when the week's game is unknown. */
export function gameLabel(details: LeagueDetails, player: LeaguePlayer): string {
  if (isOnBye(details, player)) return 'BYE';
  const opponent = details.projections[player.player_id]?.opponent;
  const versus = opponent ? (opponent.startsWith('@') ? `@ ${opponent.slice(1)}` : `vs ${opponent}`) : '';
  const kickoff = player.kickoff ? KICKOFF_FORMAT.format(new Date(player.kickoff)) : '';
  return [versus, kickoff].filter(Boolean).join(' · ');
}
