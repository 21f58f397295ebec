/**
 * Whether a player can play this week, from his injury/roster status (Sleeper's and Yahoo's spellings) and
 * his team's schedule. One definition for every page and for the simulation: a player who is out or on bye
 * scores 0.
 */

/**
 * Statuses that mean the player will not play this week, as Sleeper, Yahoo and ESPN spell them (upper case): out,
 * injured reserve, suspended, physically unable to perform, non-football injury, COVID list, not active, did not
 * report.
 */
export const OUT_STATUSES: ReadonlySet<string> = new Set([
  'OUT',
  'O',
  'IR',
  'IR-R',
  'INJURED_RESERVE',
  'SUS',
  'SUSP',
  'SUSPENDED',
  'SUSPENSION',
  'INACTIVE',
  'PUP',
  'PUP-R',
  'PUP-P',
  'NFI-R',
  'NFI-A',
  'COV',
  'NA',
  'DNR',
]);

/** Short tags as fantasy apps show them. */
const STATUS_TAGS: Record<string, string> = {
  QUESTIONABLE: 'Q',
  Q: 'Q',
  DOUBTFUL: 'D',
  D: 'D',
  OUT: 'O',
  O: 'O',
  IR: 'IR',
  'IR-R': 'IR',
  SUS: 'Sus',
  SUSP: 'Sus',
  SUSPENDED: 'Sus',
  PUP: 'PUP',
  'PUP-R': 'PUP',
  'PUP-P': 'PUP',
  'NFI-R': 'NFI',
  'NFI-A': 'NFI',
  NA: 'NA',
  COV: 'COV',
  DNR: 'DNR',
};

/** What each tag means, said next to a 0 projection or in a tooltip. */
const TAG_REASONS: Record<string, string> = {
  Q: 'Questionable',
  D: 'Doubtful',
  O: 'Ruled out',
  IR: 'On injured reserve',
  Sus: 'Suspended',
  PUP: 'On the PUP list',
  NFI: 'Non-football injury list',
  NA: 'Not with the team',
  COV: 'On the COVID list',
  DNR: 'Did not report',
  BYE: 'Bye week',
};

/** The tag of a bye week (the team has no game). */
export const BYE_TAG = 'BYE';

/** The status filters of a projections list. */
export const AVAILABILITY_FILTERS = ['all', 'healthy', 'questionable', 'out'] as const;
export type AvailabilityFilter = (typeof AVAILABILITY_FILTERS)[number];

export interface Availability {
  /** "Q", "D", "O", "IR", "Sus", "BYE"…; null when healthy and playing. */
  tag: string | null;
  /** Will not play this week: projects 0. */
  isOut: boolean;
  /** The tag in words ("Ruled out", "Bye week"); null when healthy. */
  reason: string | null;
}

export const AVAILABLE: Availability = { tag: null, isOut: false, reason: null };

/** True when the status means the player will not play this week. */
export function isOutStatus(status: string | null | undefined): boolean {
  return Boolean(status && OUT_STATUSES.has(status.trim().toUpperCase()));
}

/** "Q", "D", "O", "IR", "Sus"… for a status; null when healthy (unknown spellings are shown as given). */
export function statusTag(status: string | null | undefined): string | null {
  const trimmed = status?.trim();
  if (!trimmed) return null;
  return STATUS_TAGS[trimmed.toUpperCase()] ?? trimmed;
}

/** A player's availability this week: a bye outranks an injury (he would not play either way). */
export function availabilityOf(
  status: string | null | undefined,
  options: { isOnBye?: boolean } = {},
): Availability {
  if (options.isOnBye) return { tag: BYE_TAG, isOut: true, reason: TAG_REASONS[BYE_TAG]! };
  const tag = statusTag(status);
  if (!tag) return AVAILABLE;
  return { tag, isOut: isOutStatus(status), reason: TAG_REASONS[tag] ?? tag };
}

/** Whether a player passes a list's status filter: healthy = no tag, questionable = Q or D, out = will not play. */
export function matchesAvailabilityFilter(availability: Availability, filter: AvailabilityFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'healthy':
      return availability.tag === null;
    case 'questionable':
      return availability.tag === 'Q' || availability.tag === 'D';
    case 'out':
      return availability.isOut;
  }
}
