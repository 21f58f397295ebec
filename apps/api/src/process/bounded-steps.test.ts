import { describe, expect, it } from 'vitest';
import { runBoundedSteps } from './bounded-steps.js';

describe('shutdown steps', () => {
  it('leave a step that never settles behind when the time is up, and still run every later step', async () => {
    const ran: string[] = [];
    const warnings: unknown[] = [];
    const started = performance.now();
    await runBoundedSteps(
      [
        ['stuck flush', () => new Promise(() => {})],
        ['failing close', () => Promise.reject(new Error('mail server gone'))],
        ['database', () => void ran.push('database')],
      ],
      { totalMs: 300, log: { warn: (...args: unknown[]) => void warnings.push(args) } },
    );
    const elapsed = performance.now() - started;
    expect(ran).toEqual(['database']);
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(2_000);
    expect(JSON.stringify(warnings)).toContain('stuck flush');
    expect(JSON.stringify(warnings)).toContain('failing close');
  });
});
