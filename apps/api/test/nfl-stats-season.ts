import type { DataDeps } from '../src/core-deps.js';
import { insertPlayers, insertStatLines } from './nfl-rows.js';

export interface StatsSeasonPlayers {
  flowers: number;
  bateman: number;
  henry: number;
  jackson: number;
  rice: number;
}

/**
 * Two weeks of Baltimore's 2025 lines (and one 2024 week), plus Rashee Rice with the air yards and routes an
 * import supplies: the figures the NFL stats tests work out by hand.
 */
export async function insertStatsSeason(deps: DataDeps): Promise<StatsSeasonPlayers> {
  const [flowers, bateman, henry, jackson, rice] = (await insertPlayers(deps.database, [
    { name: 'Zay Flowers', position: 'WR', team: 'BAL' },
    { name: 'Rashod Bateman', position: 'WR', team: 'BAL' },
    { name: 'Derrick Henry', position: 'RB', team: 'BAL' },
    { name: 'Lamar Jackson', position: 'QB', team: 'BAL' },
    { name: 'Rashee Rice', position: 'WR', team: 'KC' },
  ])) as [number, number, number, number, number];
  const bal = { season: 2025, team: 'BAL' };
  await insertStatLines(deps, [
    // week 1: Baltimore throws 20 targets, Flowers gets 10 of them
    {
      ...bal,
      week: 1,
      playerId: flowers,
      opponent: 'BUF',
      isHome: false,
      targets: 10,
      rec: 7,
      recYd: 100,
      recTd: 1,
      touches: 7,
      rzTargets: 2,
    },
    {
      ...bal,
      week: 1,
      playerId: bateman,
      opponent: 'BUF',
      isHome: false,
      targets: 5,
      rec: 3,
      recYd: 40,
      touches: 3,
    },
    {
      ...bal,
      week: 1,
      playerId: henry,
      opponent: 'BUF',
      isHome: false,
      carries: 18,
      rushYd: 90,
      rushTd: 2,
      targets: 5,
      rec: 4,
      recYd: 30,
      touches: 22,
      rzTouches: 4,
      rzTargets: 2,
    },
    {
      ...bal,
      week: 1,
      playerId: jackson,
      opponent: 'BUF',
      isHome: false,
      passYd: 250,
      passTd: 2,
      passInt: 1,
      carries: 5,
      rushYd: 20,
      touches: 5,
      fumLost: 1,
    },
    // week 2: Bateman listed without a stat (did not play)
    {
      ...bal,
      week: 2,
      playerId: flowers,
      opponent: 'CLE',
      isHome: true,
      targets: 6,
      rec: 4,
      recYd: 50,
      touches: 4,
    },
    { ...bal, week: 2, playerId: bateman, opponent: 'CLE', isHome: true },
    {
      ...bal,
      week: 2,
      playerId: henry,
      opponent: 'CLE',
      isHome: true,
      carries: 20,
      rushYd: 120,
      targets: 2,
      rec: 2,
      recYd: 10,
      touches: 22,
    },
    // Rice comes with air yards and routes from an import
    {
      season: 2025,
      team: 'KC',
      week: 1,
      playerId: rice,
      opponent: 'LAC',
      targets: 8,
      rec: 6,
      recYd: 80,
      touches: 6,
      extra: { air_yards: 96, routes: 32 },
    },
    {
      season: 2024,
      team: 'BAL',
      week: 5,
      playerId: flowers,
      opponent: 'CIN',
      isHome: false,
      targets: 9,
      rec: 5,
      recYd: 70,
      touches: 5,
    },
  ]);
  return { flowers, bateman, henry, jackson, rice };
}
