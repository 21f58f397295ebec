import { Tabs } from '@fm/ui';
import { useSearchParams } from 'react-router';
import { SETTINGS_TABS } from './settings-tabs';
import './settings.css';

/** /settings: one tab per area; `?tab=<id>` opens a given tab (links can point at one). */
export default function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const selectedId = SETTINGS_TABS.some((tab) => tab.id === requested) ? requested! : SETTINGS_TABS[0]!.id;
  return (
    <section className="settings-page">
      <h1>Settings</h1>
      <Tabs
        label="Settings"
        selectedId={selectedId}
        onSelect={(id) => setParams({ tab: id }, { replace: true })}
        tabs={SETTINGS_TABS.map((tab) => ({ id: tab.id, label: tab.label, panel: tab.render() }))}
      />
    </section>
  );
}
