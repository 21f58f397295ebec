import { useLayoutEffect, useRef } from 'react';

/**
 * A results page opens at its top with keyboard focus on its heading: arriving from a long league page
 * must not leave the reader scrolled past the headline, nor leave focus on a button that is gone.
 */
export function useOpenAtTop<T extends HTMLElement>() {
  const headingRef = useRef<T>(null);
  useLayoutEffect(() => {
    (document.scrollingElement ?? document.documentElement).scrollTop = 0;
    headingRef.current?.focus({ preventScroll: true });
  }, []);
  return headingRef;
}
