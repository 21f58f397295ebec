import { describe, expect, it } from 'vitest';
import type { LeagueDetails, LeaguePlayer } from '../shared/league-details';
import { outStarterFixes } from './out-starter-fixes';
import type { SideLineup } from './side-lineup';

const player = (player_id: string, position: string, extra: Partial<LeaguePlayer> = {}): LeaguePlayer => ({
  player_id,
  name: `Player ${player_id}`,
  position,
  team: 'KC',
  injury_status: null,
  game_state: 'pre',
  points: 0,
  fraction_remaining: 1,
  ...extra,
});

/** Week 7 with no projections: only the week and bye weeks matter to who will play. */
const details = { week: 7, projections: {} } as unknown as LeagueDetails;
const points: Record<string, number> = { wr3: 9, wr4: 12, rb3: 7, te2: 6, qb2: 15 };
const expected = (p: LeaguePlayer) => points[p.player_id] ?? 10;

function lineup(rows: [string, LeaguePlayer][], bench: LeaguePlayer[]): SideLineup {
  return {
    check: { isLegal: true, problems: [] } as unknown as SideLineup['check'],
    rows: rows.map(([label, p]) => ({ label, player: p })),
    unplaced: [],
    bench,
  };
}

describe('out starters and their one-tap fix', () => {
  it('offers the best healthy bench player who fits the slot, each bench player once', () => {
    const fixes = outStarterFixes(
      details,
      lineup(
        [
          ['WR', player('wr1', 'WR', { injury_status: 'Out' })],
          ['WRRB_FLEX', player('rb1', 'RB', { injury_status: 'IR' })],
          ['TE', player('te1', 'TE', { injury_status: 'Questionable' })],
        ],
        [
          player('wr3', 'WR'),
          player('wr4', 'WR'),
          player('wr5', 'WR', { injury_status: 'Doubtful' }),
          player('wr6', 'WR', { injury_status: 'O' }),
          player('rb3', 'RB'),
          player('qb2', 'QB'),
        ],
      ),
      expected,
      () => true,
    );
    expect(fixes.map((fix) => [fix.starter.player_id, fix.reason, fix.replacement?.player_id])).toEqual([
      ['wr1', 'Ruled out', 'wr4'],
      // wr4 is taken: the doubtful wr5 (10 expected) beats wr3 (9) and rb3 (7); the out wr6 is never offered
      ['rb1', 'On injured reserve', 'wr5'],
    ]);
  });

  it('warns about a bye week, and says when nobody on the bench can take the slot', () => {
    const fixes = outStarterFixes(
      details,
      lineup([['TE', player('te1', 'TE', { bye_week: 7 })]], [player('qb2', 'QB')]),
      expected,
      () => true,
    );
    expect(fixes).toEqual([expect.objectContaining({ reason: 'Bye week', replacement: null })]);
  });

  it('leaves alone a starter whose game has started (he cannot be moved)', () => {
    const out = player('wr1', 'WR', { injury_status: 'Out' });
    expect(
      outStarterFixes(details, lineup([['WR', out]], [player('wr3', 'WR')]), expected, (p) => p !== out),
    ).toEqual([]);
  });
});
