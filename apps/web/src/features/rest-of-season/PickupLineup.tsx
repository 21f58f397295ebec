import { slotName } from '../simulate/league/slot-names';
import type { PickupLineup as Lineup, PickupPlayer } from './lineup-from-server';

function PlayerLine({ player }: { player: PickupPlayer }) {
  return (
    <>
      <span className="pickup-lineup__name">{player.name}</span>{' '}
      <span className="pickup-lineup__meta">
        {player.position}
        {player.team ? ` · ${player.team}` : ''}
      </span>
      {player.isNew && <strong className="pickup-lineup__new"> New</strong>}
    </>
  );
}

/** The caller's line-up after a pickup: slot by slot, then the bench and who is dropped. */
export function PickupLineup({ lineup, title }: { lineup: Lineup; title: string }) {
  return (
    <div className="pickup-lineup">
      <h3>{title}</h3>
      <ul className="pickup-lineup__slots" aria-label="Starters after the pickup">
        {lineup.slots.map((slot, index) => (
          <li key={`${slot.label}-${index}`} className={slot.player?.isNew ? 'is-new' : undefined}>
            <span className="pickup-lineup__slot">{slotName(slot.label)}</span>
            {slot.player ? <PlayerLine player={slot.player} /> : <em>empty</em>}
          </li>
        ))}
      </ul>
      <p className="pickup-lineup__bench">
        <strong>Bench:</strong>{' '}
        {lineup.bench.length === 0
          ? 'nobody'
          : lineup.bench.map((player, index) => (
              <span key={player.player_id} className={player.isNew ? 'is-new' : undefined}>
                {index > 0 && ', '}
                {player.name}
                {player.isNew && ' (new)'}
              </span>
            ))}
      </p>
      {lineup.benched && (
        <p className="pickup-lineup__dropped">
          <strong>Sits this week:</strong> {lineup.benched.name} ({lineup.benched.position})
        </p>
      )}
      {lineup.dropped && (
        <p className="pickup-lineup__dropped">
          <strong>Dropped:</strong> {lineup.dropped.name} ({lineup.dropped.position})
        </p>
      )}
    </div>
  );
}
