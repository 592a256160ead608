import { api } from '../../../lib/api-client.ts';

/** docs/product/http-api.md "Fetch IP info". Called directly, not through the query cache: a failure only means no banner. */
export const getGeo = () => api<{ country_code: string | null }>('/geo');
