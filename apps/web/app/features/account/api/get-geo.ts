import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /geo: the visitor's IP country (docs/product/http-api.md "Fetch IP info"); the profile's default phone country. */
export const geoQueryOptions = queryOptions({
  queryKey: ['geo'],
  queryFn: () => api<{ country_code: string | null }>('/geo'),
});

export const useGeo = () => useQuery(geoQueryOptions);
