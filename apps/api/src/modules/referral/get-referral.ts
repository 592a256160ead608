import { centsToDollars } from '@geekly/domain/money.ts';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { UserRow } from '../users/users.repository.ts';
import { referralFigures } from './referral.repository.ts';

export const referralAnswerSchema = z.object({
  referral_code: z.string(),
  link: z.string().describe('the share link; it opens sign-up with the code and never logs anyone in'),
  count: z.number().int().describe('friends who signed up with the code'),
  count_with_orders: z.number().int().describe('of them, friends with a paid task'),
  earn: z.number().describe('US dollars of referral bonus in the ledger'),
});

/** GET /referral (docs/product/http-api.md). The link is /r/{code}/orders: a public code leads to sign-up (decision 011). */
export async function getReferral(
  ctx: AppContext,
  user: UserRow,
): Promise<z.infer<typeof referralAnswerSchema>> {
  const figures = await referralFigures(ctx.database.db, user);
  return {
    referral_code: user.referralCode,
    link: new URL(`/r/${user.referralCode}/orders`, ctx.config.PUBLIC_URL).toString(),
    count: figures.count,
    count_with_orders: figures.countWithOrders,
    earn: centsToDollars(figures.earnCents),
  };
}
