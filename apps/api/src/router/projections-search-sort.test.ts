import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../test/harness.js';
import { insertPlayers, insertProjections } from '../../test/nfl-rows.js';

interface Page {
  data: { player_name: string; pred_mean: number; bust_chance: number }[];
  close_matches: boolean;
}

describe.each(DATABASE_KINDS)('projections: name search and figure sorts on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const ids = await insertPlayers(server.deps.database, [
      { name: 'Christian McCaffrey', position: 'RB', team: 'SF' },
      { name: 'Josh Allen', position: 'QB', team: 'BUF' },
      { name: 'Keenan Allen', position: 'WR', team: 'CHI' },
      { name: 'Allan Walters', position: 'WR', team: 'NYJ' },
      { name: "Ja'Marr Chase", position: 'WR', team: 'CIN' },
      // depth players: no role this week, projected 0
      { name: 'Deep Reserve', position: 'WR', team: 'NYJ' },
      { name: 'Third Stringer', position: 'RB', team: 'NYJ' },
    ]);
    const means = [19, 23, 11, 4, 17, 0, 0];
    await insertProjections(
      server.deps,
      ids.map((playerId, i) => ({
        playerId: playerId!,
        season: 2025,
        week: 3,
        source: 'model' as const,
        team: 'SF',
        opponent: 'LAR',
        predMean: means[i]!,
      })),
    );
  });
  afterAll(async () => {
    await server?.stop();
  });

  const list = async (query: string): Promise<Page> =>
    (await server.client().get(`/api/projections/public/all?${query}`)).body as Page;
  const names = (page: Page) => page.data.map((row) => row.player_name);

  it('finds a misspelled name by its close spelling, and says so', async () => {
    const misspelled = await list('search=mccaffery');
    expect(names(misspelled)).toEqual(['Christian McCaffrey']);
    expect(misspelled.close_matches).toBe(true);
    const exact = await list('search=McCaffrey');
    expect(names(exact)).toEqual(['Christian McCaffrey']);
    expect(exact.close_matches).toBe(false);
    expect(names(await list('search=jamarr%20chase'))).toEqual(["Ja'Marr Chase"]);
  });

  it('lists only the names containing what was typed when there are some (no close spellings mixed in)', async () => {
    const allen = await list('search=allen');
    expect(names(allen)).toEqual(['Josh Allen', 'Keenan Allen']);
    expect(allen.close_matches).toBe(false);
    expect(names(await list('search=allen%20wr'))).toEqual(['Keenan Allen']);
    expect((await list('search=zzzzzz')).data).toEqual([]);
  });

  it('sorting by bust chance lists players who may score first, depth players projected 0 last', async () => {
    const byBust = await list('sort=bust_chance');
    expect(names(byBust).slice(-2).sort()).toEqual(['Deep Reserve', 'Third Stringer']);
    const playing = byBust.data.slice(0, -2);
    expect(playing.every((row) => row.pred_mean > 0)).toBe(true);
    const chances = playing.map((row) => row.bust_chance);
    expect(chances).toEqual([...chances].sort((a, b) => b - a));
    // the least likely to bust first, and still the depth players after everyone else
    const safest = await list('sort=bust_chance&order=asc');
    expect(names(safest).slice(-2).sort()).toEqual(['Deep Reserve', 'Third Stringer']);
  });
});
