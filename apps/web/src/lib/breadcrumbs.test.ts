import { describe, expect, it } from 'vitest';
import { buildBreadcrumbs } from './breadcrumbs';

describe('buildBreadcrumbs', () => {
  it('labels known segments and links each level', () => {
    expect(buildBreadcrumbs('/admin/system-health')).toEqual([
      { label: 'Home', path: '/' },
      { label: 'Admin', path: '/admin' },
      { label: 'System Health', path: '/admin/system-health' },
    ]);
  });

  it('shows unknown segments as written, decoded', () => {
    expect(buildBreadcrumbs('/simulate/john%20doe/2025').map((c) => c.label)).toEqual([
      'Home',
      'Simulate',
      'john doe',
      '2025',
    ]);
  });

  it('is just Home on /', () => {
    expect(buildBreadcrumbs('/')).toEqual([{ label: 'Home', path: '/' }]);
  });
});
