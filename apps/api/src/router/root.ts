import { router } from '../trpc.js';
import { authRouter } from './auth.js';
import { publicRouter } from './public.js';
import { userRouter } from './user.js';

/** One router per domain; the domain name is the URL prefix of its REST paths. */
export const appRouter = router({
  auth: authRouter,
  public: publicRouter,
  user: userRouter,
});

export type AppRouter = typeof appRouter;
