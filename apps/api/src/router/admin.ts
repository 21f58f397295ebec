import { z } from 'zod';
import {
  DEFAULT_CHART_DAYS,
  getAdminMetrics,
  getChartData,
  MAX_CHART_DAYS,
} from '../services/admin/metrics.js';
import { deleteUser, listUsers, setUserDisabled } from '../services/admin/users.js';
import { listAlerts, updateAlertStatus } from '../services/alerts/alerts.js';
import { getApiMetrics, getSystemHealth } from '../services/admin/system-health.js';
import { getErrorReport } from '../services/admin/error-report.js';
import { getResourceReport } from '../services/admin/resource-report.js';
import { adminProcedure, router } from '../trpc.js';
import { adminDataManagementRouter } from './admin-data-management.js';
import { adminDataSyncRouter } from './admin-data-sync.js';
import {
  adminMetricsSchema,
  adminUserSchema,
  alertSchema,
  chartRowSchema,
  dataAnswer,
  deletedUserSchema,
  FIRST_SEASON,
  FIRST_WEEK,
  LAST_FANTASY_WEEK,
  LAST_SEASON,
} from '@fm/contract';
import {
  apiMetricsSchema,
  errorReportSchema,
  notificationCountsSchema,
  resourceReportSchema,
  systemHealthSchema,
} from '@fm/contract';
import { readNotificationCounts } from '../services/notifications/notification-counts.js';

const openapi = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: `/${string}`, summary: string) => ({
  openapi: { method, path, tags: ['admin'], summary, protect: true },
});

const chartRangeInput = z
  .object({
    days: z.coerce.number().int().min(1).max(MAX_CHART_DAYS).optional(),
    startDate: z.string().max(10).optional(),
    endDate: z.string().max(10).optional(),
  })
  .optional();

/** Every procedure here is role admin only (`adminProcedure`: 401 signed out, 403 otherwise). */
export const adminRouter = router({
  metrics: adminProcedure
    .meta(openapi('GET', '/admin/metrics', 'Totals: users, simulations, simulations per day'))
    .input(z.void())
    .output(dataAnswer(adminMetricsSchema))
    .query(async ({ ctx }) => ({ data: await getAdminMetrics(ctx.deps) })),

  chartData: adminProcedure
    .meta(openapi('GET', '/admin/chart-data', 'Per-day new users, simulations and active users'))
    .input(chartRangeInput)
    .output(dataAnswer(z.array(chartRowSchema)))
    .query(async ({ ctx, input }) => {
      const range =
        input?.startDate || input?.endDate
          ? { startDate: input.startDate ?? '', endDate: input.endDate ?? '' }
          : { days: input?.days ?? DEFAULT_CHART_DAYS };
      return { data: await getChartData(ctx.deps, range) };
    }),

  users: adminProcedure
    .meta(openapi('GET', '/admin/users', 'Every account'))
    .input(z.void())
    .output(dataAnswer(z.array(adminUserSchema)))
    .query(async ({ ctx }) => ({ data: await listUsers(ctx.deps) })),

  setUserStatus: adminProcedure
    .meta(
      openapi(
        'PATCH',
        '/admin/users/{id}/status',
        'Enable or disable an account (disabling ends its sessions)',
      ),
    )
    .input(z.object({ id: z.uuid(), isDisabled: z.boolean() }))
    .output(dataAnswer(adminUserSchema))
    .mutation(async ({ ctx, input }) => ({
      data: await setUserDisabled(ctx.deps, ctx.user.id, input.id, input.isDisabled),
    })),

  deleteUser: adminProcedure
    .meta(openapi('DELETE', '/admin/users/{id}', 'Delete an account for good'))
    .input(z.object({ id: z.uuid() }))
    .output(dataAnswer(deletedUserSchema))
    .mutation(async ({ ctx, input }) => {
      const deleted = await deleteUser(ctx.deps, ctx.user.id, input.id);
      return { data: { ...deleted, message: `User ${deleted.email} was deleted.` } };
    }),

  alerts: adminProcedure
    .meta(openapi('GET', '/admin/alerts', 'Open alerts and those resolved in the last day'))
    .input(z.void())
    .output(dataAnswer(z.array(alertSchema)))
    .query(async ({ ctx }) => ({ data: await listAlerts(ctx.deps.database) })),

  updateAlert: adminProcedure
    .meta(openapi('PATCH', '/admin/alerts/{id}', 'Acknowledge or resolve an alert'))
    .input(z.object({ id: z.uuid(), status: z.enum(['acknowledged', 'resolved']) }))
    .output(dataAnswer(alertSchema))
    .mutation(async ({ ctx, input }) => ({
      data: await updateAlertStatus(ctx.deps.database, input.id, input.status),
    })),

  systemHealth: adminProcedure
    .meta(openapi('GET', '/admin/system/health', 'Overall status, issues and components'))
    .input(z.void())
    .output(dataAnswer(systemHealthSchema))
    .query(async ({ ctx }) => ({ data: await getSystemHealth(ctx.deps) })),

  notificationCounts: adminProcedure
    .meta(openapi('GET', '/admin/system/notifications', 'Notifications sent, failed and waiting (7 days)'))
    .input(z.void())
    .output(dataAnswer(notificationCountsSchema))
    .query(async ({ ctx }) => ({ data: await readNotificationCounts(ctx.deps) })),

  systemMetrics: adminProcedure
    .meta(openapi('GET', '/admin/system/metrics', 'API performance, connections and warnings'))
    .input(z.void())
    .output(dataAnswer(apiMetricsSchema))
    .query(async ({ ctx }) => ({ data: await getApiMetrics(ctx.deps) })),

  systemErrors: adminProcedure
    .meta(openapi('GET', '/admin/system/errors', 'The error log summarized'))
    .input(z.void())
    .output(dataAnswer(errorReportSchema))
    .query(async ({ ctx }) => ({ data: await getErrorReport(ctx.deps) })),

  systemResources: adminProcedure
    .meta(openapi('GET', '/admin/system/resources', 'Memory, CPU, uptime and disk with recommendations'))
    .input(z.void())
    .output(dataAnswer(resourceReportSchema))
    .query(async ({ ctx }) => ({ data: await getResourceReport(ctx.deps) })),

  scoringReconciliation: adminProcedure
    .meta(
      openapi(
        'POST',
        '/admin/scoring-reconciliation',
        'Start checking a finished week: our points against the platforms’ (answers at once; see System Health)',
      ),
    )
    .input(
      z.object({
        season: z.number().int().min(FIRST_SEASON).max(LAST_SEASON),
        week: z.number().int().min(FIRST_WEEK).max(LAST_FANTASY_WEEK),
      }),
    )
    .output(
      dataAnswer(
        z.object({
          isStarted: z
            .boolean()
            .describe('false when a run was already under way (here or on another server)'),
          message: z.string(),
        }),
      ),
    )
    .mutation(async ({ ctx, input }) => ({ data: await ctx.deps.scoringChecks.start(input) })),

  dataManagement: adminDataManagementRouter,
  dataSync: adminDataSyncRouter,
});
