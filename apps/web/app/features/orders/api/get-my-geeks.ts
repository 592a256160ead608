import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type MyGeek = { _id: string; public_full_name: string; major: string };

/** GET /my-geeks: the Geeks a client may choose as Preferred Geek (docs/product/geeks.md "My Geeks"). */
export const getMyGeeks = () => api<MyGeek[]>('/my-geeks');

export const myGeeksQueryOptions = queryOptions({ queryKey: ['geeks', 'mine'], queryFn: getMyGeeks });

export const useMyGeeks = (enabled: boolean) => useQuery({ ...myGeeksQueryOptions, enabled });
