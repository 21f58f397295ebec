import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, sessionUser, trpcData } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { isCsvFile } from './data-management-api';
import { exportOptionsProblem, exportSuccessMessage } from './ExportTab';
import { alertTypeLabel, formatBytes, formatUptime, statusLabel } from './format';
import { importOutcome, importSuccessMessage, previewHeading, problemsLabel } from './import-messages';
import { RangeControl } from './RangeControl';
import { deleteConfirmationText, filterUsers } from './UserManagementPage';

const admin = sessionUser({ id: 'admin-1', email: 'boss@example.com', role: 'admin' });
const ME = { 'GET /trpc/auth.me': () => [200, { data: admin }] as [number, unknown] };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('admin helpers', () => {
  it('writes the confirmation and status texts word for word', () => {
    expect(deleteConfirmationText('a@b.co')).toBe(
      'You are about to permanently delete the user a@b.co. This action is irreversible. Are you sure you want to proceed?',
    );
    expect(importSuccessMessage({ created: 3, updated: 2, processed: 5 })).toBe(
      'Import completed! Created: 3, Updated: 2, Processed: 5',
    );
    expect(exportSuccessMessage('projections')).toBe('Projections data exported successfully');
    expect(alertTypeLabel('failed_login_burst')).toBe('failed login burst');
  });

  it('never calls an import that saved nothing a success, and counts rows in plain words', () => {
    const result = {
      processed: 0,
      created: 0,
      updated: 0,
      skipped: 0,
      playersCreated: 0,
      errorCount: 3,
      errors: [],
    };
    expect(importOutcome(result)).toEqual({
      tone: 'error',
      text: 'Import failed: none of the rows could be imported (3 rows with errors). Nothing was saved; see the errors below.',
    });
    expect(importOutcome({ ...result, processed: 4, created: 4, errorCount: 1 })).toEqual({
      tone: 'warning',
      text: 'Import completed! Created: 4, Updated: 0, Processed: 4. 1 row could not be imported; see the errors below.',
    });
    expect(importOutcome({ ...result, processed: 2, updated: 2, errorCount: 0 }).tone).toBe('success');
    expect(previewHeading({ totalRows: 1 })).toBe('Preview (1 row)');
    expect(previewHeading({ totalRows: 0 })).toBe('Preview: no data rows');
    expect(problemsLabel(1)).toBe('1 problem found:');
  });

  it('explains an export limit, week or season out of range in plain words', () => {
    const options = {
      format: 'csv',
      week: '',
      season: '2025',
      position: 'all',
      team: '',
      limit: '1000',
    } as const;
    expect(exportOptionsProblem(options)).toBeNull();
    expect(exportOptionsProblem({ ...options, limit: '50' })).toBe(
      'Limit must be a whole number from 100 to 10000.',
    );
    expect(exportOptionsProblem({ ...options, limit: '' })).toBe(
      'Limit must be a whole number from 100 to 10000.',
    );
    expect(exportOptionsProblem({ ...options, week: '23' })).toBe(
      'Week must be a whole number from 1 to 22, or blank for all weeks.',
    );
    expect(exportOptionsProblem({ ...options, season: '1999' })).toBe(
      'Season must be a whole number from 2000 to 2100.',
    );
  });

  it('accepts CSV by type or name, like the drop zone', () => {
    expect(isCsvFile({ name: 'x.CSV', type: '' })).toBe(true);
    expect(isCsvFile({ name: 'x', type: 'application/vnd.ms-excel' })).toBe(true);
    expect(isCsvFile({ name: 'x.pdf', type: 'application/pdf' })).toBe(false);
  });

  it('filters users by email and status', () => {
    const users = [
      {
        id: '1',
        email: 'Ann@x.com',
        role: 'user',
        isDisabled: false,
        emailVerified: true,
        signupIp: null,
        createdAt: '',
        lastActiveAt: null,
        archivedAt: null,
      },
      {
        id: '2',
        email: 'bob@x.com',
        role: 'user',
        isDisabled: true,
        emailVerified: false,
        signupIp: null,
        createdAt: '',
        lastActiveAt: null,
        archivedAt: null,
      },
    ] as const;
    expect(filterUsers([...users], 'ann', 'all').map((u) => u.id)).toEqual(['1']);
    expect(filterUsers([...users], '', 'disabled').map((u) => u.id)).toEqual(['2']);
    expect(filterUsers([...users], '', 'active').map((u) => u.id)).toEqual(['1']);
  });

  it('formats figures', () => {
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatUptime(3_725)).toBe('1h 2m');
    expect(statusLabel('unhealthy')).toBe('unknown');
    expect(statusLabel('warning')).toBe('warning');
  });
});

