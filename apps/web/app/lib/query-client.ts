import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { routeGlobalError } from './error-routing.ts';

// Specs: the query cache never expires and never refetches on mount or focus; changes invalidate.
// Failures are routed once, here (docs/product/public-site.md); a query or mutation lists the statuses it handles in its meta.
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => routeGlobalError(error, { source: 'query', meta: query.meta }),
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) =>
      routeGlobalError(error, { source: 'mutation', meta: mutation.meta }),
  }),
  defaultOptions: {
    queries: {
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnMount: false,
      refetchOnWindowFocus: false,
      retry: false,
    },
  },
});
