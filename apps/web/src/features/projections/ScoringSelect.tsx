import { PLATFORM_LABELS } from '@fm/contract';
import { SCORING_FORMAT_LABELS, SCORING_FORMATS, type ScoringFormat } from '@fm/projections/scoring-formats';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';
import { useAuth } from '../auth/auth-context';
import type { ScoringChoice } from './scoring-choice';

const LEAGUE_VALUE = 'league:';

/**
 * The Scoring field: PPR, half-PPR or standard, and for a signed-in person each of their linked leagues, whose own
 * rules (reception bonuses, passing touchdowns…) the figures are then in.
 */
export function ScoringSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: ScoringChoice;
  onChange(choice: ScoringChoice): void;
}) {
  const { user } = useAuth();
  const leagues = useQuery({
    ...trpc.leagues.list.queryOptions({ season: undefined }),
    enabled: user !== null,
  });
  const linked = leagues.data
    ? [...leagues.data.data.sleeper, ...leagues.data.data.yahoo, ...leagues.data.data.espn]
    : [];
  const selected = value.league ? `${LEAGUE_VALUE}${value.league}` : value.scoring;
  const isListed = linked.some((league) => `${league.platform}:${league.league_id}` === value.league);
  return (
    <div className="field">
      <label htmlFor={id}>Scoring</label>
      <select
        id={id}
        value={selected}
        onChange={(event) => {
          const chosen = event.target.value;
          onChange(
            chosen.startsWith(LEAGUE_VALUE)
              ? { scoring: value.scoring, league: chosen.slice(LEAGUE_VALUE.length) }
              : { scoring: chosen as ScoringFormat, league: null },
          );
        }}
      >
        {SCORING_FORMATS.map((format) => (
          <option key={format} value={format}>
            {SCORING_FORMAT_LABELS[format]}
          </option>
        ))}
        {(linked.length > 0 || value.league) && (
          <optgroup label="Your league's own scoring">
            {linked.map((league) => (
              <option
                key={`${league.platform}:${league.league_id}`}
                value={`${LEAGUE_VALUE}${league.platform}:${league.league_id}`}
              >
                {league.name} ({PLATFORM_LABELS[league.platform]})
              </option>
            ))}
            {/* A league named by the address before the list has loaded (or from another season). */}
            {value.league && !isListed && <option value={selected}>Your league</option>}
          </optgroup>
        )}
      </select>
    </div>
  );
}
