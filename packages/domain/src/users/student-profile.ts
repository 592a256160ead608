import { z } from 'zod';

/** docs/product/account.md userdef: the banners' state the student's browser keeps on the account (decision 017). */
export const userdefSchema = z
  .object({
    isReferBonusShown: z.boolean().optional(),
    prevTotalBonuses: z.number().min(0).max(1_000_000).optional().describe('US dollars'),
    phoneBannerClosed: z.boolean().optional(),
  })
  .strict();

/** The signed-in student as GET /users/client/me answers it (and sign-up, log-in and PATCH /users/client/me). */
export const studentProfileSchema = z.object({
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

export type StudentProfile = z.infer<typeof studentProfileSchema>;
