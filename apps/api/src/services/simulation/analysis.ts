import type {
  KeyPlayer,
  MatchupAnalysis,
  MatchupVerdict,
  PlayerAnswer,
  SimulationAnswer,
  TeamAnswer,
  TeamRange,
} from '@fm/contract';

export type { KeyPlayer, MatchupAnalysis, MatchupVerdict, PositionEdge, TeamRange } from '@fm/contract';

/** The extra reading /matchup/analyze gives on top of a simulation. */

/** Players listed as the ones who decide the matchup. */
export const KEY_PLAYER_COUNT = 5;
/** Win-probability bands of the verdict: [lower bound, label], checked top down. */
const VERDICT_BANDS: [number, MatchupVerdict][] = [
  [0.7, 'strong favorite'],
  [0.55, 'favorite'],
  [0.45, 'toss-up'],
  [0.3, 'underdog'],
  [0, 'strong underdog'],
];

export function verdictFor(winProbability: number): MatchupVerdict {
  return VERDICT_BANDS.find(([lower]) => winProbability >= lower)![1];
}

function expectedByPosition(team: TeamAnswer): Map<string, number> {
  const totals = new Map<string, number>();
  for (const player of team.players) {
    totals.set(player.position, (totals.get(player.position) ?? 0) + player.distribution.mean);
  }
  return totals;
}

function rangeOf(team: TeamAnswer): TeamRange {
  return { upside: team.p90 - team.median, downside: team.median - team.p10, std: team.std };
}

function keyPlayer(player: PlayerAnswer, side: 'user' | 'opponent'): KeyPlayer {
  const { player_id, name, position, swing_share, boom_probability, bust_probability } = player;
  return { player_id, name, position, side, swing_share, boom_probability, bust_probability };
}

export function analyzeMatchup(answer: SimulationAnswer): MatchupAnalysis {
  const user = expectedByPosition(answer.user_team);
  const opponent = expectedByPosition(answer.opponent_team);
  const positions = [...new Set([...user.keys(), ...opponent.keys()])];
  const position_edges = positions.map((position) => {
    const user_points = user.get(position) ?? 0;
    const opponent_points = opponent.get(position) ?? 0;
    return { position, user_points, opponent_points, edge: user_points - opponent_points };
  });
  // A player who has already scored (or will not play) swings nothing: his points are known.
  const stillToScore = (player: PlayerAnswer) =>
    player.status === 'projected' || player.status === 'baseline';
  const key_players = [
    ...answer.user_team.players.filter(stillToScore).map((p) => keyPlayer(p, 'user')),
    ...answer.opponent_team.players.filter(stillToScore).map((p) => keyPlayer(p, 'opponent')),
  ]
    .sort((a, b) => Math.abs(b.swing_share) - Math.abs(a.swing_share))
    .slice(0, KEY_PLAYER_COUNT);
  return {
    verdict: verdictFor(answer.win_probability),
    key_players,
    position_edges,
    user_range: rangeOf(answer.user_team),
    opponent_range: rangeOf(answer.opponent_team),
  };
}
