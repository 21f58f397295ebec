import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { archiveInactiveUsers, getImportStats } from '../services/data-management/cleanup.js';
import type { listAlerts } from '../services/alerts/alerts.js';
import type { getErrorReport } from '../services/admin/error-report.js';
import type { getAdminMetrics, getChartData } from '../services/admin/metrics.js';
import type { getResourceReport } from '../services/admin/resource-report.js';
import type { getApiMetrics, getSystemHealth } from '../services/admin/system-health.js';
import type { listUsers } from '../services/admin/users.js';
import type {
  adminMetricsSchema,
  adminUserSchema,
  alertSchema,
  archiveUsersSchema,
  chartRowSchema,
  importStatsSchema,
} from '@fm/contract';
import type {
  apiMetricsSchema,
  errorReportSchema,
  resourceReportSchema,
  systemHealthSchema,
} from '@fm/contract';

type Answer<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;
type Item<T> = T extends Array<infer I> ? I : never;

// Output validation drops keys a schema does not name: each schema must state exactly what its service returns.
describe('admin answer schemas', () => {
  it('describe exactly what the services return', () => {
    expectTypeOf<z.output<typeof adminMetricsSchema>>().toEqualTypeOf<Answer<typeof getAdminMetrics>>();
    expectTypeOf<z.output<typeof chartRowSchema>>().toEqualTypeOf<Item<Answer<typeof getChartData>>>();
    expectTypeOf<z.output<typeof adminUserSchema>>().toEqualTypeOf<Item<Answer<typeof listUsers>>>();
    expectTypeOf<z.output<typeof alertSchema>>().toEqualTypeOf<Item<Answer<typeof listAlerts>>>();
    expectTypeOf<z.output<typeof systemHealthSchema>>().toEqualTypeOf<Answer<typeof getSystemHealth>>();
    expectTypeOf<z.output<typeof apiMetricsSchema>>().toEqualTypeOf<Answer<typeof getApiMetrics>>();
    expectTypeOf<z.output<typeof errorReportSchema>>().toEqualTypeOf<Answer<typeof getErrorReport>>();
    expectTypeOf<z.output<typeof resourceReportSchema>>().toEqualTypeOf<Answer<typeof getResourceReport>>();
    expectTypeOf<z.output<typeof importStatsSchema>>().toEqualTypeOf<Answer<typeof getImportStats>>();
    // TypeScript widens the service's two answers with `?: undefined` keys, so compare both ways.
    expectTypeOf<z.output<typeof archiveUsersSchema>>().toExtend<Answer<typeof archiveInactiveUsers>>();
    expectTypeOf<Answer<typeof archiveInactiveUsers>>().toExtend<z.output<typeof archiveUsersSchema>>();
  });
});
