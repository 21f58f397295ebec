import { POINTS_EPSILON } from './trade-scorer.js';
import type { WinWinTrade } from './types.js';

/** How many suggestions a person reads first: the ones spread over partners. */
export const FIRST_IDEAS = 10;
/** At most this many of the first ideas with one partner, while other partners have a win-win trade left. */
export const IDEAS_PER_PARTNER = 2;

/** One idea: the players a trade brings the caller (they are all of one partner's roster). */
export function ideaOf(trade: Pick<WinWinTrade, 'partnerRosterId' | 'get'>): string {
  return `${trade.partnerRosterId}:${[...trade.get].sort().join('+')}`;
}

/** Best for the caller first, then for the partner, then fewer players; ties in a fixed order. */
export function byBestForCaller(a: WinWinTrade, b: WinWinTrade): number {
  return (
    b.you.deltaRosPoints - a.you.deltaRosPoints ||
    b.partner.deltaRosPoints - a.partner.deltaRosPoints ||
    a.give.length + a.get.length - (b.give.length + b.get.length) ||
    a.partnerRosterId - b.partnerRosterId ||
    compareText(a.give.join('+'), b.give.join('+')) ||
    compareText(a.get.join('+'), b.get.join('+'))
  );
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The suggestions in the order they are read: one trade per idea (the best for the caller of those bringing him
 * the same players), and the first FIRST_IDEAS spread over partners: the best trade left whose partner has fewer
 * than IDEAS_PER_PARTNER of them; only when every partner with a trade left has that many, one more each. The
 * rest follow best for the caller first.
 */
export function orderIdeas(trades: readonly WinWinTrade[]): WinWinTrade[] {
  const seen = new Set<string>();
  const rest = [...trades].sort(byBestForCaller).filter((trade) => {
    const idea = ideaOf(trade);
    if (seen.has(idea)) return false;
    seen.add(idea);
    return true;
  });
  const first: WinWinTrade[] = [];
  const perPartner = new Map<number, number>();
  let cap = IDEAS_PER_PARTNER;
  while (first.length < FIRST_IDEAS && rest.length > 0) {
    const at = rest.findIndex((trade) => (perPartner.get(trade.partnerRosterId) ?? 0) < cap);
    if (at < 0) {
      cap++;
      continue;
    }
    const [trade] = rest.splice(at, 1);
    first.push(trade!);
    perPartner.set(trade!.partnerRosterId, (perPartner.get(trade!.partnerRosterId) ?? 0) + 1);
  }
  return [...first, ...rest];
}

/**
 * The caller's gains of the best `limit` ideas kept so far (one gain per idea, its best), highest first, to
 * bound what is still worth recomputing. Every trade `orderIdeas` places within its first `limit` (≥ FIRST_IDEAS)
 * is among the best `limit` ideas overall or among its partner's best IDEAS_PER_PARTNER, so a search keeps one
 * of these for the league and one per partner.
 */
export class TopIdeas {
  private readonly kept: { idea: string; gain: number }[] = [];
  constructor(private readonly limit: number) {}

  add(idea: string, gain: number): void {
    if (this.limit === Infinity) return; // everything is kept: nothing to bound
    const known = this.kept.findIndex((entry) => entry.idea === idea);
    if (known >= 0) {
      if (this.kept[known]!.gain >= gain) return;
      this.kept.splice(known, 1);
    }
    const at = this.kept.findIndex((entry) => entry.gain < gain);
    this.kept.splice(at < 0 ? this.kept.length : at, 0, { idea, gain });
    if (this.kept.length > this.limit) this.kept.pop();
  }

  /** Whether a trade gaining at most `bound` could still enter (ties may, by the partner's gain). */
  couldEnter(bound: number): boolean {
    return this.kept.length < this.limit || bound >= this.kept[this.limit - 1]!.gain - POINTS_EPSILON;
  }
}
