import { localMinutes } from '../notifications/quiet-hours.js';

const MINUTE_MS = 60_000;
/**
 * Injury statuses decide line-ups: from the morning of a game day until its last kickoff the directory is read
 * this often, so a starter ruled out reaches his manager while there is still time to replace him.
 */
export const GAME_DAY_DIRECTORY_MS = 15 * MINUTE_MS;
/** Otherwise hourly: Sleeper asks callers to read the ~5 MB directory rarely. */
export const DIRECTORY_MS = 60 * MINUTE_MS;
/** NFL game days are counted in US Eastern time; their morning starts at 08:00 there. */
const NFL_TIME_ZONE = 'America/New_York';
const GAME_DAY_MORNING_MINUTES = 8 * 60;

const easternDate = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: NFL_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);

/** Whether `now` is between the morning of a game day (by `kickoffs`) and that day's last kickoff. */
export function isGameDayWindow(now: Date, kickoffs: readonly Date[]): boolean {
  const today = easternDate(now);
  const todays = kickoffs.filter((kickoff) => easternDate(kickoff) === today);
  if (todays.length === 0) return false;
  const lastKickoff = Math.max(...todays.map((kickoff) => kickoff.getTime()));
  return localMinutes(now, NFL_TIME_ZONE) >= GAME_DAY_MORNING_MINUTES && now.getTime() <= lastKickoff;
}

/** How old the player directory may be at `now`: 15 minutes in a game day's window, else an hour. */
export function directoryMaxAgeMs(now: Date, kickoffs: readonly Date[]): number {
  return isGameDayWindow(now, kickoffs) ? GAME_DAY_DIRECTORY_MS : DIRECTORY_MS;
}
