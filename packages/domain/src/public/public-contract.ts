import { z } from 'zod';
import { endpoint } from '../http/endpoint.ts';

/** Decision 011: real counts for the landing page. */
const publicStatsSchema = z.object({
  geeks_online: z.number().int().describe('Geeks seen in the last 15 minutes'),
  signups_last_week: z.number().int().describe('Client accounts created in the last 7 days'),
});
export type PublicStats = z.infer<typeof publicStatsSchema>;

export const publicContract = {
  stats: endpoint({
    method: 'GET',
    path: '/public/stats',
    summary: 'Geeks online and sign-ups last week, for the landing page',
    responses: { 200: publicStatsSchema },
  }),
};
