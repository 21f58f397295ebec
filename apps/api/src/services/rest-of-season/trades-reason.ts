import type { TradeEvaluation, WeeklyLineups } from '@fm/engine';
import type { RosLeague } from './league-context.js';
import type { RosPlayer } from './ros-players.js';

interface SideChange {
  before: WeeklyLineups;
  after: WeeklyLineups;
  incoming: readonly string[];
  outgoing: readonly string[];
}

/**
 * Why a trade helps both teams, in one sentence read off their best line-ups: for each player a team receives,
 * the first remaining week he starts for it, at which position (ranked among its starters there: "RB2") and over
 * whom (the starter he sends to the bench, one at his position first; else the traded player he takes the place
 * of). "Ja'Marr Chase starts at WR for you over Xavier Worthy; D'Andre Swift becomes their RB2 over Chuba
 * Hubbard."
 */
export function tradeReason(
  league: RosLeague,
  evaluation: TradeEvaluation,
  trade: { give: readonly string[]; get: readonly string[] },
): string {
  const players = new Map(league.teams.flatMap((team) => team.players.map((p) => [p.id, p] as const)));
  const you = sideReason(league, players, 'you', {
    ...evaluation.you,
    incoming: trade.get,
    outgoing: trade.give,
  });
  const them = sideReason(league, players, 'them', {
    ...evaluation.partner,
    incoming: trade.give,
    outgoing: trade.get,
  });
  return `${you}; ${them}.`;
}

interface Arrival {
  id: string;
  week: number;
  slot: string;
  over?: string;
  insteadOf?: string;
}

function sideReason(
  league: RosLeague,
  players: ReadonlyMap<string, RosPlayer>,
  who: 'you' | 'them',
  side: SideChange,
): string {
  const nameOf = (id: string) => players.get(id)?.name ?? id;
  const positionOf = (id: string) => players.get(id)?.position ?? '';
  const meanOf = (id: string, week: number) => players.get(id)?.weeks[week]?.mean ?? 0;
  const arrivals = side.incoming.flatMap((id): Arrival[] => {
    const week = side.after.starters.findIndex((starters) => starters.includes(id));
    if (week < 0) return [];
    const position = positionOf(id);
    const samePosition = side.after.starters[week]!.filter(
      (starter) => positionOf(starter) === position,
    ).sort((a, b) => meanOf(b, week) - meanOf(a, week));
    return [
      { id, week, slot: samePosition.length > 1 ? `${position}${samePosition.indexOf(id) + 1}` : position },
    ];
  });
  // Who each arrival displaces in his week: a starter at his position sent to the bench, else a traded starter at
  // his position he replaces (for every arrival first); then a starter of another position sent to the bench (a flex).
  const named = new Set<string>();
  for (const isSamePosition of [true, false]) {
    for (const arrival of arrivals) {
      if (arrival.over !== undefined || arrival.insteadOf !== undefined) continue;
      const before = side.before.starters[arrival.week]!;
      const after = side.after.starters[arrival.week]!;
      const fits = (id: string) =>
        !named.has(id) && (!isSamePosition || positionOf(id) === positionOf(arrival.id));
      arrival.over = before.find((id) => !after.includes(id) && !side.outgoing.includes(id) && fits(id));
      // A traded starter of another position left a slot someone else may fill: "in place of" would mislead.
      if (arrival.over === undefined && isSamePosition) {
        arrival.insteadOf = before.find((id) => side.outgoing.includes(id) && fits(id));
      }
      for (const id of [arrival.over, arrival.insteadOf]) if (id !== undefined) named.add(id);
    }
  }
  const parts = arrivals.map(({ id, week, slot, over, insteadOf }) => {
    const overText =
      over !== undefined
        ? ` over ${nameOf(over)}`
        : insteadOf !== undefined
          ? ` in place of ${nameOf(insteadOf)}`
          : '';
    const from = week > 0 ? ` from week ${league.weeks[week]}` : '';
    return who === 'you'
      ? `${nameOf(id)} starts at ${slot} for you${overText}${from}`
      : `${nameOf(id)} becomes their ${slot}${overText}${from}`;
  });
  if (parts.length > 0) return parts.join(' and ');
  const points = sumOf(side.after.means) - sumOf(side.before.means);
  return who === 'you'
    ? `your best line-ups score ${points.toFixed(1)} more points`
    : `their best line-ups score ${points.toFixed(1)} more points`;
}

function sumOf(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0);
}
