import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How long a page's heading is waited for (its code and its first data may still be loading). */
const HEADING_WAIT_MS = 10_000;

/**
 * Every page opens at its top after in-app navigation, with keyboard focus on its heading: arriving from
 * a long page must not leave the reader scrolled past the headline, nor focus on a link that is gone.
 * The first load, back/forward (where the browser restores the place), a change of search parameters alone
 * and an address with a #fragment (the browser scrolls to it) are left alone. Focus moves only while the reader has not put it
 * somewhere on the new page themselves.
 */
export function usePagesOpenAtTop(mainId: string): void {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  // null until the first page: it is left where the browser puts it
  const shownPathname = useRef<string | null>(null);

  useLayoutEffect(() => {
    const previous = shownPathname.current;
    shownPathname.current = pathname;
    // the same page with other search parameters (a filter, the next page of a list) keeps its place and focus
    if (previous === null || previous === pathname) return;
    if (navigationType === 'POP' || hash) return;
    (document.scrollingElement ?? document.documentElement).scrollTop = 0;
    const main = document.getElementById(mainId);
    if (!main) return;
    const focusedBefore = document.activeElement;
    let focusedHeading: HTMLElement | null = null;
    const isFocusUnclaimed = () => {
      const active = document.activeElement;
      return (
        !active ||
        active === document.body ||
        active === main ||
        active === focusedBefore ||
        active === focusedHeading
      );
    };
    // A lazily loaded page shows its heading later, and a loading heading may give way to the page's own.
    const focusHeading = () => {
      if (!isFocusUnclaimed()) return stop();
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading || heading === document.activeElement) return;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      focusedHeading = heading;
    };
    const observer = new MutationObserver(focusHeading);
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true });
    focusHeading();
    return stop;
  }, [pathname, hash, navigationType, mainId]);
}
