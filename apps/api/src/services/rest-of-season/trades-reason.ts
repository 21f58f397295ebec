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

function sideReason(
  league: RosLeague,
  players: ReadonlyMap<string, RosPlayer>,
  who: 'you' | 'them',
  side: SideChange,
): string {
  const nameOf = (id: string) => players.get(id)?.name ?? id;
  const positionOf = (id: string) => players.get(id)?.position ?? '';
  const meanOf = (id: string, week: number) => players.get(id)?.weeks[week]?.mean ?? 0;
  const named = new Set<string>();
  const parts = side.incoming.flatMap((id) => {
    const week = side.after.starters.findIndex((starters) => starters.includes(id));
    if (week < 0) return [];
    const position = positionOf(id);
    const starters = side.after.starters[week]!;
    const samePosition = starters
      .filter((starter) => positionOf(starter) === position)
      .sort((a, b) => meanOf(b, week) - meanOf(a, week));
    const slot = samePosition.length > 1 ? `${position}${samePosition.indexOf(id) + 1}` : position;
    const benched = side.before.starters[week]!.filter(
      (starter) => !starters.includes(starter) && !side.outgoing.includes(starter) && !named.has(starter),
    );
    const replaced = side.before.starters[week]!.filter(
      (starter) => side.outgoing.includes(starter) && !named.has(starter),
    );
    const pick = (ids: string[]) => ids.find((other) => positionOf(other) === position) ?? ids[0];
    const over = pick(benched);
    const insteadOf = over === undefined ? pick(replaced) : undefined;
    const overText =
      over !== undefined
        ? ` over ${nameOf(over)}`
        : insteadOf !== undefined
          ? ` in place of ${nameOf(insteadOf)}`
          : '';
    for (const other of [over, insteadOf]) if (other !== undefined) named.add(other);
    const from = week > 0 ? ` from week ${league.weeks[week]}` : '';
    return [
      who === 'you'
        ? `${nameOf(id)} starts at ${slot} for you${overText}${from}`
        : `${nameOf(id)} becomes their ${slot}${overText}${from}`,
    ];
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
