import type { Platform } from '@fm/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trpc, trpcClient } from '../../lib/trpc';
import './notifications.css';

/** A league page's small "mute notifications" switch: nothing is sent about a muted league. */
export function LeagueMuteToggle({ platform, leagueId }: { platform: Platform; leagueId: string }) {
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.notifications.settings.queryOptions());
  const mute = useMutation({
    mutationFn: (muted: boolean) =>
      trpcClient.notifications.muteLeague.mutate({ platform, league_id: leagueId, muted }),
    onSuccess: (saved) => queryClient.setQueryData(trpc.notifications.settings.queryKey(), saved),
  });
  if (!settings.data) return null;
  const isMuted = settings.data.muted_leagues.some(
    (league) => league.platform === platform && league.league_id === leagueId,
  );
  return (
    <label className="notification-switch league-mute">
      <input
        type="checkbox"
        role="switch"
        checked={isMuted}
        disabled={mute.isPending}
        onChange={(event) => mute.mutate(event.target.checked)}
      />
      <span>Mute notifications</span>
    </label>
  );
}
