import { centsToDollars } from '@geekly/domain/money.ts';
import type { Referral } from '@geekly/domain/referral/referral-contract.ts';
import type { AppContext } from '../../app-context.ts';
import type { UserRow } from '../../db/rows.ts';
import { referralFigures } from './referral.repository.ts';

/** GET /referral (docs/product/http-api.md). The link is /r/{code}/orders: a public code leads to sign-up (decision 011). */
export async function getReferral(ctx: AppContext, user: UserRow): Promise<Referral> {
  const figures = await referralFigures(ctx.database.db, user);
  return {
    referral_code: user.referralCode,
    link: new URL(`/r/${user.referralCode}/orders`, ctx.config.PUBLIC_URL).toString(),
    count: figures.count,
    count_with_orders: figures.countWithOrders,
    earn: centsToDollars(figures.earnCents),
  };
}
