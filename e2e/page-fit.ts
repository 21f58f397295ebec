import type { Page } from 'playwright-core';

/** How far the page is wider than the window (0 when it fits), and what sticks out. */
export function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    return {
      overflowPx: Math.max(0, scroller.scrollWidth - window.innerWidth),
      outside: Array.from(document.querySelectorAll('body *'))
        .filter(
          (el) =>
            el.getBoundingClientRect().right > window.innerWidth + 1 &&
            !el.closest('.table-wrap') &&
            // a chart's table for screen readers is clipped to nothing on screen
            !el.closest('.visually-hidden'),
        )
        .filter((el) => getComputedStyle(el).position !== 'fixed')
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')}`),
    };
  });
}

/** The cells of the page's tables that are not wholly on screen sideways (none when each row fits). */
export function cellsOffScreen(page: Page) {
  return page.locator('main table.table tbody td').evaluateAll((cells) =>
    cells
      .map((cell) => ({ text: cell.textContent, box: cell.getBoundingClientRect() }))
      .filter(({ box }) => box.left < 0 || box.right > window.innerWidth + 1)
      .map(({ text }) => text),
  );
}
