import './admin-users-table.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Banner, Button, Dialog, Spinner } from '@fm/ui';
import { useId, useMemo, useState } from 'react';
import { trpc, trpcClient } from '../../lib/trpc';
import { useAuth } from '../auth/auth-context';
import type { AdminUser } from './admin-types';
import { formatDate } from './format';

export type StatusFilter = 'all' | 'active' | 'disabled';

/** Email search (case-insensitive, anywhere in the address) and the status filter. */
export function filterUsers(users: AdminUser[], search: string, status: StatusFilter): AdminUser[] {
  const needle = search.trim().toLowerCase();
  return users.filter(
    (user) =>
      (!needle || user.email.toLowerCase().includes(needle)) &&
      (status === 'all' || (status === 'disabled') === user.isDisabled),
  );
}

export function deleteConfirmationText(email: string): string {
  return `You are about to permanently delete the user ${email}. This action is irreversible. Are you sure you want to proceed?`;
}

/** /admin/users: search, filter, enable/disable and delete. */
export default function UserManagementPage() {
  const id = useId();
  const { user: me } = useAuth();
  const queryClient = useQueryClient();
  const users = useQuery(trpc.admin.users.queryOptions());
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [pendingDelete, setPendingDelete] = useState<AdminUser | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.users.queryKey() });
  const toggle = useMutation({
    mutationFn: (user: AdminUser) =>
      trpcClient.admin.setUserStatus.mutate({ id: user.id, isDisabled: !user.isDisabled }),
    onSuccess: async ({ data }) => {
      setActionError(null);
      setNotice(`${data.email} is now ${data.isDisabled ? 'disabled' : 'active'}.`);
      await refresh();
    },
    onError: (error) => setActionError(`Failed to update user status. ${error.message}`),
  });
  const remove = useMutation({
    mutationFn: (user: AdminUser) => trpcClient.admin.deleteUser.mutate({ id: user.id }),
    onSuccess: async ({ data }) => {
      setActionError(null);
      setNotice(data.message);
      setPendingDelete(null);
      await refresh();
    },
    onError: (error) => {
      setActionError(`Failed to delete user. ${error.message}`);
      setPendingDelete(null);
    },
  });

  const visible = useMemo(
    () => filterUsers(users.data?.data ?? [], search, status),
    [users.data, search, status],
  );

  return (
    <section className="admin-page">
      <h1>User Management</h1>
      {notice && (
        <Banner tone="success" onDismiss={() => setNotice(null)}>
          {notice}
        </Banner>
      )}
      {actionError && (
        <Banner tone="error" onDismiss={() => setActionError(null)}>
          {actionError}
        </Banner>
      )}
      <div className="admin-filters">
        <div className="field">
          <label htmlFor={`${id}-search`}>Search by email</label>
          <input
            id={`${id}-search`}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="name@example.com"
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-status`}>Status</label>
          <select
            id={`${id}-status`}
            value={status}
            onChange={(e) => setStatus(e.target.value as StatusFilter)}
          >
            <option value="all">All</option>
            <option value="active">Active</option>
            <option value="disabled">Disabled</option>
          </select>
        </div>
      </div>
      {users.isError && <Banner tone="error">Failed to fetch users.</Banner>}
      {users.isPending ? (
        <Spinner label="Loading users…" />
      ) : (
        <div className="table-wrap">
          <table className="table admin-users-table">
            <caption className="visually-hidden">Users ({visible.length})</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Email verified</th>
                <th scope="col">Signup IP</th>
                <th scope="col">Joined</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {visible.map((user) => {
                const isMe = user.id === me?.id;
                return (
                  <tr key={user.id}>
                    <td data-label="Email" className="admin-users-table__email">
                      {user.email}
                    </td>
                    <td data-label="Role">{user.role}</td>
                    <td data-label="Status">
                      <span
                        className={`admin-badge admin-badge--${user.isDisabled ? 'critical' : 'healthy'}`}
                      >
                        {user.isDisabled ? 'Disabled' : 'Active'}
                      </span>
                    </td>
                    <td data-label="Email verified">
                      <span
                        className={`admin-badge admin-badge--${user.emailVerified ? 'healthy' : 'warning'}`}
                      >
                        {user.emailVerified ? 'Verified' : 'Not verified'}
                      </span>
                    </td>
                    <td data-label="Signup IP">{user.signupIp || 'N/A'}</td>
                    <td data-label="Joined">{formatDate(user.createdAt)}</td>
                    <td data-label="Actions" className="admin-actions">
                      <Button
                        variant="secondary"
                        disabled={isMe || toggle.isPending}
                        title={isMe ? 'You cannot change your own account' : undefined}
                        onClick={() => toggle.mutate(user)}
                        aria-label={`${user.isDisabled ? 'Enable' : 'Disable'} ${user.email}`}
                      >
                        {user.isDisabled ? 'Enable' : 'Disable'}
                      </Button>
                      <Button
                        variant="danger"
                        disabled={isMe}
                        title={isMe ? 'You cannot delete your own account' : undefined}
                        onClick={() => setPendingDelete(user)}
                        aria-label={`Delete ${user.email}`}
                      >
                        Delete
                      </Button>
                    </td>
                  </tr>
                );
              })}
              {visible.length === 0 && (
                <tr>
                  <td colSpan={7}>No users match.</td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      <Dialog
        open={pendingDelete !== null}
        role="alertdialog"
        title="Delete user"
        onClose={() => setPendingDelete(null)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setPendingDelete(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              isBusy={remove.isPending}
              onClick={() => pendingDelete && remove.mutate(pendingDelete)}
            >
              Delete permanently
            </Button>
          </>
        }
      >
        <p>{pendingDelete ? deleteConfirmationText(pendingDelete.email) : ''}</p>
      </Dialog>
    </section>
  );
}
