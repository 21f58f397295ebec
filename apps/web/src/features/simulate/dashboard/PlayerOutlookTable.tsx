import { ScrollingTable } from '../shared/ScrollingTable';
import type { SimulationAnswer } from '../shared/league-details';
import { formatPercent, formatPoints } from '../shared/format';
import './player-outlook.css';

type PlayerAnswer = SimulationAnswer['user_team']['players'][number];

const STATUS_LABELS: Record<PlayerAnswer['status'], string> = {
  projected: 'Projected',
  baseline: 'No projection (position average)',
  final: 'Banked',
  out: 'Out: projects 0',
};

function chance(value: number | null): string {
  return value === null ? '—' : formatPercent(value, 0);
}

const isKnown = (player: PlayerAnswer) => player.status === 'out' || player.status === 'final';

/** His status as the simulation saw it; while his game is on, "Playing · 15.6 so far". */
function statusLabel(player: PlayerAnswer): string {
  if (player.game_state === 'in') return `Playing · ${formatPoints(player.points ?? 0)} so far`;
  if (player.game_state === 'bye') return 'Bye';
  return STATUS_LABELS[player.status];
}

function Rows({ players }: { players: PlayerAnswer[] }) {
  return (
    <>
      {players.map((player) => (
        <tr key={player.player_id} className={player.status === 'out' ? 'is-out' : undefined}>
          <th scope="row">{player.name}</th>
          <td data-label="Pos">{player.position}</td>
          <td data-label="Expected">{formatPoints(player.distribution.mean)}</td>
          <td data-label="Range (10–90%)">
            {formatPoints(player.distribution.p10)}–{formatPoints(player.distribution.p90)}
          </td>
          {/* An out player's 0 and a played game's points are certain: "100 % bust" or "100 % boom" would say
              nothing more than his status. */}
          <td data-label="Boom">{isKnown(player) ? '—' : chance(player.boom_probability)}</td>
          <td data-label="Bust">{isKnown(player) ? '—' : chance(player.bust_probability)}</td>
          <td data-label="Status">{statusLabel(player)}</td>
        </tr>
      ))}
    </>
  );
}

/** Per-player boom and bust chances of both line-ups, as the simulation used them. */
export function PlayerOutlookTable({ result }: { result: SimulationAnswer }) {
  const teams = [result.user_team, result.opponent_team];
  return (
    <section className="card dashboard-section" aria-labelledby="boom-bust-title">
      <h2 id="boom-bust-title">Boom or bust</h2>
      <p className="field__hint">
        Boom: a top-20% week for the position. Bust: a bottom-20% week. Banked players have already scored.
      </p>
      {teams.map((team, index) => (
        <ScrollingTable
          className="dashboard-table"
          key={index}
          label={`Boom or bust: ${team.name ?? (index === 0 ? 'Your team' : 'Opponent')}`}
        >
          <table className="table player-outlook-table">
            <caption>{team.name ?? (index === 0 ? 'Your team' : 'Opponent')}</caption>
            <thead>
              <tr>
                <th scope="col">Player</th>
                <th scope="col">Pos</th>
                <th scope="col">Expected</th>
                <th scope="col">Range (10–90%)</th>
                <th scope="col">Boom</th>
                <th scope="col">Bust</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              <Rows players={team.players} />
            </tbody>
          </table>
        </ScrollingTable>
      ))}
    </section>
  );
}
