import { router } from '../trpc.js';
import { adminRouter } from './admin.js';
import { authRouter } from './auth.js';
import { eventsRouter } from './events.js';
import { publicRouter } from './public.js';
import { userRouter } from './user.js';

/** One router per domain; the domain name is the URL prefix of its REST paths. */
export const appRouter = router({
  admin: adminRouter,
  auth: authRouter,
  events: eventsRouter,
  public: publicRouter,
  user: userRouter,
});

export type AppRouter = typeof appRouter;
