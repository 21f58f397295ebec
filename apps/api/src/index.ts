import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from './router/root.js';

export type { AppRouter };

/** What each procedure accepts, e.g. `RouterInputs['players']['list']`. */
export type RouterInputs = inferRouterInputs<AppRouter>;
/** What each procedure answers, e.g. `RouterOutputs['auth']['me']`. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;
