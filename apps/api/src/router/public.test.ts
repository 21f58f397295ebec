import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simulations } from '@fm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../test/harness.js';
import { headlineAccuracy, readModelCard } from '../services/projections/model-card.js';
import { getPublicStats } from '../services/projections/public-stats.js';

describe.each(DATABASE_KINDS)('public figures on %s', (kind) => {
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
    const card = {
      backtest: {
        measuredOn: '2024 weeks 1-17',
        pairwiseStartSitAccuracy: { value: 0.642, definition: 'pairs ranked right' },
      },
    };
    await expect(getPublicStats(server.deps, card)).resolves.toMatchObject({
      modelAccuracy: { value: 0.642, definition: 'pairs ranked right', measuredOn: '2024 weeks 1-17' },
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

  it('prefers the pairwise start/sit accuracy over other accuracies, as a fraction', () => {
    const card = {
      metrics: { positionAccuracy: 0.9, startSitPairwiseAccuracy: 61.5 },
      evaluatedOn: '2023-2024 holdout weeks',
    };
    expect(headlineAccuracy(card)).toEqual({
      value: 0.615,
      definition: expect.stringContaining('backtest'),
      measuredOn: '2023-2024 holdout weeks',
    });
  });

  it('reads a list of named metrics', () => {
    const card = {
      backtest: {
        sample: 'weeks 10-17 of 2024, 4,210 pairs',
        metrics: [
          { name: 'MAE', value: 5.1 },
          {
            name: 'Pairwise accuracy',
            value: 0.6,
            definition: 'Of two players at one position, how often the higher projection scored more.',
          },
        ],
      },
    };
    expect(headlineAccuracy(card)).toEqual({
      value: 0.6,
      definition: 'Of two players at one position, how often the higher projection scored more.',
      measuredOn: 'weeks 10-17 of 2024, 4,210 pairs',
    });
  });

  it('reads the card the projections backtest writes: its headline, definition, weeks and sample', () => {
    const card = {
      model: 'Weekly PPR projection',
      seasons: [
        { season: 2024, weeks: [3, 4, 5, 18] },
        { season: 2025, firstWeek: 1, lastWeek: 11 },
      ],
      headline: { startSitAccuracy: 0.6712, statement: '67.1% start/sit accuracy' },
      definitions: { pairwiseAccuracy: 'Start/sit accuracy: pairs of players ranked right.' },
      results: {
        overall: {
          rows: 12_345,
          methods: { model: { pairwiseAccuracy: 0.6712 }, nflcom: { pairwiseAccuracy: 0.69 } },
        },
      },
    };
    expect(headlineAccuracy(card)).toEqual({
      value: 0.6712,
      definition: 'Start/sit accuracy: pairs of players ranked right.',
      measuredOn: 'a walk-forward backtest over 2024 weeks 3–18 and 2025 weeks 1–11, 12,345 player-weeks',
    });
  });

  it('is null when the card reports no accuracy, and a broken file reads as no card', () => {
    expect(headlineAccuracy({ metrics: { mae: 4.2 } })).toBeNull();
    const broken = path.join(dir, 'broken.json');
    writeFileSync(broken, '{ not json');
    expect(readModelCard(broken)).toBeNull();
    const good = path.join(dir, 'card.json');
    writeFileSync(good, JSON.stringify({ accuracy: 0.7 }));
    expect(headlineAccuracy(readModelCard(good))?.value).toBe(0.7);
  });
});
