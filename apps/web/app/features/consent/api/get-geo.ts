import { apiCall } from '../../../lib/api-call.ts';

/**
 * docs/product/http-api.md "Fetch IP info". Called directly, not through the query cache: a failure only means no
 * banner. The contract (and zod with it) is loaded only when the banner asks: on the public pages (decision 033)
 * the islands pass the country they already have, and the banner's chunk stays free of zod.
 */
export const getGeo = () =>
  import('@geekly/domain/geo/geo-contract.ts').then(({ geoContract }) => apiCall(geoContract.get));
