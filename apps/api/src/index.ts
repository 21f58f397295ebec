import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from './router/root.js';
import type { cleanupAnalytics } from './services/data-management/cleanup.js';
import type { ImportResult } from './services/data-management/projection-csv-import.js';
import type { previewProjectionCsv } from './services/data-management/projection-csv.js';

export type { AppRouter };

/** What each procedure accepts, e.g. `RouterInputs['players']['list']`. */
export type RouterInputs = inferRouterInputs<AppRouter>;
/** What each procedure answers, e.g. `RouterOutputs['auth']['me']`. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** What the plain (non-procedure) DELETE /api/admin/data-management/cleanup-analytics answers. */
export interface CleanupAnalyticsAnswer {
  success: true;
  data: Awaited<ReturnType<typeof cleanupAnalytics>>;
}

/** What the plain CSV upload routes answer in `data`: preview-projections and import-projections. */
export type CsvPreviewAnswer = ReturnType<typeof previewProjectionCsv>;
export type CsvImportAnswer = ImportResult;
