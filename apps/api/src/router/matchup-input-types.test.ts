import { describe, expectTypeOf, it } from 'vitest';
import type { RouterInputs } from '../index.js';

type AnalyzeTeam = RouterInputs['matchup']['analyze']['userTeam'];
type SimulateTeam = RouterInputs['matchup']['simulate']['user_team'];

// Typed clients (the web app) are checked against what the matchup procedures take.
describe('matchup team inputs', () => {
  it('are the union a caller may send, not unknown', () => {
    expectTypeOf<unknown>().not.toExtend<AnalyzeTeam>();
    expectTypeOf<unknown>().not.toExtend<SimulateTeam>();
    expectTypeOf<['4046', 17]>().toExtend<AnalyzeTeam>();
    expectTypeOf<{
      starters: [{ id: 11; actual_points: 20; is_final: true }, '4046'];
      name: 'A';
    }>().toExtend<AnalyzeTeam>();
    expectTypeOf<{ starters: [{ id: 11; is_out: 'yes' }] }>().not.toExtend<AnalyzeTeam>();
    expectTypeOf<{ players: ['4046'] }>().not.toExtend<AnalyzeTeam>();
    expectTypeOf<[true]>().not.toExtend<SimulateTeam>();
  });
});
