import { z } from 'zod';
import { endpoint } from '../http/endpoint.ts';
import { optionalPeriodSchema, payoutPeriodSchema } from '../payments/geek-payouts.ts';
import {
  EARNING_KINDS,
  geekPayoutResponseSchema,
  geekPayoutSchema,
  PAYOUT_REQUEST_STATUSES,
  payoutRequestsResponseSchema,
} from './workspace-contract.ts';

// The Geeks' side of the money in the back office (decisions 036 and 047, decision 065 for the contract): what
// each Geek earned, one Geek's history, the payout report, the payouts staff record and the Geeks' requests.
// Staff only (the staff bearer token). A Geek's own view is GET /workspace/earnings.

/** GET /ops/geek-earnings: one row per Geek. */
const geekEarningTotalsSchema = z.object({
  geek_id: z.string(),
  public_full_name: z.string(),
  tasks: z.number().int().describe('accepted tasks earned on'),
  earned: z.number(),
  tips: z.number(),
  total: z.number(),
});
export type GeekEarningTotals = z.output<typeof geekEarningTotalsSchema>;

/** GET /ops/geeks/{id}/earnings: one Geek's ledger lines, newest first. */
const geekEarningHistorySchema = z.object({
  geek_id: z.string(),
  public_full_name: z.string(),
  total: z.number(),
  lines: z.array(
    z.object({
      created_at: z.string(),
      kind: z.enum(EARNING_KINDS),
      memo: z.string().nullable(),
      order_id: z.string().nullable(),
      order_number: z.number().nullable(),
      title: z.string().nullable(),
      amount: z.number(),
    }),
  ),
});

export type PayoutRequest = z.output<typeof payoutRequestsResponseSchema>['results'][number];

export const geekPayContract = {
  earnings: endpoint({
    method: 'GET',
    path: '/ops/geek-earnings',
    summary: 'Every Geek with what accepted tasks earned them and their tips, all time or in a period',
    query: optionalPeriodSchema,
    responses: { 200: z.array(geekEarningTotalsSchema) },
    errors: [401, 403, 422],
  }),
  /** Not JSON: the web app downloads the CSV file with the staff token. */
  payoutReport: endpoint({
    method: 'GET',
    path: '/ops/geek-earnings.csv',
    summary: 'The payout report (CSV): what each Geek earned and was tipped in a period of whole UTC days',
    query: payoutPeriodSchema,
    responses: { 200: z.string() },
    errors: [401, 403, 422],
  }),
  history: endpoint({
    method: 'GET',
    path: '/ops/geeks/:id/earnings',
    summary: "One Geek's earnings and tips, newest first",
    params: z.object({ id: z.string().max(100) }),
    responses: { 200: geekEarningHistorySchema },
    errors: [401, 403, 404],
  }),
  recordPayout: endpoint({
    method: 'POST',
    path: '/ops/geek-payouts',
    summary: 'Record a payout to a Geek in the ledger (admin only); 422 above what Geekly owes them',
    body: geekPayoutSchema,
    responses: { 201: geekPayoutResponseSchema },
    errors: [401, 403, 404, 409, 422],
  }),
  payoutRequests: endpoint({
    method: 'GET',
    path: '/ops/payout-requests',
    summary:
      "The Geeks' payout requests (open ones unless a status is given), oldest first, with what each is owed",
    query: z.object({ status: z.enum(PAYOUT_REQUEST_STATUSES).optional() }),
    responses: { 200: payoutRequestsResponseSchema },
    errors: [401, 403, 422],
  }),
};
