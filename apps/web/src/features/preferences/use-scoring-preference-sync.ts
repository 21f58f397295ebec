import { scoringFormatOf, type ScoringFormat } from '@fm/projections/scoring-formats';
import { useEffect, useRef } from 'react';
import { trpcClient } from '../../lib/trpc-client';
import { useAuth } from '../auth/auth-context';
import { SCORING_TYPE_OF } from './scoring-type';
import { usePreferences } from './use-preferences';

/**
 * Keeps the account's saved scoring and this browser's `leagueSettings.scoringType` the same, so the API answers a
 * signed-in person in the scoring they chose: at sign-in the account's choice is taken (this browser's is given to
 * an account that has none); a change made here afterwards is sent to the account. A failure changes nothing.
 */
export function useScoringPreferenceSync(): void {
  const { user } = useAuth();
  const { preferences, updatePreferences } = usePreferences();
  const local = scoringFormatOf(preferences.leagueSettings.scoringType);
  /** The format the account holds, once read for this user; null until then. */
  const synced = useRef<{ userId: string; scoring: ScoringFormat } | null>(null);
  const userId = user?.id ?? null;
  const localRef = useRef(local);
  useEffect(() => {
    localRef.current = local;
  }, [local]);

  useEffect(() => {
    if (!userId || synced.current?.userId === userId) return;
    let isCurrent = true;
    synced.current = null;
    trpcClient.user.scoringPreference
      .query()
      .then(async ({ data }) => {
        if (!isCurrent) return;
        if (data.scoring === null) {
          const scoring = localRef.current;
          await trpcClient.user.setScoringPreference.mutate({ scoring });
          synced.current = { userId, scoring };
          return;
        }
        synced.current = { userId, scoring: data.scoring };
        const taken = SCORING_TYPE_OF[data.scoring];
        updatePreferences((p) =>
          p.leagueSettings.scoringType === taken
            ? p
            : { ...p, leagueSettings: { ...p.leagueSettings, scoringType: taken } },
        );
      })
      .catch(() => {});
    return () => {
      isCurrent = false;
    };
    // Read once per signed-in user; later changes are sent by the effect below.
  }, [userId, updatePreferences]);

  useEffect(() => {
    const held = synced.current;
    if (!userId || !held || held.userId !== userId || held.scoring === local) return;
    synced.current = { userId, scoring: local };
    trpcClient.user.setScoringPreference.mutate({ scoring: local }).catch(() => {
      synced.current = held;
    });
  }, [userId, local]);
}
