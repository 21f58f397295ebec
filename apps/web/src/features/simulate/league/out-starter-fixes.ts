import { isOnBye, isRuledOut } from '@fm/contract';
import { availabilityOf, slotAccepts } from '@fm/engine';
import type { LeagueDetails, LeaguePlayer } from '../shared/league-details';
import type { SideLineup } from './side-lineup';

/** A starter who will not play, why, and the bench player who would best take his slot (null: nobody can). */
export interface OutStarterFix {
  starter: LeaguePlayer;
  reason: string;
  slot: string;
  replacement: LeaguePlayer | null;
}

function willNotPlay(details: LeagueDetails, player: LeaguePlayer): boolean {
  return isRuledOut(player) || isOnBye(details, player);
}

/**
 * Every movable starter who is out or on bye, with the movable bench player of the highest expected points
 * who fits his slot and will play. Each bench player is offered once, to the first slot that wants him.
 */
export function outStarterFixes(
  details: LeagueDetails,
  lineup: SideLineup,
  expectedPoints: (player: LeaguePlayer) => number | null,
  canMove: (player: LeaguePlayer) => boolean,
): OutStarterFix[] {
  const offered = new Set<string>();
  const candidates = lineup.bench
    .filter((player) => canMove(player) && !willNotPlay(details, player))
    .sort((a, b) => (expectedPoints(b) ?? 0) - (expectedPoints(a) ?? 0));
  return lineup.rows.flatMap(({ label, player }) => {
    if (!player || !canMove(player) || !willNotPlay(details, player)) return [];
    const replacement =
      candidates.find((bench) => !offered.has(bench.player_id) && slotAccepts(label, bench.position)) ?? null;
    if (replacement) offered.add(replacement.player_id);
    const reason =
      availabilityOf(player.injury_status, { isOnBye: isOnBye(details, player) }).reason ?? 'Out';
    return [{ starter: player, reason, slot: label, replacement }];
  });
}
