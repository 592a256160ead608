import { centsToDollars } from '@geekly/domain/money.ts';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { findReferrer, referralFigures } from '../referral/referral.repository.ts';
import { isReferralAbuser } from '../referral/referral-abuse.ts';
import { type UserRow, userStats } from './users.repository.ts';

export const userdefSchema = z
  .object({
    isReferBonusShown: z.boolean().optional(),
    prevTotalBonuses: z.number().min(0).max(1_000_000).optional().describe('US dollars'),
    phoneBannerClosed: z.boolean().optional(),
  })
  .strict();

export const userResponseSchema = z.object({
  _id: z.string(),
  email: z.string(),
  available_balance: z.number().describe('US dollars'),
  paid_orders_count: z.number().int(),
  phone: z.string().nullable(),
  phone_verified: z.boolean(),
  country: z.string().nullable(),
  notification_email: z.string().describe('Where mail goes: the account e-mail or a confirmed address'),
  pending_notification_email: z
    .string()
    .nullable()
    .describe('A new notification e-mail waiting for the link mailed to it (decision 028)'),
  has_password: z
    .boolean()
    .describe('false for an account made by Sign in with Google that has not set a password yet'),
  referral_code: z.string(),
  referral_details: z.object({
    count: z.number().int(),
    count_with_orders: z.number().int(),
    earn: z.number().describe('US dollars'),
  }),
  userdef: userdefSchema,
  isReferBonusFlow: z.boolean().describe('referred by a client and no paid task yet (decision 017)'),
  isReferralAbuser: z.boolean(),
  is_referred: z.boolean().describe('signed up with another client’s referral code'),
  timezone_str: z.string().nullable(),
  onBoardingEventSentAt: z.string().nullable(),
  created_at: z.string(),
});

export type UserView = z.infer<typeof userResponseSchema>;

type Stats = Awaited<ReturnType<typeof userStats>> & {
  referral: Awaited<ReturnType<typeof referralFigures>>;
  referred: boolean;
  abuser: boolean;
};

export function toUserView(user: UserRow, stats: Stats): UserView {
  return {
    _id: user.id,
    email: user.email,
    available_balance: centsToDollars(stats.balanceCents),
    paid_orders_count: stats.paidOrdersCount,
    phone: user.phone,
    phone_verified: user.phone !== null && user.phoneVerifiedAt !== null,
    country: user.country,
    notification_email: user.notificationEmail,
    pending_notification_email: user.pendingNotificationEmail,
    has_password: user.passwordHash !== null,
    referral_code: user.referralCode,
    referral_details: {
      count: stats.referral.count,
      count_with_orders: stats.referral.countWithOrders,
      earn: centsToDollars(stats.referral.earnCents),
    },
    userdef: user.userdef,
    isReferBonusFlow: stats.referred && !stats.abuser && stats.paidOrdersCount === 0,
    isReferralAbuser: stats.abuser,
    is_referred: stats.referred,
    timezone_str: user.timezoneStr,
    onBoardingEventSentAt: user.onBoardingEventSentAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
  };
}

/** The user as GET /users/client/me answers it, with the figures other tables hold. */
export async function loadUserView(db: Db, user: UserRow): Promise<UserView> {
  const [stats, referral, referrer, abuser] = await Promise.all([
    userStats(db, user.id),
    referralFigures(db, user),
    findReferrer(db, user.referredBy, user.id),
    isReferralAbuser(db, user),
  ]);
  return toUserView(user, { ...stats, referral, referred: referrer !== undefined, abuser });
}
