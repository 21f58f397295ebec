import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createAfterAnswer, MAX_WAITING_FOLLOW_UPS } from './after-answer.js';

function recordingLog() {
  const warnings: unknown[] = [];
  const log = { warn: (...args: unknown[]) => void warnings.push(args) } as unknown as FastifyBaseLogger;
  return { log, warnings };
}

describe('the follow-ups of reads', () => {
  it('run after the caller goes on, one at a time, once per key while waiting; a failure is logged', async () => {
    const { log, warnings } = recordingLog();
    const afterAnswer = createAfterAnswer(log);
    const ran: string[] = [];
    let running = 0;
    let mostAtOnce = 0;
    const task = (name: string) => async () => {
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      ran.push(name);
      running--;
    };
    afterAnswer.run('a', task('a'));
    afterAnswer.run('a', task('a again'));
    afterAnswer.run('broken', () => Promise.reject(new Error('database gone')));
    afterAnswer.run('b', task('b'));
    expect(ran).toEqual([]);
    await afterAnswer.settled();
    expect(ran).toEqual(['a', 'b']);
    expect(mostAtOnce).toBe(1);
    expect(JSON.stringify(warnings)).toContain('broken');
    // a key is taken again once its follow-up is done
    afterAnswer.run('a', task('a later'));
    await afterAnswer.settled();
    expect(ran).toEqual(['a', 'b', 'a later']);
  });

  it('drops what comes beyond the bound, with a warning, and takes nothing once stopped', async () => {
    const { log, warnings } = recordingLog();
    const afterAnswer = createAfterAnswer(log);
    let ran = 0;
    for (let i = 0; i < MAX_WAITING_FOLLOW_UPS + 5; i++) afterAnswer.run(`k${i}`, async () => void ran++);
    await afterAnswer.stop();
    expect(ran).toBe(MAX_WAITING_FOLLOW_UPS);
    expect(warnings).toHaveLength(5);
    afterAnswer.run('late', async () => void ran++);
    await afterAnswer.settled();
    expect(ran).toBe(MAX_WAITING_FOLLOW_UPS);
  });

  it('waits, for one key prefix, only for the follow-ups under it', async () => {
    const { log } = recordingLog();
    const afterAnswer = createAfterAnswer(log);
    const ran: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    afterAnswer.run('u1:espn:7', async () => void ran.push('u1'));
    afterAnswer.run('u2:espn:7', async () => {
      await held;
      ran.push('u2');
    });
    await afterAnswer.settled('u1:');
    expect(ran).toEqual(['u1']);
    await expect(afterAnswer.settled('u3:')).resolves.toBeUndefined();
    release();
    await afterAnswer.settled('u2:');
    expect(ran).toEqual(['u1', 'u2']);
  });
});
