/** How each projection source is named on the pages (the API's `source` values). */
const SOURCE_LABELS: Record<string, string> = {
  model: 'our model',
  nflcom: 'NFL.com',
  sleeper: 'Sleeper',
  espn: 'ESPN',
  import: 'an admin import',
};

export function sourceLabel(source: string): string {
  return SOURCE_LABELS[source] ?? source;
}

/** ['model', 'sleeper'] → "our model, fed by Sleeper"; ['nflcom'] → "NFL.com". */
export function describeSources(sources: readonly string[]): string {
  const experts = sources.filter((source) => source !== 'model').map(sourceLabel);
  if (!sources.includes('model')) return experts.join(' and ') || 'no source';
  const fed = experts.filter((label) => label !== SOURCE_LABELS.import);
  return fed.length > 0 ? `our model, fed by ${fed.join(' and ')}` : 'our model';
}
