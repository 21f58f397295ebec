import { isByeOpponent } from '@fm/engine';
import { StatusTag } from '@fm/ui';
import { SCORING_FORMAT_LABELS } from '@fm/projections/scoring-formats';
import { Link } from 'react-router';
import { useFavoritePlayers } from '../preferences/use-preferences';
import { RangeBar } from './RangeBar';
import type { ProjectionRow } from './use-projections';

const SOURCE_LABELS: Record<string, string> = { model: 'Our model', nflcom: 'NFL.com', import: 'Imported' };

/** "@BUF" away, "BUF" at home, a BYE tag on a bye week; a dash when the schedule is unknown. */
function OpponentCell({ opponent }: { opponent: string | null }) {
  if (!opponent) return <span aria-label="Opponent unknown">—</span>;
  if (isByeOpponent(opponent)) return <span className="bye-tag">BYE</span>;
  return <>{opponent}</>;
}

function percent(chance: number): string {
  return `${Math.round(chance * 100)} %`;
}

/** The week's projections: one row per player, the p10–p90 range drawn to a common scale. */
export function ProjectionsTable({
  rows,
  scoring,
  label,
}: {
  rows: ProjectionRow[];
  /** The scoring the answer is in, and its name ("PPR", a league's). */
  scoring: ProjectionRow['scoring'];
  label: string;
}) {
  const { isFavoritePlayer, toggleFavoritePlayer } = useFavoritePlayers();
  const scaleMax = Math.max(10, ...rows.map((row) => row.p90 ?? row.pred_mean));
  return (
    <div className="table-wrap projections-table-wrap">
      <table className="table projections-table" aria-label={`Projected ${label} points`}>
        <thead>
          <tr>
            <th scope="col" className="projections-table__player">
              Player
            </th>
            <th scope="col">Pos</th>
            <th scope="col">Team</th>
            <th scope="col">Opp</th>
            <th scope="col" className="numeric">
              Projection
            </th>
            <th scope="col">Range (p10–p90)</th>
            <th scope="col" className="numeric">
              Boom
            </th>
            <th scope="col" className="numeric">
              Bust
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const isFavorite = isFavoritePlayer(row.player_id);
            return (
              <tr key={row.player_id} className={row.is_out ? 'projections-table__row--out' : undefined}>
                <th scope="row" className="projections-table__player">
                  <button
                    type="button"
                    className={`favorite-toggle${isFavorite ? ' favorite-toggle--on' : ''}`}
                    aria-pressed={isFavorite}
                    aria-label={`${isFavorite ? 'Remove' : 'Add'} ${row.player_name} ${isFavorite ? 'from' : 'to'} favorites`}
                    onClick={() =>
                      toggleFavoritePlayer({
                        id: row.player_id,
                        name: row.player_name,
                        position: row.position,
                        team: row.team,
                      })
                    }
                  >
                    {isFavorite ? '★' : '☆'}
                  </button>
                  <Link to={`/compare?players=${row.player_id}&season=${row.season}`}>{row.player_name}</Link>
                  <StatusTag tag={row.status} reason={row.status_reason} />
                  {row.source !== 'model' && (
                    <span className="source-badge">{SOURCE_LABELS[row.source] ?? row.source}</span>
                  )}
                </th>
                <td data-label="Pos">{row.position}</td>
                <td data-label="Team">{row.team}</td>
                <td data-label="Opp">
                  <OpponentCell opponent={row.opponent} />
                </td>
                <td data-label="Projection" className="numeric projections-table__mean">
                  {row.pred_mean.toFixed(1)}
                  {row.scoring !== scoring && (
                    <span className="projections-table__note" title="No projected stat line to convert from">
                      {' '}
                      {row.scoring === 'league' ? label : SCORING_FORMAT_LABELS[row.scoring]}
                    </span>
                  )}
                </td>
                <td data-label="Range (p10–p90)" className="projections-table__range">
                  {row.is_out ? (
                    <span className="projections-table__reason">{row.status_reason}: projects 0</span>
                  ) : (
                    <RangeBar p10={row.p10} p50={row.p50} p90={row.p90} max={scaleMax} />
                  )}
                </td>
                <td data-label="Boom" className="numeric">
                  {row.is_out ? '—' : percent(row.boom_chance)}
                </td>
                <td data-label="Bust" className="numeric">
                  {row.is_out ? '—' : percent(row.bust_chance)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
