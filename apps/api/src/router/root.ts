import { router } from '../trpc.js';
import { adminRouter } from './admin.js';
import { authRouter } from './auth.js';
import { leaguesRouter } from './leagues.js';
import { liveRouter } from './live.js';
import { matchupRouter } from './matchup.js';
import { eventsRouter } from './events.js';
import { nflStatsRouter } from './nfl-stats.js';
import { notificationsRouter } from './notifications.js';
import { playersRouter } from './players.js';
import { projectionsRouter } from './projections.js';
import { publicRouter } from './public.js';
import { restOfSeasonRouter } from './rest-of-season.js';
import { simulationsRouter } from './simulations.js';
import { tradesRouter } from './trades.js';
import { userRouter } from './user.js';

/** One router per domain; the domain name is the URL prefix of its REST paths. */
export const appRouter = router({
  admin: adminRouter,
  auth: authRouter,
  leagues: leaguesRouter,
  live: liveRouter,
  matchup: matchupRouter,
  events: eventsRouter,
  nflStats: nflStatsRouter,
  notifications: notificationsRouter,
  players: playersRouter,
  projections: projectionsRouter,
  public: publicRouter,
  restOfSeason: restOfSeasonRouter,
  simulations: simulationsRouter,
  trades: tradesRouter,
  user: userRouter,
});

export type AppRouter = typeof appRouter;
