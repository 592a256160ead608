import { geoContract } from '@geekly/domain/geo/geo-contract.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call.ts';

/** GET /geo: the visitor's IP country (docs/product/http-api.md "Fetch IP info"); the profile's default phone country. */
const geoQueryOptions = queryOptions({
  queryKey: ['geo'],
  queryFn: () => apiCall(geoContract.get),
});

export const useGeo = () => useQuery(geoQueryOptions);
