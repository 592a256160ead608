import { useEffect, useRef, useState } from 'react';

// The islands' stand-in for '@tanstack/react-query' (decision 033): a public page holds no server cache, so
// this is the part of its API the public components call, in 1 KB instead of 12: a query fetches once, a
// mutation runs its function with the same callbacks, in the same order, as TanStack Query's, and the client
// keeps what is set in it for the page's life (the session after a log-in, until the page load into the app).

type Key = readonly unknown[];
type QueryOptions<T> = { queryKey: Key; queryFn?: () => Promise<T> } & Record<string, unknown>;

export const queryOptions = <T>(options: QueryOptions<T>) => options as QueryOptions<T> & { queryKey: Key };
export const infiniteQueryOptions = <T>(options: QueryOptions<T>) =>
  options as QueryOptions<T> & { queryKey: Key };

const cache = new Map<string, unknown>();
const keyOf = (key: Key) => JSON.stringify(key);

export type QueryClient = typeof queryClient;
const queryClient = {
  clear: () => cache.clear(),
  getQueryData: <T>(key: Key) => cache.get(keyOf(key)) as T | undefined,
  setQueryData: <T>(key: Key, data: T) => {
    cache.set(keyOf(key), data);
  },
  invalidateQueries: (_filters?: unknown) => Promise.resolve(),
};

export const useQueryClient = () => queryClient;

/** Fetches once; a failure is no data (what the public pages show while a count is unknown). */
export function useQuery<T>(options: QueryOptions<T>) {
  const [data, setData] = useState<T | undefined>(() => queryClient.getQueryData<T>(options.queryKey));
  useEffect(() => {
    let current = true;
    options.queryFn?.().then(
      (value) => current && setData(value),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [options]);
  return { data, isPending: data === undefined, isError: false, error: null };
}

export const useInfiniteQuery = useQuery;

type MutationCallbacks<T, V> = {
  onSuccess?: (data: T, variables: V) => unknown;
  onError?: (error: unknown, variables: V) => unknown;
  onSettled?: (data: T | undefined, error: unknown, variables: V) => unknown;
};

export function useMutation<T, V = void>(
  options: { mutationFn: (variables: V) => Promise<T> } & MutationCallbacks<T, V>,
) {
  const [isPending, setPending] = useState(false);
  const latest = useRef(options);
  latest.current = options;

  async function mutateAsync(variables: V, callbacks: MutationCallbacks<T, V> = {}): Promise<T> {
    const own = latest.current;
    setPending(true);
    try {
      const data = await own.mutationFn(variables);
      await own.onSuccess?.(data, variables);
      await own.onSettled?.(data, null, variables);
      setPending(false);
      await callbacks.onSuccess?.(data, variables);
      await callbacks.onSettled?.(data, null, variables);
      return data;
    } catch (error) {
      setPending(false);
      await own.onError?.(error, variables);
      await own.onSettled?.(undefined, error, variables);
      await callbacks.onError?.(error, variables);
      await callbacks.onSettled?.(undefined, error, variables);
      throw error;
    }
  }

  return {
    isPending,
    mutateAsync: (variables: V) => mutateAsync(variables),
    mutate: (variables: V, callbacks?: MutationCallbacks<T, V>) => {
      mutateAsync(variables, callbacks).catch(() => {});
    },
  };
}
