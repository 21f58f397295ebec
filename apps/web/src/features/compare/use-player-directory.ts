import { useQuery } from '@tanstack/react-query';
import { loadPlayerDirectory, PLAYER_DIRECTORY_TTL_MS } from './player-directory';

/** The player directory (every player by id), loaded once per visit and kept for its cache lifetime. */
export function usePlayerDirectory() {
  return useQuery({
    queryKey: ['player-directory'],
    queryFn: () => loadPlayerDirectory(),
    staleTime: PLAYER_DIRECTORY_TTL_MS,
    gcTime: PLAYER_DIRECTORY_TTL_MS,
  });
}
