import { cleanup, configure } from '@testing-library/react';
import { installDialogPolyfill } from '@fm/ui/testing/dialog-polyfill';
import { afterEach } from 'vitest';

installDialogPolyfill();

// jsdom lays nothing out, so it has no scrollIntoView; pages call it to bring a new page of results into view.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = function scrollIntoView() {};

// Pages load lazily: on a busy 2-core machine the first render can take longer than the default 1 s
// that findBy*/waitFor wait for. They still resolve as soon as the state appears.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.cookie.split(';').forEach((c) => {
    document.cookie = `${c.split('=')[0]!.trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
