import { centsToDollars } from '@geekly/domain/money.ts';
import type { StudentProfile } from '@geekly/domain/users/student-profile.ts';
import type { Db } from '../../db/database.ts';
import { findReferrer, referralFigures } from '../referral/index.ts';
import { isReferralAbuser } from '../referral/referral-abuse.ts';
import { type UserRow, userStats } from './users.repository.ts';

type Stats = Awaited<ReturnType<typeof userStats>> & {
  referral: Awaited<ReturnType<typeof referralFigures>>;
  referred: boolean;
  abuser: boolean;
};

function toUserView(user: UserRow, stats: Stats): StudentProfile {
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
export async function loadUserView(db: Db, user: UserRow): Promise<StudentProfile> {
  const [stats, referral, referrer, abuser] = await Promise.all([
    userStats(db, user.id),
    referralFigures(db, user),
    findReferrer(db, user.referredBy, user.id),
    isReferralAbuser(db, user),
  ]);
  return toUserView(user, { ...stats, referral, referred: referrer !== undefined, abuser });
}
