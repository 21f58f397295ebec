const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

/** Minutes since local midnight in `timeZone`. */
export function localMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * When a notification decided at `now` may go: now, or the end of the person's quiet hours when `now` falls in
 * them (a span that passes midnight, 22:00–07:00, counts as one night).
 */
export function sendableAt(
  now: Date,
  quietHours: { start: string; end: string } | null,
  timeZone: string,
): Date {
  if (!quietHours) return now;
  const local = localMinutes(now, timeZone);
  const start = minutesOf(quietHours.start);
  const end = minutesOf(quietHours.end);
  const isQuiet = start < end ? local >= start && local < end : local >= start || local < end;
  if (!isQuiet) return now;
  const minutesLeft = (end - local + DAY_MINUTES) % DAY_MINUTES;
  const at = new Date(now.getTime() + minutesLeft * MINUTE_MS);
  at.setUTCSeconds(0, 0);
  return at;
}
