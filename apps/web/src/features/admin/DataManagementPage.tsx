import { Tabs } from '@fm/ui';
import { useState } from 'react';
import { CleanupTab } from './CleanupTab';
import { ExportTab } from './ExportTab';
import { ImportTab } from './ImportTab';
import { SourcesTab } from './SourcesTab';

/** /admin/data-management: Import, Export, Cleanup and the live-data Sources tabs. */
export default function DataManagementPage() {
  const [tab, setTab] = useState('import');
  return (
    <section className="admin-page">
      <h1>Data Management</h1>
      <Tabs
        label="Data management"
        selectedId={tab}
        onSelect={setTab}
        tabs={[
          { id: 'import', label: 'Import', panel: <ImportTab /> },
          { id: 'export', label: 'Export', panel: <ExportTab /> },
          { id: 'cleanup', label: 'Cleanup', panel: <CleanupTab /> },
          { id: 'sources', label: 'Sources', panel: <SourcesTab /> },
        ]}
      />
    </section>
  );
}
