import type { ProjectionQueryParsed } from '@fm/contract';
import type { AppDeps } from '../../deps.js';
import type { ScoringViewer } from '../auth/scoring-preference.js';
import { resolveListScoring } from '../leagues/list-scoring-choice.js';
import type { ProjectionQuery } from './projection-list.js';

/** The query with its scoring resolved for the viewer: their league's, the format asked for, their saved one. */
export async function queryForViewer(
  deps: AppDeps,
  viewer: ScoringViewer | null,
  input: ProjectionQueryParsed,
): Promise<ProjectionQuery> {
  const { scoring, league, ...query } = input;
  return { ...query, scoring: await resolveListScoring(deps, viewer, { scoring, league }) };
}
