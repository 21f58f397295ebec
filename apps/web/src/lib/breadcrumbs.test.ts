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

  it("names a crumb from data when given, e.g. a league's name for its id", () => {
    expect(
      buildBreadcrumbs('/simulate/fan/2026/1180', { '/simulate/fan/2026/1180': 'Dynasty Dads' }).map(
        (c) => c.label,
      ),
    ).toEqual(['Home', 'Simulate', 'fan', '2026', 'Dynasty Dads']);
  });

  it('is just Home on /', () => {
    expect(buildBreadcrumbs('/')).toEqual([{ label: 'Home', path: '/' }]);
  });
});
