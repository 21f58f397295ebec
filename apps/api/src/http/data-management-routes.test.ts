import { players, projections, sessions, users } from '@fm/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount, signedInAccount, type TestAccount } from '../../test/admin-accounts.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../test/harness.js';

const BASE = '/api/admin/data-management';
const DAY_MS = 24 * 60 * 60 * 1000;
const HEADER = 'player_name,position,team,week,pred_mean,pred_std,season';

function csvForm(
  text: string,
  fields: Record<string, string> = {},
  name = 'projections.csv',
  type = 'text/csv',
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set('csvFile', new Blob([text], { type }), name);
  return form;
}

describe.each(DATABASE_KINDS)('admin data management on %s', (kind) => {
  let server: TestServer;
  let admin: TestAccount;

  const upload = (path: string, form: FormData) =>
    admin.client.request('POST', `${BASE}/${path}`, undefined, {
      body: form,
      headers: { 'x-csrf-token': admin.client.csrfToken! },
    });

  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await signedInAccount(server, 'admin');
    await admin.client.fetchCsrfToken();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('previews a CSV: first rows, total, and each bad row with its line number', async () => {
    const lines = [HEADER];
    for (let i = 0; i < 14; i++) lines.push(`Player ${i},WR,KC,${(i % 18) + 1},${10 + i},4.5,2025`);
    lines.push('Bad Week,RB,DAL,30,10,3,2025', ',QB,BUF,1,20,5,2025', 'Bad Pos,OL,NYG,2,5,1,2025');
    const response = await upload('preview-csv', csvForm(lines.join('\n')));
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    const data = response.body.data;
    expect(data.totalRows).toBe(17);
    expect(data.hasErrors).toBe(true);
    expect(data.preview).toHaveLength(10);
    expect(data.preview[0]).toEqual({
      player_name: 'Player 0',
      position: 'WR',
      team: 'KC',
      week: 1,
      pred_mean: 10,
      pred_std: 4.5,
      season: 2025,
    });
    expect(data.errors).toEqual([
      expect.stringMatching(/^Row 16: week "30" must be a whole number from 1 to 22/),
      'Row 17: player_name is required',
      expect.stringMatching(/^Row 18: position "OL"/),
    ]);
    const noFile = await admin.client.request('POST', `${BASE}/preview-csv`, undefined, {
      body: new FormData(),
      headers: { 'x-csrf-token': admin.client.csrfToken! },
    });
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe('Please select a CSV file first.');
    const missingColumns = await upload('preview-csv', csvForm('name,team\nA,KC'));
    expect(missingColumns.body.data.errors[0]).toMatch(
      /missing the columns player_name, position, week, pred_mean, pred_std/,
    );
  });

  it('refuses a file that is not CSV (415) and one over 10 MB (413), as JSON', async () => {
    const notCsv = await upload('preview-csv', csvForm('%PDF-1.4', {}, 'report.pdf', 'application/pdf'));
    expect(notCsv.status).toBe(415);
    expect(notCsv.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const excelType = await upload(
      'preview-csv',
      csvForm(`${HEADER}\nA B,QB,KC,1,20,5,2025`, {}, 'export.txt', 'application/vnd.ms-excel'),
    );
    expect(excelType.status).toBe(200);
    const huge = `${HEADER}\n${'Somebody Long Name,WR,KC,1,10,3,2025\n'.repeat(300_000)}`;
    expect(huge.length).toBeGreaterThan(10 * 1024 * 1024);
    const tooLarge = await upload('import-projections', csvForm(huge));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('imports projections in batches, creating players, updating or keeping existing rows', async () => {
    const { db } = server.deps.database;
    const [known] = await db
      .insert(players)
      .values({
        fullName: 'Patrick Mahomes',
        searchName: 'patrick mahomes',
        position: 'QB',
        team: 'KC',
        sleeperId: '4046',
      })
      .returning();
    const rows = [HEADER + ',player_id'];
    rows.push('Pat Mahomes,QB,KC,3,22.5,6.1,2025,4046');
    for (let i = 0; i < 119; i++) rows.push(`Rookie ${i} Jr.,RB,DAL,3,${(i % 20) + 1},3,2025,`);
    rows.push('Broken Row,RB,DAL,three,1,1,2025,');
    const first = await upload(
      'import-projections',
      csvForm(rows.join('\n'), { updateExisting: 'true', batchSize: '50' }),
    );
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ processed: 120, created: 120, updated: 0 });
    expect(first.body.data.errors).toEqual([
      { player: 'Broken Row', error: expect.stringMatching(/^Row 122: week "three"/) },
    ]);
    const mahomes = await db
      .select()
      .from(projections)
      .where(and(eq(projections.playerId, known!.id), eq(projections.source, 'import')));
    expect(mahomes).toHaveLength(1);
    expect(mahomes[0]).toMatchObject({ season: 2025, week: 3, predMean: 22.5, predStd: 6.1, team: 'KC' });
    expect(mahomes[0]!.p90! - mahomes[0]!.p10!).toBeCloseTo(2 * 1.2816 * 6.1, 2);
    expect(await db.select().from(players).where(eq(players.searchName, 'rookie 7'))).toHaveLength(1);

    const changed = `${HEADER}\nPatrick Mahomes,QB,KC,3,30,5,2025\nNew Guy,TE,SF,3,8,2,2025`;
    const kept = await upload(
      'import-projections',
      csvForm(changed, { updateExisting: 'false', batchSize: '100' }),
    );
    expect(kept.body.data).toMatchObject({ processed: 2, created: 1, updated: 0, skipped: 1 });
    const updated = await upload(
      'import-projections',
      csvForm(changed, { updateExisting: 'true', batchSize: '100' }),
    );
    expect(updated.body.data).toMatchObject({ processed: 2, created: 0, updated: 2 });
    const [after] = await db
      .select()
      .from(projections)
      .where(and(eq(projections.playerId, known!.id), eq(projections.source, 'import')));
    expect(after!.predMean).toBe(30);

    const badBatch = await upload('import-projections', csvForm(changed, { batchSize: '20' }));
    expect(badBatch.status).toBe(400);
    expect(badBatch.body.message).toMatch(/batchSize: must be a whole number from 50 to 500/);

    const stats = await admin.client.get(`${BASE}/import-stats`);
    expect(stats.body.success).toBe(true);
    expect(stats.body.data).toMatchObject({
      totalProjections: 121,
      importedProjections: 121,
      latestImport: { season: 2025, week: 3 },
    });
  });

  it('exports projections as CSV or JSON downloads with the filters applied', async () => {
    const csv = await admin.client.get(
      `${BASE}/export-projections?format=csv&season=2025&week=3&position=rb&team=dal&limit=100`,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="projections_export_\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.csv"$/,
    );
    const lines = csv.text.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'player_id,player_name,position,team,opponent,week,season,pred_mean,pred_std,p10,p50,p90,source,model_version,updated_at',
    );
    expect(lines).toHaveLength(101);
    expect(lines.slice(1).every((line) => line.includes(',RB,DAL,'))).toBe(true);

    const json = await admin.client.get(`${BASE}/export-projections?format=json&season=2025&position=QB`);
    expect(json.headers.get('content-disposition')).toMatch(/projections_export_.*\.json"$/);
    expect(json.body).toEqual([
      expect.objectContaining({
        player_name: 'Patrick Mahomes',
        position: 'QB',
        team: 'KC',
        pred_mean: 30,
        season: 2025,
      }),
    ]);
    const empty = await admin.client.get(`${BASE}/export-projections?format=json&season=2024`);
    expect(empty.body).toEqual([]);
    const badLimit = await admin.client.get(`${BASE}/export-projections?limit=50`);
    expect(badLimit.status).toBe(400);
    expect(badLimit.body).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'limit',
      message: 'limit: must be a whole number from 100 to 10000',
    });
    const badWeek = await admin.client.get(`${BASE}/export-projections?week=23`);
    expect(badWeek.body.field).toBe('week');
  });

  it('exports analytics events newest first and cleans up old ones', async () => {
    const store = server.deps.monitoring.eventStore;
    const now = Date.now();
    await store.recordEvents([
      { type: 'page.view', payload: { path: '/old' }, createdAt: new Date(now - 200 * DAY_MS) },
      { type: 'auth.login', createdAt: new Date(now - 200 * DAY_MS) },
      { type: 'page.view', payload: { path: '/recent' }, createdAt: new Date(now - 10 * DAY_MS) },
    ]);
    const csv = await admin.client.get(`${BASE}/export-analytics?format=csv&limit=100`);
    expect(csv.headers.get('content-disposition')).toMatch(/analytics_export_.*\.csv"$/);
    const lines = csv.text.trim().split(/\r?\n/);
    expect(lines[0]).toBe('id,type,user_id,created_at,payload');
    expect(csv.text).toContain('"{""path"":""/old""}"');
    const json = await admin.client.get(`${BASE}/export-analytics?format=json`);
    expect(json.body.length).toBe(lines.length - 1);
    // Newest first among the events recorded above (the admin's own sign-in was stored earlier).
    const times = json.body
      .map((event: { created_at: string }) => Date.parse(event.created_at))
      .filter((time: number) => time < now - DAY_MS);
    expect(times).toHaveLength(3);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const views = json.body.filter((event: { type: string }) => event.type === 'page.view');
    expect(views.map((event: { payload: { path: string } }) => event.payload.path)).toEqual([
      '/recent',
      '/old',
    ]);

    const typed = await admin.client.delete(`${BASE}/cleanup-analytics`, {
      olderThanDays: 180,
      eventTypes: ['page.view'],
    });
    expect(typed.status).toBe(200);
    expect(typed.body).toEqual({ success: true, data: expect.objectContaining({ deletedCount: 1 }) });
    const all = await admin.client.delete(`${BASE}/cleanup-analytics`, { olderThanDays: 5 });
    expect(all.body.data.deletedCount).toBeGreaterThanOrEqual(2);
    expect(await store.countEvents({ until: new Date(now - 5 * DAY_MS) })).toBe(0);
    const bad = await admin.client.delete(`${BASE}/cleanup-analytics`, { olderThanDays: 400 });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('olderThanDays');
  });

  it('archives inactive non-admin users: a dry run counts, a real run disables and revokes', async () => {
    const old = new Date(Date.now() - 400 * DAY_MS);
    const stale = await insertAccount(server, { createdAt: old, lastActiveAt: old });
    const staleAdmin = await insertAccount(server, { role: 'admin', createdAt: old, lastActiveAt: old });
    const fresh = await insertAccount(server, { createdAt: old, lastActiveAt: new Date() });
    const { db } = server.deps.database;
    await db
      .insert(sessions)
      .values({ userId: stale.id, tokenHash: `t-${stale.id}`, expiresAt: new Date(Date.now() + DAY_MS) });

    const dry = await admin.client.post(`${BASE}/archive-users`, { inactiveDays: '180', dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.data).toMatchObject({ dryRun: true, wouldArchive: 1, sample: [stale.email] });
    expect((await db.select().from(users).where(eq(users.id, stale.id)))[0]!.isDisabled).toBe(false);

    const real = await admin.client.post(`${BASE}/archive-users`, { inactiveDays: '180', dryRun: false });
    expect(real.body.data).toMatchObject({ dryRun: false, archivedCount: 1 });
    const [archived] = await db.select().from(users).where(eq(users.id, stale.id));
    expect(archived!.isDisabled).toBe(true);
    expect(archived!.archivedAt).not.toBeNull();
    const [session] = await db.select().from(sessions).where(eq(sessions.userId, stale.id));
    expect(session!.revokedAt).not.toBeNull();
    for (const id of [staleAdmin.id, fresh.id]) {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      expect(row!.archivedAt).toBeNull();
    }
    const again = await admin.client.post(`${BASE}/archive-users`, { inactiveDays: 180, dryRun: true });
    expect(again.body.data.wouldArchive).toBe(0);
  });
});
