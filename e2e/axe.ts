import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { waitForAnimationsToEnd } from './animations.js';

/** WCAG 2.1 A and AA (color contrast included) plus axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/** The serious and critical accessibility violations on the page at rest, one line each (none: []). */
export async function blockingViolations(page: Page): Promise<string[]> {
  await waitForAnimationsToEnd(page);
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations
    .filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ''))
    .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}
