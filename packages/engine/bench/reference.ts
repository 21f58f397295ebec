// Straightforward implementations of the same jobs, to measure the engine against: Math.random with Box–Muller,
// arrays of objects, Math.exp per draw, sorting with a comparator, no copula and no common random numbers.
import {
  fitPointsDistribution,
  normalizePosition,
  type LineupLabInput,
  type PointsDistribution,
  type SeasonOutlookInput,
  type SimulationPlayer,
} from '../src/index.js';

interface ReferencePlayer {
  id: string;
  distribution: PointsDistribution;
}

function toReferencePlayers(players: SimulationPlayer[]): ReferencePlayer[] {
  return players.map((p) => ({
    id: p.id,
    distribution: fitPointsDistribution(normalizePosition(p.position), p),
  }));
}

// Box–Muller (1958): z = √(−2 ln u₁) · cos(2π u₂).
function boxMuller(): number {
  return Math.sqrt(-2 * Math.log(1 - Math.random())) * Math.cos(2 * Math.PI * Math.random());
}

function drawPoints(player: ReferencePlayer): number {
  const d = player.distribution;
  if (d.kind === 'constant') return d.shift;
  const z = boxMuller();
  const value = d.kind === 'normal' ? d.shift + d.scale * z : d.shift + d.scale * Math.exp(d.sigma * z);
  return Math.max(d.floor, value);
}

function quantile(sorted: number[], p: number): number {
  const position = (sorted.length - 1) * p;
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

function summarize(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const min = sorted[0]!;
  const max = sorted[sorted.length - 1]!;
  const counts = new Array<number>(40).fill(0);
  for (const v of values) counts[Math.min(39, Math.floor(((v - min) / (max - min || 1)) * 40))]!++;
  return {
    mean,
    median: quantile(sorted, 0.5),
    p10: quantile(sorted, 0.1),
    p90: quantile(sorted, 0.9),
    counts,
  };
}

export function referenceMatchup(user: SimulationPlayer[], opponent: SimulationPlayer[], iterations: number) {
  const userPlayers = toReferencePlayers(user);
  const opponentPlayers = toReferencePlayers(opponent);
  const results: { user: number; opponent: number; perPlayer: number[] }[] = [];
  for (let i = 0; i < iterations; i++) {
    const perPlayer = [...userPlayers, ...opponentPlayers].map(drawPoints);
    const userTotal = perPlayer.slice(0, userPlayers.length).reduce((a, b) => a + b, 0);
    const opponentTotal = perPlayer.slice(userPlayers.length).reduce((a, b) => a + b, 0);
    results.push({ user: userTotal, opponent: opponentTotal, perPlayer });
  }
  const wins =
    results.filter((r) => r.user > r.opponent).length +
    results.filter((r) => r.user === r.opponent).length / 2;
  return {
    winProbability: wins / iterations,
    user: summarize(results.map((r) => r.user)),
    opponent: summarize(results.map((r) => r.opponent)),
    difference: summarize(results.map((r) => r.user - r.opponent)),
  };
}

export function referenceDraws(players: SimulationPlayer[], count: number): number[] {
  const referencePlayers = toReferencePlayers(players);
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(drawPoints(referencePlayers[i % referencePlayers.length]!));
  return out;
}

// Same slot rules and hill climbing as the engine's lab, but each candidate is scored by a fresh simulation.
export function referenceLineupLab(input: LineupLabInput) {
  const iterations = input.iterations ?? 10_000;
  const slots: Record<string, string[]> = {
    QB: ['QB'],
    RB: ['RB'],
    WR: ['WR'],
    TE: ['TE'],
    FLEX: ['RB', 'WR', 'TE'],
    DEF: ['DEF'],
    K: ['K'],
  };
  const labels = ['QB', 'RB', 'RB', 'WR', 'WR', 'TE', 'FLEX', 'DEF', 'K'];
  const roster = toReferencePlayers(input.roster);
  const positionOf = new Map(input.roster.map((p) => [p.id, normalizePosition(p.position)!]));
  const opponent = toReferencePlayers(input.opponent);
  const isLegal = (ids: string[]): boolean => {
    const remaining = [...ids];
    for (const label of labels.filter((l) => l !== 'FLEX')) {
      const index = remaining.findIndex((id) => slots[label]!.includes(positionOf.get(id)!));
      if (index < 0) return false;
      remaining.splice(index, 1);
    }
    return remaining.length === 1 && slots.FLEX!.includes(positionOf.get(remaining[0]!)!);
  };
  const winProbability = (ids: string[]): number => {
    const starters = roster.filter((p) => ids.includes(p.id));
    let wins = 0;
    for (let i = 0; i < iterations; i++) {
      const own = starters.map(drawPoints).reduce((a, b) => a + b, 0);
      const theirs = opponent.map(drawPoints).reduce((a, b) => a + b, 0);
      wins += own > theirs ? 1 : own === theirs ? 0.5 : 0;
    }
    return wins / iterations;
  };
  let lineup = input.starters.filter((id): id is string => id !== null);
  let best = winProbability(lineup);
  for (let improved = true; improved;) {
    improved = false;
    for (const out of lineup) {
      for (const entering of roster.map((p) => p.id).filter((id) => !lineup.includes(id))) {
        const next = [...lineup.filter((id) => id !== out), entering];
        if (!isLegal(next)) continue;
        const score = winProbability(next);
        if (score > best) {
          best = score;
          lineup = next;
          improved = true;
        }
      }
    }
  }
  return { lineup, winProbability: best };
}

export function referenceSeasonOutlook(input: SeasonOutlookInput) {
  const iterations = input.iterations ?? 10_000;
  const playoffCounts = new Map(input.teams.map((t) => [t.id, 0]));
  for (let i = 0; i < iterations; i++) {
    const teams = input.teams.map((t) => ({
      id: t.id,
      wins: t.wins + (t.ties ?? 0) / 2,
      pointsFor: t.pointsFor,
      team: t,
    }));
    const byId = new Map(teams.map((t) => [t.id, t]));
    input.schedule.forEach((week, w) => {
      const scores = new Map(
        teams.map((t) => {
          const mean = Array.isArray(t.team.weeklyMean) ? t.team.weeklyMean[w]! : t.team.weeklyMean;
          const std = Array.isArray(t.team.weeklyStd) ? t.team.weeklyStd[w]! : t.team.weeklyStd;
          return [t.id, Math.max(0, mean + std * boxMuller())];
        }),
      );
      for (const t of teams) t.pointsFor += scores.get(t.id)!;
      for (const [a, b] of week.matchups) {
        const margin = scores.get(a)! - scores.get(b)!;
        byId.get(a)!.wins += margin > 0 ? 1 : margin === 0 ? 0.5 : 0;
        byId.get(b)!.wins += margin < 0 ? 1 : margin === 0 ? 0.5 : 0;
      }
      if (input.medianMatch) {
        const sorted = [...scores.values()].sort((x, y) => x - y);
        const middle = sorted.length >> 1;
        const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
        for (const t of teams) t.wins += scores.get(t.id)! > median ? 1 : 0;
      }
    });
    const standings = [...teams].sort((x, y) => y.wins - x.wins || y.pointsFor - x.pointsFor);
    standings
      .slice(0, input.playoffTeams)
      .forEach((t) => playoffCounts.set(t.id, playoffCounts.get(t.id)! + 1));
  }
  return [...playoffCounts].map(([id, count]) => ({ id, playoffProbability: count / iterations }));
}
