import { z } from 'zod';

/** What an open page is told: the NFL data changed (stats, projections, players). */
export const dataChangeEventSchema = z.object({
  version: z
    .string()
    .describe('The NFL data version now served; it changes whenever stats, projections or players change'),
  changedAt: z
    .string()
    .datetime()
    .nullable()
    .describe('When that change was committed, or null before any data'),
});
export type DataChangeEvent = z.output<typeof dataChangeEventSchema>;

/** What a client of the live stream may send: the last event id it saw, to resume from (tRPC and plain SSE alike). */
export const dataChangesInputSchema = z.object({ lastEventId: z.string().max(200).nullish() }).optional();
