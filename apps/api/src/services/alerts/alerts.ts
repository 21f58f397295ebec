import { alerts, type Database } from '@fm/db';
import { and, desc, eq, gte, ne, or } from 'drizzle-orm';
import { notFound } from '../../errors.js';

// Alerts any part of the server may raise (sync, monitoring) and admins read and resolve.

/** Resolved alerts stay on the list this long. */
export const RESOLVED_ALERTS_SHOWN_MS = 24 * 60 * 60 * 1000;
export const MAX_ALERTS_LISTED = 200;

export type AlertStatus = 'active' | 'acknowledged' | 'resolved';

export interface AlertView {
  id: string;
  type: string;
  message: string;
  status: AlertStatus;
  createdAt: string;
  updatedAt: string;
  resolvedAt: string | null;
}

type AlertRow = typeof alerts.$inferSelect;

function toView(row: AlertRow): AlertView {
  return {
    id: row.id,
    type: row.type,
    message: row.message,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

/** Open alerts (active or acknowledged) and those resolved in the last day, newest first. */
export async function listAlerts(database: Database, now = new Date()): Promise<AlertView[]> {
  const rows = await database.db
    .select()
    .from(alerts)
    .where(
      or(
        ne(alerts.status, 'resolved'),
        gte(alerts.resolvedAt, new Date(now.getTime() - RESOLVED_ALERTS_SHOWN_MS)),
      ),
    )
    .orderBy(desc(alerts.createdAt))
    .limit(MAX_ALERTS_LISTED);
  return rows.map(toView);
}

/** An admin acknowledges or resolves an alert. */
export async function updateAlertStatus(
  database: Database,
  id: string,
  status: 'acknowledged' | 'resolved',
  now = new Date(),
): Promise<AlertView> {
  const [row] = await database.db
    .update(alerts)
    .set({ status, updatedAt: now, resolvedAt: status === 'resolved' ? now : null })
    .where(eq(alerts.id, id))
    .returning();
  if (!row) throw notFound('No such alert.');
  return toView(row);
}

/** Whether an alert of this type is still open (not resolved). */
export async function hasOpenAlert(database: Database, type: string): Promise<boolean> {
  const rows = await database.db
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(eq(alerts.type, type), ne(alerts.status, 'resolved')))
    .limit(1);
  return rows.length > 0;
}

export async function createAlert(
  database: Database,
  type: string,
  message: string,
  now = new Date(),
): Promise<AlertView> {
  const [row] = await database.db
    .insert(alerts)
    .values({ type, message, status: 'active', createdAt: now, updatedAt: now })
    .returning();
  return toView(row!);
}
