import { isLegal, scoreLineup, type LineupSearchSpace } from './lineup-search.js';

export interface LineupSwap {
  /** Null when he is benched without a replacement (only when the current line-up was not legal). */
  playerIn: string | null;
  /** Null when he fills an empty slot. */
  playerOut: string | null;
  /** Change in win probability from this swap, made after the swaps listed before it. */
  winProbabilityChange: number;
}

interface PairChoice {
  in: number;
  out: number | null;
  halfWins: number;
}

/**
 * Splits the change from the current to the recommended line-up into one-for-one swaps: at each step the pairing
 * (one player in, one out) that gains the most is made first, so the changes add up to the total. Each step keeps
 * the line-up legal where the league's slots allow it (between two legal line-ups they always do: line-ups that fit
 * the slots are the bases of a transversal matroid, which have the exchange property), so every swap can be
 * applied on its own, in order.
 */
export function attributeSwaps(
  space: LineupSearchSpace,
  current: readonly number[],
  recommended: readonly number[],
  idOf: (candidate: number) => string,
): LineupSwap[] {
  const entering = recommended.filter((candidate) => !current.includes(candidate));
  const leaving = current.filter((candidate) => !recommended.includes(candidate));
  const toProbability = (halfWins: number): number => halfWins / (2 * space.iterations);
  let lineup = [...current];
  let previous = scoreLineup(space, lineup).halfWins;
  const swaps: LineupSwap[] = [];
  while (entering.length > 0) {
    let best: PairChoice | null = null;
    let bestLegal: PairChoice | null = null;
    for (const playerIn of entering) {
      for (const playerOut of leaving.length > 0 ? leaving : [null]) {
        const next = [...lineup.filter((candidate) => candidate !== playerOut), playerIn];
        const halfWins = scoreLineup(space, next).halfWins;
        if (!best || halfWins > best.halfWins) best = { in: playerIn, out: playerOut, halfWins };
        if ((!bestLegal || halfWins > bestLegal.halfWins) && isLegal(space, next)) {
          bestLegal = { in: playerIn, out: playerOut, halfWins };
        }
      }
    }
    best = bestLegal ?? best;
    const { in: playerIn, out: playerOut, halfWins } = best!;
    entering.splice(entering.indexOf(playerIn), 1);
    if (playerOut !== null) leaving.splice(leaving.indexOf(playerOut), 1);
    lineup = [...lineup.filter((candidate) => candidate !== playerOut), playerIn];
    swaps.push({
      playerIn: idOf(playerIn),
      playerOut: playerOut === null ? null : idOf(playerOut),
      winProbabilityChange: toProbability(halfWins - previous),
    });
    previous = halfWins;
  }
  for (const playerOut of leaving) {
    lineup = lineup.filter((candidate) => candidate !== playerOut);
    const halfWins = scoreLineup(space, lineup).halfWins;
    swaps.push({
      playerIn: null,
      playerOut: idOf(playerOut),
      winProbabilityChange: toProbability(halfWins - previous),
    });
    previous = halfWins;
  }
  return swaps;
}
