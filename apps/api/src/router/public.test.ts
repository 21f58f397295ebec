import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ModelCard } from '@fm/contract';
import { simulations } from '@fm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_DATABASE, startTestServer, type TestServer } from '../../test/harness.js';
import { headlineAccuracy, readModelCard } from '../services/projections/model-card.js';
import { getPublicStats } from '../services/projections/public-stats.js';

describe.each(EMBEDDED_DATABASE)('public figures on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('counts the simulations actually run, over REST and tRPC alike', async () => {
    const before = await server.client().get('/api/public/stats');
    expect(before.status).toBe(200);
    expect(before.body.simulationsRun).toBe(0);

    const row = { kind: 'matchup', iterations: 10_000, durationMs: 12.5 };
    await server.deps.database.db.insert(simulations).values([row, row, row]);
    const after = await server.client().get('/api/public/stats');
    expect(after.body.simulationsRun).toBe(3);

    const viaTrpc = await server.client().get('/trpc/public.stats');
    expect(viaTrpc.status).toBe(200);
    expect(viaTrpc.body.result.data.simulationsRun).toBe(3);
  });

  it('reports the accuracy from the model card given, and none without a card', async () => {
    await expect(getPublicStats(server.deps, null)).resolves.toMatchObject({ modelAccuracy: null });
    const card = cardWith({
      seasons: [{ season: 2024, firstWeek: 1, lastWeek: 17 }],
      startSitAccuracy: 0.642,
    });
    await expect(getPublicStats(server.deps, card)).resolves.toMatchObject({
      modelAccuracy: { value: 0.642, measuredOn: expect.stringContaining('2024 weeks 1–17') },
    });
  });

  it('serves the model card (or null) at /api/public/model-card', async () => {
    const response = await server.client().get('/api/public/model-card');
    expect(response.status).toBe(200);
    expect(response.body).toHaveProperty('modelCard');
    expect(response.body.modelCard).toEqual(readModelCard());
  });
});

describe('the headline accuracy of a model card', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'fm-card-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the card the projections backtest writes: its headline, definition, weeks and sample', () => {
    const card = cardWith({
      seasons: [
        { season: 2024, firstWeek: 3, lastWeek: 18 },
        { season: 2025, firstWeek: 1, lastWeek: 1 },
      ],
      startSitAccuracy: 0.6712,
      rows: 12_345,
    });
    expect(headlineAccuracy(card)).toEqual({
      value: 0.6712,
      definition: card.definitions.pairwiseAccuracy,
      measuredOn: 'a walk-forward backtest over 2024 weeks 3–18 and 2025 week 1, 12,345 player-weeks',
    });
  });

  it('reads a card file as written, and a broken or foreign file as no card', () => {
    const good = path.join(dir, 'card.json');
    writeFileSync(good, JSON.stringify(cardWith({ startSitAccuracy: 0.7 })));
    expect(headlineAccuracy(readModelCard(good))?.value).toBe(0.7);
    const broken = path.join(dir, 'broken.json');
    writeFileSync(broken, '{ not json');
    expect(readModelCard(broken)).toBeNull();
    const foreign = path.join(dir, 'foreign.json');
    writeFileSync(foreign, JSON.stringify({ accuracy: 0.7 }));
    expect(readModelCard(foreign)).toBeNull();
  });
});

/** The committed card with its headline figures replaced. */
function cardWith(change: {
  startSitAccuracy: number;
  seasons?: ModelCard['seasons'];
  rows?: number;
}): ModelCard {
  const committed = readModelCard();
  if (!committed) throw new Error('packages/projections/model-card.json is missing or not a card');
  const { overall } = committed.results;
  return {
    ...committed,
    seasons: change.seasons ?? committed.seasons,
    headline: { ...committed.headline, startSitAccuracy: change.startSitAccuracy },
    results: { ...committed.results, overall: { ...overall, rows: change.rows ?? overall.rows } },
  };
}