describe('RangeControl', () => {
  it('Apply does nothing unless both dates are set', async () => {
    const onChange = vi.fn();
    render(<RangeControl value={{ days: 30 }} onChange={onChange} />);
    expect(screen.getByRole('button', { name: '30d' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: '7d' }));
    expect(onChange).toHaveBeenLastCalledWith({ days: 7 });
    await userEvent.click(screen.getByRole('button', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-10-01' } });
    onChange.mockClear();
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-10-31' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledWith({ startDate: '2026-10-01', endDate: '2026-10-31' });
  });

  it('says an inverted custom range is inverted and does not send it', async () => {
    const onChange = vi.fn();
    render(<RangeControl value={{ days: 30 }} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-10-31' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-10-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText(/The start date is after the end date/)).toBeTruthy();
  });
});

describe('admin pages', () => {
  it('System Alerts: empty state, then type with spaces and buttons disabled by status', async () => {
    let list: unknown[] = [];
    fakeServer({ ...ME, 'GET /trpc/admin.alerts': () => trpcData({ data: list }) });
    const { queryClient } = renderApp('/admin/alerts');
    expect(await screen.findByText('No active alerts. System is healthy.')).toBeTruthy();
    list = [
      {
        id: 'a1',
        type: 'high_error_rate',
        message: '12 server errors',
        status: 'acknowledged',
        createdAt: '2026-11-22T06:00:00.000Z',
        updatedAt: '',
        resolvedAt: null,
      },
    ];
    await queryClient.invalidateQueries();
    const heading = await screen.findByRole('heading', { name: 'high error rate' });
    const item = heading.closest('li')!;
    expect(within(item).getByRole('button', { name: 'Acknowledge' })).toHaveProperty('disabled', true);
    expect(within(item).getByRole('button', { name: 'Resolve' })).toHaveProperty('disabled', false);
    expect(within(item).getByText('12 server errors')).toBeTruthy();
  });

  it('User Management: email verification, N/A for a missing signup IP and the exact delete confirmation', async () => {
    const users = [
      {
        id: 'admin-1',
        email: 'boss@example.com',
        role: 'admin',
        isDisabled: false,
        emailVerified: false,
        signupIp: '10.0.0.1',
        createdAt: '2026-01-01T00:00:00.000Z',
        lastActiveAt: null,
        archivedAt: null,
      },
      {
        id: 'u-2',
        email: 'fan@example.com',
        role: 'user',
        isDisabled: false,
        emailVerified: true,
        signupIp: null,
        createdAt: '2026-02-01T00:00:00.000Z',
        lastActiveAt: null,
        archivedAt: null,
      },
    ];
    fakeServer({ ...ME, 'GET /trpc/admin.users': () => trpcData({ data: users }) });
    renderApp('/admin/users');
    const row = (await screen.findByText('fan@example.com')).closest('tr')!;
    expect(within(row).getByText('N/A')).toBeTruthy();
    expect(within(row).getByText('Verified')).toBeTruthy();
    const bossRow = screen.getByText('boss@example.com').closest('tr')!;
    expect(within(bossRow).getByText('Not verified')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete boss@example.com' })).toHaveProperty('disabled', true);
    await userEvent.click(within(row).getByRole('button', { name: 'Delete fan@example.com' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(
      'You are about to permanently delete the user fan@example.com. This action is irreversible. Are you sure you want to proceed?',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('shows the admin sub-navigation', async () => {
    fakeServer({ ...ME, 'GET /trpc/admin.users': () => trpcData({ data: [] }) });
    renderApp('/admin/users');
    const nav = await screen.findByRole('navigation', { name: 'Admin sections' });
    for (const name of ['Overview', 'User Management', 'System Alerts', 'System Health', 'Data Management']) {
      expect(within(nav).getByRole('link', { name })).toBeTruthy();
    }
    expect(within(nav).getByRole('link', { name: 'User Management' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });
});
