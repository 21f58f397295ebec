import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Breadcrumbs } from './Breadcrumbs.js';

const items = [
  { label: 'Home', path: '/' },
  { label: 'Admin', path: '/admin' },
  { label: 'User Management', path: '/admin/users' },
];

describe('Breadcrumbs', () => {
  it('links every crumb but the last, separated by ">"', () => {
    render(<Breadcrumbs items={items} renderLink={(item) => <a href={item.path}>{item.label}</a>} />);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Home', 'Admin']);
    expect(within(nav).getByText('User Management').getAttribute('aria-current')).toBe('page');
    expect(within(nav).getAllByText('>')).toHaveLength(2);
  });

  it('renders nothing on the home page alone', () => {
    const { container } = render(<Breadcrumbs items={items.slice(0, 1)} renderLink={() => null} />);
    expect(container.innerHTML).toBe('');
  });
});
