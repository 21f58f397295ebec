import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, trpcError } from '../../test/fake-server';
import { CleanupTab } from './CleanupTab';

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'csrf-token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('admin data management → cleanup: user archival', () => {
  it('previews the archival with the chosen days and says how many accounts it would archive', async () => {
    document.cookie = 'csrf-token=nonce.signature; path=/';
    const server = fakeServer({
      'POST /trpc/admin.dataManagement.archiveUsers': () => [
        200,
        { success: true, data: { dryRun: true, wouldArchive: 3, inactiveSince: '2025-01-01', sample: [] } },
      ],
    });
    render(<CleanupTab />);
    const user = userEvent.setup();
    const days = screen.getByLabelText('Inactive for (days)');
    await user.clear(days);
    await user.type(days, '200');
    await user.click(screen.getByRole('button', { name: 'Preview archival' }));
    expect(await screen.findByText('Would archive 3 inactive users')).toBeTruthy();
    const call = server.calls.find((c) => c.procedure === 'admin.dataManagement.archiveUsers')!;
    expect(call.body).toEqual({ inactiveDays: '200', dryRun: true });
    expect(call.headers.get('X-CSRF-Token')).toBe('nonce.signature');
  });

  it("shows the server's message when the archival is refused", async () => {
    fakeServer({
      'POST /trpc/admin.dataManagement.archiveUsers': () =>
        trpcError(400, 'VALIDATION_ERROR', 'Inactive days must be at least 30.'),
    });
    render(<CleanupTab />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Preview archival' }));
    expect(
      await screen.findByText('Failed to archive users. Inactive days must be at least 30.'),
    ).toBeTruthy();
  });
});
