import type { ReactNode } from 'react';
import { AccessibilityTab } from './AccessibilityTab';
import { AccountTab } from './AccountTab';
import { LeagueConnectionsTab } from '../leagues/LeagueConnectionsTab';
import { NotificationsTab } from '../notifications/NotificationsTab';

export interface SettingsTab {
  id: string;
  label: string;
  render(): ReactNode;
}

/**
 * The tabs of /settings, in order: the product's three (Account, Accessibility, League Connections), then
 * Notifications. Add a tab by adding an entry here.
 */
export const SETTINGS_TABS: SettingsTab[] = [
  { id: 'account', label: 'Account', render: () => <AccountTab /> },
  { id: 'accessibility', label: 'Accessibility', render: () => <AccessibilityTab /> },
  { id: 'league-connections', label: 'League Connections', render: () => <LeagueConnectionsTab /> },
  { id: 'notifications', label: 'Notifications', render: () => <NotificationsTab /> },
];
