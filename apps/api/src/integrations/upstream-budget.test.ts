import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { CALLER_SHARE_OF_BUDGET, createUpstreamBudget } from './upstream-budget.js';
import { callingUpstreamAs, callingUpstreamForTheProduct } from './upstream-caller.js';

describe('a caller’s share of an upstream budget', () => {
  const CALLS_PER_MINUTE = 40;
  const share = CALLS_PER_MINUTE * CALLER_SHARE_OF_BUDGET;

  it('refuses one caller past its share with 429 RATE_LIMITED, while other callers and the product still call', async () => {
    const budget = createUpstreamBudget({
      service: 'sleeper',
      label: 'Sleeper',
      callsPerMinute: CALLS_PER_MINUTE,
    });
    const asUser = () => callingUpstreamAs('user:greedy', () => budget.take());
    for (let i = 0; i < share; i++) expect(await asUser()).toBeNull();

    const refused = await asUser().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    expect((refused as AppError).message).toContain('Sleeper');
    expect((refused as AppError).details?.retryAfterSeconds).toBeGreaterThan(0);

    expect(await callingUpstreamAs('user:other', () => budget.take())).toBeNull();
    expect(await callingUpstreamAs('address:192.0.2.7', () => budget.take())).toBeNull();
    // the sync's calls, even when a request of that user started them, are the product's
    expect(
      await callingUpstreamAs('user:greedy', () => callingUpstreamForTheProduct(() => budget.take())),
    ).toBeNull();
  });

  it('keeps the whole budget for callers together: past it, a call waits and is then refused (not charged to a share)', async () => {
    const budget = createUpstreamBudget({ service: 'espn', callsPerMinute: 8, maxWaitMs: 0 });
    const callers = ['user:a', 'user:b', 'user:c', 'user:d'];
    for (const caller of callers) {
      for (let i = 0; i < 2; i++) expect(await callingUpstreamAs(caller, () => budget.take())).toBeNull();
    }
    const spent = await callingUpstreamAs('user:e', () => budget.take());
    expect(spent).toEqual({ retryAfterMs: expect.any(Number) });
  });
});
