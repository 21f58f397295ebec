import type { AppRouter } from '@fm/api';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { queryClient } from './query-client';
import { trpcClient } from './trpc-client';

export { queryClient, trpcClient };

/** Query and mutation options for TanStack Query, for every procedure of the typed client. */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
