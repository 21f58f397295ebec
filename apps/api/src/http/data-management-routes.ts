import fastifyMultipart from '@fastify/multipart';
import {
  CSV_FIELD,
  CSV_UPLOAD_MAX_BYTES,
  EXPORT_DEFAULT_LIMIT,
  EXPORT_MAX_LIMIT,
  EXPORT_MIN_LIMIT,
  FIRST_SEASON,
  FIRST_WEEK,
  isCsvUpload,
  LAST_NFL_WEEK,
  LAST_SEASON,
} from '@fm/contract';
import { POSITIONS } from '@fm/engine';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import type { CleanupAnalyticsAnswer } from '../index.js';
import { AppError, validationError } from '../errors.js';
import {
  cleanupAnalytics,
  DEFAULT_CLEANUP_DAYS,
  MAX_CLEANUP_DAYS,
  MIN_CLEANUP_DAYS,
} from '../services/data-management/cleanup.js';
import { exportFileName, openExport, type ExportKind } from '../services/data-management/data-export.js';
import { resolveImportSeason } from '../services/data-management/import-season.js';
import { previewProjectionCsv } from '../services/data-management/projection-csv.js';
import { seasonInPlay } from '../services/projections/available-weeks.js';
import {
  importProjectionCsv,
  resolveImportOptions,
} from '../services/data-management/projection-csv-import.js';
import { requireAdmin } from './admin-guard.js';
import { describeZodError } from './error-format.js';
import { requireCleanText } from './untrusted-input.js';

const BASE = '/api/admin/data-management';

/** Every plain data-management route (the admin-only test walks them all). */
export const DATA_MANAGEMENT_ROUTES = [
  { method: 'POST', url: `${BASE}/preview-csv` },
  { method: 'POST', url: `${BASE}/import-projections` },
  { method: 'GET', url: `${BASE}/export-projections` },
  { method: 'GET', url: `${BASE}/export-analytics` },
  { method: 'DELETE', url: `${BASE}/cleanup-analytics` },
] as const;

const fileTooLarge = () =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `The CSV file is larger than ${CSV_UPLOAD_MAX_BYTES / 1024 / 1024} MB.`,
    413,
  );

function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const { message, field } = describeZodError(parsed.error);
    throw validationError(message, field);
  }
  return parsed.data;
}

const invalidUpload = () =>
  new AppError(
    'INVALID_MULTIPART',
    'The upload is not a complete multipart/form-data body. Please choose the file again and retry.',
    400,
  );

/**
 * A failure while reading the form, as the client's error: parsing is all that happens here,
 * so anything but our own errors means the body itself is broken (no boundary, cut short,
 * malformed part headers, too many parts).
 */
function uploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge();
  if (statusCode === 413)
    return new AppError('PAYLOAD_TOO_LARGE', 'The upload has too many parts or fields.', 413);
  return invalidUpload();
}

/** Reads the multipart body: the CSV text and the other form fields. */
async function readCsvUpload(req: FastifyRequest): Promise<{ text: string; fields: Record<string, string> }> {
  if (!req.isMultipart())
    throw validationError('Send the CSV as multipart/form-data in the field csvFile.', CSV_FIELD);
  const fields: Record<string, string> = {};
  let text: string | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== CSV_FIELD) {
          await part.toBuffer();
          continue;
        }
        if (!isCsvUpload(part.mimetype, part.filename)) {
          await part.toBuffer();
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Please upload a CSV file (.csv).', 415);
        }
        text = (await part.toBuffer()).toString('utf8');
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (text === undefined) throw validationError('Please select a CSV file first.', CSV_FIELD);
  requireCleanText(fields);
  requireCleanText(text, CSV_FIELD);
  return { text, fields };
}

const importFieldsSchema = z.object({
  updateExisting: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  batchSize: z.coerce.number().int().optional(),
});

/** A query number with one plain message for every way it can be wrong ("limit: must be …"). */
function wholeNumberFrom(min: number, max: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
}

const exportQuerySchema = z.object({
  format: z.enum(['csv', 'json']).default('csv'),
  week: wholeNumberFrom(FIRST_WEEK, LAST_NFL_WEEK).optional(),
  /** Absent → the season in play. */
  season: wholeNumberFrom(FIRST_SEASON, LAST_SEASON).optional(),
  position: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum([...POSITIONS, 'ALL']))
    .optional()
    .transform((v) => (v === 'ALL' ? undefined : v)),
  team: z
    .string()
    .trim()
    .max(3)
    .transform((v) => v.toUpperCase() || undefined)
    .optional(),
  limit: wholeNumberFrom(EXPORT_MIN_LIMIT, EXPORT_MAX_LIMIT).default(EXPORT_DEFAULT_LIMIT),
});

const cleanupSchema = z.object({
  olderThanDays: z.coerce
    .number()
    .int()
    .min(MIN_CLEANUP_DAYS)
    .max(MAX_CLEANUP_DAYS)
    .default(DEFAULT_CLEANUP_DAYS),
  eventTypes: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
});

/** Upload, download and cleanup routes of the admin data management (the JSON ones are tRPC procedures). */
export async function registerDataManagementRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: CSV_UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024 },
      throwFileSizeLimit: true,
    });

    scope.post(`${BASE}/preview-csv`, { bodyLimit: CSV_UPLOAD_MAX_BYTES + 64 * 1024 }, async (req) => {
      await requireAdmin(deps, req);
      const { text } = await readCsvUpload(req);
      return {
        success: true,
        data: previewProjectionCsv(text, new Date(), await resolveImportSeason(deps)),
      };
    });

    scope.post(`${BASE}/import-projections`, { bodyLimit: CSV_UPLOAD_MAX_BYTES + 64 * 1024 }, async (req) => {
      await requireAdmin(deps, req);
      const { text, fields } = await readCsvUpload(req);
      const options = resolveImportOptions(parseWith(importFieldsSchema, fields));
      const result = await importProjectionCsv(deps, text, options);
      // the players it created reach league rosters through Sleeper ids: linked now, not by a league page
      if (result.playersCreated > 0) void deps.sleeperIds.link();
      return { success: true, data: result };
    });

    for (const kind of ['projections', 'analytics'] as const satisfies readonly ExportKind[]) {
      scope.get(`${BASE}/export-${kind}`, async (req, reply) => {
        await requireAdmin(deps, req);
        const query = parseWith(exportQuerySchema, req.query);
        const filters = { ...query, season: query.season ?? (await seasonInPlay(deps)) };
        const fileName = exportFileName(kind, filters.format);
        const chunks = await openExport(deps, kind, filters);
        return reply
          .header(
            'content-type',
            filters.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
          )
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(chunks));
      });
    }

    scope.delete(`${BASE}/cleanup-analytics`, async (req) => {
      await requireAdmin(deps, req);
      const input = parseWith(cleanupSchema, req.body ?? {});
      const answer: CleanupAnalyticsAnswer = { success: true, data: await cleanupAnalytics(deps, input) };
      return answer;
    });
  });
}
