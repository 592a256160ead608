import type { GeekAction } from '@geekly/domain/geeks/geek-schemas.ts';
import { geeksContract } from '@geekly/domain/geeks/geeks-contract.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call.ts';

const geeksRoot = ['geeks'] as const;

/** GET /my-geeks: the Geeks of the client's tasks under review, blocked ones left out. */
export const getMyGeeks = () => apiCall(geeksContract.myGeeks);
export const myGeeksQueryOptions = queryOptions({ queryKey: [...geeksRoot, 'mine'], queryFn: getMyGeeks });
export const useMyGeeksList = () => useQuery(myGeeksQueryOptions);

/** GET /my-geeks/blocked: the Geeks the client blocked (left out of My Geeks), to unblock them. */
const getBlockedGeeks = () => apiCall(geeksContract.blocked);
const blockedGeeksQueryOptions = queryOptions({
  queryKey: [...geeksRoot, 'blocked'],
  queryFn: getBlockedGeeks,
});
export const useBlockedGeeks = () => useQuery(blockedGeeksQueryOptions);

/** GET /geek/{id}: one Geek's public profile. */
const getGeek = (id: string) => apiCall(geeksContract.profile, { params: { id } });
const geekQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...geeksRoot, 'detail', id],
    queryFn: () => getGeek(id),
    // A profile's figures move with every rating: read them fresh when the page opens.
    refetchOnMount: 'always',
    // An unknown Geek is answered on the page, not by the global 404 routing.
    meta: { handledStatuses: [404] },
  });
export const useGeek = (id: string) => useQuery(geekQueryOptions(id));

/** POST /geek/{id}: favourite or block, for this client only. */
const postGeekAction = (id: string, action: GeekAction) =>
  apiCall(geeksContract.act, { params: { id }, body: { action } });

export function useGeekAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: GeekAction) => postGeekAction(id, action),
    onSuccess: (geek) => {
      queryClient.setQueryData(geekQueryOptions(id).queryKey, geek);
      // My Geeks and the Preferred Geek list leave a blocked Geek out.
      // Refetched even while no page shows it: the cache never refetches on mount (docs/product/geeks.md).
      void queryClient.invalidateQueries({ queryKey: myGeeksQueryOptions.queryKey, refetchType: 'all' });
      void queryClient.invalidateQueries({ queryKey: blockedGeeksQueryOptions.queryKey, refetchType: 'all' });
    },
  });
}
