import { z } from 'zod';
import { endpoint } from '../http/endpoint.ts';

/** docs/product/http-api.md "Fetch IP info": the caller's country, null when unknown. */
const geoSchema = z.object({ country_code: z.string().length(2).nullable() });
export type Geo = z.infer<typeof geoSchema>;

export const geoContract = {
  get: endpoint({
    method: 'GET',
    path: '/geo',
    summary: "The caller's country from its IP address",
    responses: { 200: geoSchema },
  }),
};
