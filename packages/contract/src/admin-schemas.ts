import { z } from 'zod';

/** Response shapes of /admin/* (accounts, alerts, usage), for validation, the OpenAPI document and the typed client. */

/** `{ data: T }`, the envelope every admin answer uses. */
export const dataAnswer = <T extends z.ZodType>(data: T) => z.object({ data });

export const adminMetricsSchema = z.object({
  totalUsers: z.number().int(),
  totalSimulations: z.number().int(),
  avgSimulationsPerDay: z.number().meta({ description: 'Simulations per day since the first one' }),
});

export const chartRowSchema = z.object({
  date: z.iso.date(),
  newUsers: z.number().int(),
  simulations: z.number().int(),
  activeUsers: z.number().int(),
});

export const adminUserSchema = z.object({
  id: z.guid(),
  email: z.string(),
  role: z.enum(['admin', 'user']),
  isDisabled: z.boolean(),
  emailVerified: z.boolean(),
  signupIp: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastActiveAt: z.iso.datetime().nullable(),
  archivedAt: z.iso.datetime().nullable(),
});

export const deletedUserSchema = z.object({ id: z.guid(), email: z.string(), message: z.string() });

export const alertSchema = z.object({
  id: z.guid(),
  type: z.string(),
  message: z.string(),
  status: z.enum(['active', 'acknowledged', 'resolved']),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  resolvedAt: z.iso.datetime().nullable(),
});

/** `{ success: true, data: T }`, the envelope of the data-management calls. */
export const successAnswer = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

export const importStatsSchema = z.object({
  totalProjections: z.number().int(),
  importedProjections: z.number().int(),
  projectionsBySource: z.record(z.string(), z.number().int()),
  totalPlayers: z.number().int(),
  latestImport: z
    .object({ season: z.number().int(), week: z.number().int(), importedAt: z.iso.datetime() })
    .nullable(),
});

export const archiveUsersSchema = z.discriminatedUnion('dryRun', [
  z.object({
    dryRun: z.literal(true),
    wouldArchive: z.number().int(),
    inactiveSince: z.iso.datetime(),
    sample: z.array(z.string()).meta({ description: 'A few of the e-mail addresses it would archive' }),
  }),
  z.object({ dryRun: z.literal(false), archivedCount: z.number().int(), inactiveSince: z.iso.datetime() }),
]);
