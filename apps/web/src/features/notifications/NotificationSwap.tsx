import { Banner, Button } from '@fm/ui';
import { useSearchParams } from 'react-router';

interface SwapPlayer {
  player_id: string;
  name: string;
}

/**
 * The change a starter_out notification linked to (`?replace=<starter>&with=<bench player>`), ready to apply with
 * one tap; shown only while both are where the message found them and can still be moved.
 */
export function NotificationSwap<P extends SwapPlayer>({
  starters,
  bench,
  canMove,
  onApply,
}: {
  starters: P[];
  bench: P[];
  canMove(player: P): boolean;
  onApply(out: P, replacement: P): void;
}) {
  const [params, setParams] = useSearchParams();
  const out = starters.find((player) => player.player_id === params.get('replace'));
  const replacement = bench.find((player) => player.player_id === params.get('with'));
  if (!out || !replacement || !canMove(out) || !canMove(replacement)) return null;
  const clear = () => {
    const next = new URLSearchParams(params);
    next.delete('replace');
    next.delete('with');
    setParams(next, { replace: true });
  };
  return (
    <section aria-label="Suggested change">
      <Banner tone="info">
        <strong>{out.name}</strong> will not play. Start <strong>{replacement.name}</strong> instead?{' '}
        <Button
          onClick={() => {
            onApply(out, replacement);
            clear();
          }}
        >
          Start {replacement.name}
        </Button>{' '}
        <Button variant="ghost" onClick={clear}>
          Dismiss
        </Button>
      </Banner>
    </section>
  );
}
