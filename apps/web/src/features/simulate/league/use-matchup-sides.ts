import { weekStarterIds } from '@fm/contract';
import { useState } from 'react';
import { type LeagueDetails, weeklyOpponentId } from '../shared/league-details';
import type { Side } from '../shared/matchup-inputs';

function defaultUserRosterId(details: LeagueDetails): number | null {
  return details.my_roster_id ?? details.rosters[0]?.roster_id ?? null;
}

function defaultOpponentId(details: LeagueDetails, userRosterId: number | null): number | null {
  if (userRosterId === null) return null;
  return (
    weeklyOpponentId(details, userRosterId) ??
    details.rosters.find((roster) => roster.roster_id !== userRosterId)?.roster_id ??
    null
  );
}

/**
 * Which two teams face each other and who starts for each: my team against this week's opponent
 * by default, each starting the week's line-up, any team selectable, and per-team starter choices
 * kept while switching teams.
 */
export function useMatchupSides(details: LeagueDetails) {
  const [userRosterId, setUserRosterId] = useState(() => defaultUserRosterId(details));
  const [opponentRosterId, setOpponentRosterId] = useState(() => defaultOpponentId(details, userRosterId));
  const [chosenStarters, setChosenStarters] = useState<Record<number, string[]>>({});

  const startersFor = (rosterId: number) => chosenStarters[rosterId] ?? weekStarterIds(details, rosterId);
  const side = (rosterId: number | null): Side | null =>
    rosterId === null ? null : { rosterId, starterIds: startersFor(rosterId) };

  return {
    user: side(userRosterId),
    opponent: side(opponentRosterId),
    chooseUserRoster(rosterId: number) {
      setUserRosterId(rosterId);
      if (rosterId === opponentRosterId) setOpponentRosterId(defaultOpponentId(details, rosterId));
    },
    chooseOpponentRoster(rosterId: number) {
      setOpponentRosterId(rosterId);
    },
    toggleStarter(rosterId: number, playerId: string, isStarting: boolean) {
      const current = startersFor(rosterId);
      const next = isStarting
        ? [...current.filter((id) => id !== playerId), playerId]
        : current.filter((id) => id !== playerId);
      setChosenStarters((previous) => ({ ...previous, [rosterId]: next }));
    },
    /** One tap from advice: `playerIn` takes `playerOut`'s place (either may be null: start into an empty slot, bench). */
    applySwap(rosterId: number, playerOut: string | null, playerIn: string | null) {
      const current = startersFor(rosterId).filter((id) => id !== playerIn);
      const at = playerOut === null ? -1 : current.indexOf(playerOut);
      const next = [...current];
      if (at >= 0) next.splice(at, 1, ...(playerIn ? [playerIn] : []));
      else if (playerIn) next.push(playerIn);
      setChosenStarters((previous) => ({ ...previous, [rosterId]: next }));
    },
    setStarters(rosterId: number, playerIds: string[]) {
      setChosenStarters((previous) => ({ ...previous, [rosterId]: playerIds }));
    },
    /** Back to the line-up the platform has. */
    resetStarters(rosterId: number) {
      setChosenStarters(({ [rosterId]: _dropped, ...rest }) => rest);
    },
  };
}
