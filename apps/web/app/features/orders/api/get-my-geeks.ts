import { geeksContract } from '@geekly/domain/geeks/geeks-contract.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call.ts';

/** GET /my-geeks: the Geeks a client may choose as Preferred Geek (docs/product/geeks.md "My Geeks"). */
export const getMyGeeks = () => apiCall(geeksContract.myGeeks);

export const myGeeksQueryOptions = queryOptions({ queryKey: ['geeks', 'mine'], queryFn: getMyGeeks });

export const useMyGeeks = (enabled: boolean) => useQuery({ ...myGeeksQueryOptions, enabled });
