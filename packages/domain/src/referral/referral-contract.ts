import { z } from 'zod';
import { endpoint } from '../http/endpoint.ts';

/** The student's referral program (docs/product/account.md). */
const referralSchema = z.object({
  referral_code: z.string(),
  link: z.string().describe('the share link; it opens sign-up with the code and never logs anyone in'),
  count: z.number().int().describe('friends who signed up with the code'),
  count_with_orders: z.number().int().describe('of them, friends with a paid task'),
  earn: z.number().describe('US dollars of referral bonus in the ledger'),
});
export type Referral = z.infer<typeof referralSchema>;

export const referralContract = {
  get: endpoint({
    method: 'GET',
    path: '/referral',
    summary: "The caller's referral code, share link and real figures",
    responses: { 200: referralSchema },
    errors: [401],
  }),
};
