import type { Page } from 'playwright-core';

/**
 * Waits until every finite animation and transition on the page has ended, so a check that reads pixels or
 * computed colours (axe's contrast, a screenshot) sees the page at rest rather than a card still fading in.
 * Endless ones (a loading spinner) and paused ones are left alone: they never end by themselves. It repeats until a pass starts nothing new,
 * since an animation that ends can reveal elements whose own animations start after it (staggered cards).
 */
export async function waitForAnimationsToEnd(page: Page, timeoutMs = 15_000): Promise<void> {
  await page.waitForFunction(
    async () => {
      const running = () =>
        document
          .getAnimations()
          .filter(
            (animation) =>
              animation.playState === 'running' &&
              animation.effect?.getComputedTiming().iterations !== Infinity,
          );
      const pending = running();
      if (pending.length === 0) return true;
      await Promise.all(pending.map((animation) => animation.finished.catch(() => undefined)));
      return running().length === 0;
    },
    undefined,
    { timeout: timeoutMs, polling: 100 },
  );
}
