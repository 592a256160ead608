import { centsToDollars } from '@geekly/domain/money.ts';
import { z } from 'zod';
import type { UserRow } from './users.repository.ts';

export const userResponseSchema = z.object({
  _id: z.string(),
  email: z.string(),
  available_balance: z.number().describe('US dollars'),
  paid_orders_count: z.number().int(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  notification_email: z.string(),
  referral_code: z.string(),
  timezone_str: z.string().nullable(),
  onBoardingEventSentAt: z.string().nullable(),
  created_at: z.string(),
});

export type UserView = z.infer<typeof userResponseSchema>;

export function toUserView(
  user: UserRow,
  stats: { balanceCents: number; paidOrdersCount: number },
): UserView {
  return {
    _id: user.id,
    email: user.email,
    available_balance: centsToDollars(stats.balanceCents),
    paid_orders_count: stats.paidOrdersCount,
    phone: user.phone,
    country: user.country,
    notification_email: user.notificationEmail,
    referral_code: user.referralCode,
    timezone_str: user.timezoneStr,
    onBoardingEventSentAt: user.onBoardingEventSentAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
  };
}
