import { QueryClient } from '@tanstack/react-query';

// Seeds: the query cache never expires and never refetches on mount or focus; changes invalidate.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnMount: false,
      refetchOnWindowFocus: false,
      retry: false,
    },
  },
});
