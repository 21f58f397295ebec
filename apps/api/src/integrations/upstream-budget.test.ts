import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import {
  CALLER_SHARE_OF_BUDGET,
  createUpstreamBudget,
  PRODUCT_RESERVE_OF_BUDGET,
} from './upstream-budget.js';
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

  it('lets people together take all but the reserve; the product then takes the rest, and past it waits and is refused', async () => {
    const budget = createUpstreamBudget({ service: 'espn', label: 'ESPN', callsPerMinute: 8, maxWaitMs: 0 });
    const people = 8 * (1 - PRODUCT_RESERVE_OF_BUDGET);
    const callers = ['user:a', 'user:b', 'user:c', 'user:d'];
    for (let i = 0; i < people; i++) {
      expect(await callingUpstreamAs(callers[i % callers.length]!, () => budget.take())).toBeNull();
    }
    const refused = await callingUpstreamAs('user:e', () => budget.take()).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('ESPN') });
    for (let i = people; i < 8; i++) expect(await budget.take()).toBeNull();
    expect(await budget.take()).toEqual({ retryAfterMs: expect.any(Number) });
  });

  it('charges a signed-in call to its address as well as its account', async () => {
    const budget = createUpstreamBudget({ service: 'sleeper', callsPerMinute: CALLS_PER_MINUTE });
    const fromHome = (user: string) =>
      callingUpstreamAs('address:192.0.2.9', () => callingUpstreamAs(user, () => budget.take()));
    for (let i = 0; i < share; i++) expect(await fromHome(`user:${i % 4}`)).toBeNull();
    await expect(fromHome('user:fresh')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });
});
