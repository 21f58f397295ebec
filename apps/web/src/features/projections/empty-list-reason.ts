import { STATUS_OPTIONS, type ProjectionFilters } from './projection-filters';

/** Why a projections list is empty, in words: which filter emptied it, or that the week projects none. */
export function emptyListReason(
  filters: Pick<ProjectionFilters, 'position' | 'team' | 'search' | 'status'>,
  answer: { season: number | null; week: number | null },
): string {
  const week = `${answer.season} week ${answer.week}`;
  const narrowedBy = [
    filters.team !== 'ALL' ? `team ${filters.team}` : null,
    filters.status !== 'all'
      ? `status “${STATUS_OPTIONS.find((option) => option.value === filters.status)?.label}”`
      : null,
    filters.search.trim() ? `the name “${filters.search.trim()}”` : null,
  ].filter(Boolean);
  if (narrowedBy.length > 0) {
    const who = filters.position === 'ALL' ? 'No player' : `No ${filters.position}`;
    return `${who} matches ${narrowedBy.join(', ')} in ${week}. Try another team, status or name.`;
  }
  if (filters.position !== 'ALL')
    return `None of ${week}'s projection sources projects a ${filters.position}. Pick another week or position.`;
  return `There are no projections for ${week}. Pick another week.`;
}
