import {
  type AppPlayer,
  type LeagueDetails,
  isOnBye,
  isRuledOut,
  rosterOf,
  weekStarterIds,
} from '@fm/contract';
import { type MatchupInput, statusTag } from '@fm/engine';
import { weekMatchupInput } from '../rest-of-season/week-matchup.js';
import type { NotificationEvent } from './record.js';

/** Enough draws to rank a few bench players by the win probability they give (same scenarios for each). */
const REPLACEMENT_ITERATIONS = 2_000;
/** A message about a player whose kickoff has passed is no use; one whose game is late still gets this long. */
const MIN_LIFETIME_MS = 10 * 60_000;

export interface StarterOutLeague {
  details: LeagueDetails;
  /** The league page's path (Sleeper's carries the username it was found through). */
  leaguePath: string;
  /** Our player id of each rostered player, and each one's "ruled out" episode this week. */
  episodes: ReadonlyMap<number, number>;
}

/** P(win) of a week's matchup, run on the simulation threads (null without a game). */
export type WinProbabilityRun = (input: MatchupInput | null) => Promise<number | null>;

interface Replacement {
  player: AppPlayer;
  winBefore: number;
  winAfter: number;
}

const percent = (probability: number) => `${Math.round(probability * 100)}%`;

function gameOf(details: LeagueDetails, team: string) {
  const code = team.toUpperCase();
  return details.games.find((game) => game.home_team === code || game.away_team === code);
}

/** Not under way or over: he can still be taken out of the line-up. */
function canStillMove(details: LeagueDetails, player: AppPlayer): boolean {
  const state = gameOf(details, player.team)?.state;
  return state !== 'in' && state !== 'final';
}

/** The bench player at his position whose start raises this week's win probability most. */
async function bestReplacement(
  details: LeagueDetails,
  lineup: { rosterId: number; starterIds: string[] },
  out: AppPlayer,
  bench: AppPlayer[],
  winProbability: WinProbabilityRun,
): Promise<Replacement | null> {
  const { rosterId, starterIds } = lineup;
  const winBefore = await winProbability(
    weekMatchupInput(details, rosterId, starterIds, [], REPLACEMENT_ITERATIONS),
  );
  if (winBefore === null) return null;
  let best: Replacement | null = null;
  for (const candidate of bench) {
    if (candidate.position !== out.position) continue;
    if (isRuledOut(candidate) || isOnBye(details, candidate) || !canStillMove(details, candidate)) continue;
    const swapped = starterIds.map((id) => (id === out.player_id ? candidate.player_id : id));
    const winAfter = await winProbability(
      weekMatchupInput(details, rosterId, swapped, [], REPLACEMENT_ITERATIONS),
    );
    if (winAfter !== null && (!best || winAfter > best.winAfter))
      best = { player: candidate, winBefore, winAfter };
  }
  return best;
}

function whyOut(details: LeagueDetails, player: AppPlayer): string {
  if (isOnBye(details, player) || player.game_state === 'bye') return 'on bye';
  const status = player.injury_status?.trim() ?? '';
  const tag = statusTag(status);
  return tag === 'IR' ? 'on injured reserve' : tag === 'Sus' ? 'suspended' : status ? status : 'inactive';
}

/**
 * The person's starters in one league who will not play this week (ruled out, inactive, on IR, suspended, or on
 * bye) while their game has not started: who, why, the best bench replacement with the change in win
 * probability (its simulations by `winProbability`, on the threads), and a link to the league page with that
 * change ready to apply.
 */
export async function starterOutEvents(
  userId: string,
  league: StarterOutLeague,
  winProbability: WinProbabilityRun,
  now: Date,
): Promise<NotificationEvent[]> {
  const { details } = league;
  const rosterId = details.my_roster_id;
  if (rosterId === null || details.is_week_complete) return [];
  const roster = rosterOf(details, rosterId);
  if (!roster) return [];
  const starterIds = weekStarterIds(details, rosterId);
  const starters = roster.players.starters.filter((player) => starterIds.includes(player.player_id));
  const season = Number(details.league.season);
  const lastKickoff = Math.max(
    0,
    ...details.games.map((game) => (game.kickoff ? Date.parse(game.kickoff) : 0)),
  );
  const events: NotificationEvent[] = [];
  for (const player of starters) {
    const isBye = isOnBye(details, player) || player.game_state === 'bye';
    if (!isBye && !isRuledOut(player) && player.game_state !== 'out') continue;
    if (!isBye && !canStillMove(details, player)) continue;
    const kickoff = isBye ? lastKickoff : player.kickoff ? Date.parse(player.kickoff) : lastKickoff;
    const expiresAt = new Date(Math.max(kickoff, now.getTime() + MIN_LIFETIME_MS));
    const appId = details.app_player_ids[player.player_id];
    const episode = isBye
      ? 'bye'
      : String((appId !== undefined ? league.episodes.get(appId) : undefined) ?? 0);
    const replacement = await bestReplacement(
      details,
      { rosterId, starterIds },
      player,
      roster.players.bench,
      winProbability,
    );
    const why = whyOut(details, player);
    const advice = replacement
      ? ` Start ${replacement.player.name} instead: your chance to win goes from ${percent(replacement.winBefore)} to ${percent(replacement.winAfter)}.`
      : ' No one on your bench plays his position this week.';
    const url = replacement
      ? `${league.leaguePath}?replace=${encodeURIComponent(player.player_id)}&with=${encodeURIComponent(replacement.player.player_id)}`
      : league.leaguePath;
    const leagueKey = `${details.platform}:${details.league.league_id}`;
    events.push({
      userId,
      kind: 'starter_out',
      subject: `${leagueKey}:${player.player_id}:${episode}`,
      season,
      week: details.week,
      league: { platform: details.platform, leagueId: details.league.league_id },
      title: `${player.name} will not play this week`,
      body: `${player.name} (${player.position}, ${player.team}) is ${why} in ${details.league.name}.${advice}`,
      url,
      expiresAt,
      topicKey: `starter_out:${leagueKey}:${player.player_id}`,
    });
  }
  return events;
}

/** The league page: /simulate/{username}/{season}/{id} for Sleeper, /simulate/{yahoo|espn}/{season}/{id}. */
export function leaguePagePath(details: LeagueDetails): string {
  const id = encodeURIComponent(details.league.league_id);
  const season = details.league.season;
  if (details.platform !== 'sleeper') return `/simulate/${details.platform}/${season}/${id}`;
  return `/simulate/${encodeURIComponent(details.league.username ?? '')}/${season}/${id}`;
}
