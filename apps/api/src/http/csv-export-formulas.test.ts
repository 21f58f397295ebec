import { players, projections } from '@fm/db';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount, type TestAccount } from '../../test/admin-accounts.js';
import { EMBEDDED_DATABASE, startTestServer, type TestServer } from '../../test/harness.js';

const BASE = '/api/admin/data-management';
const SEASON = 2027;

/** Cell values a spreadsheet would run as formulas (or that smuggle one in after a control character). */
const FORMULAS = [
  '=HYPERLINK("http://evil.example","x")',
  '+1+2',
  '-2+3',
  '@SUM(A1:A2)',
  '\t=1+1',
  '\r=1+1',
  '\n=1+1',
  '  =1+1',
  '＝1+1',
  '＋1',
  '－1',
  '＠SUM(A1)',
  '|calc',
  '%0A=1',
  '=1+1\nsecond line',
];
/** Ordinary names stay as they are. */
const ORDINARY = ["Ja'Marr Chase", 'A.J. Brown', 'Amon-Ra St. Brown'];

describe.each(EMBEDDED_DATABASE)('CSV exports and spreadsheet formulas on %s', (kind) => {
  let server: TestServer;
  let admin: TestAccount;

  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await signedInAccount(server, 'admin');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('imports a CSV formula as a name but exports it as text', async () => {
    await admin.client.fetchCsrfToken();
    const form = new FormData();
    const csv = Papa.unparse([
      ['player_name', 'position', 'team', 'week', 'pred_mean', 'pred_std', 'season'],
      ['=HYPERLINK("http://evil.example","x")', 'WR', 'KC', '1', '10', '3', String(SEASON)],
    ]);
    form.set('csvFile', new Blob([csv], { type: 'text/csv' }), 'p.csv');
    const imported = await admin.client.request('POST', `${BASE}/import-projections`, undefined, {
      body: form,
      headers: { 'x-csrf-token': admin.client.csrfToken! },
    });
    expect(imported.body.data).toMatchObject({ created: 1 });
    const exported = await admin.client.get(`${BASE}/export-projections?format=csv&season=${SEASON}&week=1`);
    const [row] = Papa.parse<Record<string, string>>(exported.text.trim(), { header: true }).data;
    expect(row!.player_name).toBe(`'=HYPERLINK("http://evil.example","x")`);
  });

  it('prefixes every cell that starts like a formula with a quote, and leaves other cells alone', async () => {
    const { db } = server.deps.database;
    const names = [...FORMULAS, ...ORDINARY];
    const inserted = await db
      .insert(players)
      .values(names.map((fullName) => ({ fullName, searchName: fullName.toLowerCase(), position: 'RB' })))
      .returning();
    await db.insert(projections).values(
      inserted.map((player) => ({
        playerId: player.id,
        season: SEASON,
        week: 2,
        source: 'import',
        team: 'KC',
        opponent: '=cmd|" /C calc"!A0',
        predMean: -1.5,
        predStd: 2,
      })),
    );
    const exported = await admin.client.get(`${BASE}/export-projections?format=csv&season=${SEASON}&week=2`);
    const rows = Papa.parse<Record<string, string>>(exported.text.trim(), { header: true }).data;
    const byName = new Map(rows.map((row) => [row.player_name!.replace(/^'/, ''), row]));
    for (const name of FORMULAS) expect(byName.get(name)?.player_name).toBe(`'${name}`);
    for (const name of ORDINARY) expect(byName.get(name)?.player_name).toBe(name);
    for (const row of rows) {
      expect(row.opponent).toBe(`'=cmd|" /C calc"!A0`);
      // Numbers are numbers, not text: a negative projection keeps its sign.
      expect(row.pred_mean).toBe('-1.5');
    }
  });
});
