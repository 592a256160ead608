import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  PHONE_CODE_LENGTH,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_MESSAGES,
  PHONE_CODE_TTL_MS,
} from '@geekly/domain/users/phone-verification.ts';
import type { AppContext } from '../../app-context.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { giveBackSmsQuotas, takeSmsQuotas } from '../limits/sms-limits.ts';
import { settleReferralBonus } from '../referral/referral-bonus.ts';
import { PHONE_HELD_MESSAGE, phoneHeld } from './phone-holds.ts';
import {
  deletePhoneVerification,
  insertPhoneVerification,
  lockLatestVerification,
  updatePhoneVerification,
} from './phone-verification.repository.ts';
import { findVerifiedOwnerOfPhone, type UserRow, updateUser } from './users.repository.ts';

// The code is short-lived and attempts are capped, so a plain hash salted with the user id is enough.
const hashCode = (userId: string, code: string) => createHash('sha256').update(`${userId}:${code}`).digest();

/** Sends a new code to the user's phone by SMS (decision 018); the older code stops counting. */
export async function sendPhoneCode(ctx: AppContext, user: UserRow, from: { ip: string }) {
  if (!user.phone) throw validationError({ phone: PHONE_CODE_MESSAGES.noPhone });
  if (user.phoneVerifiedAt) return { sent: false, phone_verified: true };
  const db = ctx.database.db;
  const now = ctx.now();
  // Decision 029: no code for a number that verifies another account (the check refuses it too).
  if (await phoneHeld(db, user.phone, user.id, now)) throw validationError({ phone: PHONE_HELD_MESSAGE });
  const who = { userId: user.id, phone: user.phone, ip: from.ip };
  await takeSmsQuotas(ctx, who);
  const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
  const id = await insertPhoneVerification(db, {
    userId: user.id,
    phone: user.phone,
    codeHash: hashCode(user.id, code).toString('hex'),
    expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MS),
    createdAt: now,
  });
  try {
    await ctx.sms.send({ to: user.phone, text: `Your Geekly code is ${code}. It expires in 10 minutes.` });
  } catch (err) {
    // The provider is down or refused: nothing reached the phone, so nothing is spent (decision 059).
    await deletePhoneVerification(db, id);
    await giveBackSmsQuotas(ctx, who);
    console.error('SMS send failed', err);
    throw new AppError('GATEWAY_UNAVAILABLE', PHONE_CODE_MESSAGES.sendFailed, {
      errorType: 'sms_unavailable',
    });
  }
  return { sent: true, phone_verified: false };
}

/**
 * Checks a code on the server: the newest code only, for the phone the user has now, before it expires and
 * within PHONE_CODE_MAX_ATTEMPTS tries; the wrong tries are counted even when the answer is an error.
 */
export async function checkPhoneCode(ctx: AppContext, user: UserRow, code: string) {
  const now = ctx.now();
  const outcome = await ctx.database.db
    .transaction(async (tx) => {
      const v = await lockLatestVerification(tx, user.id);
      if (!v || v.verifiedAt || v.phone !== user.phone) return 'expired' as const;
      if (v.attempts >= PHONE_CODE_MAX_ATTEMPTS) return 'too_many' as const;
      if (v.expiresAt <= now) return 'expired' as const;
      if (await phoneHeld(tx, v.phone, user.id, now)) return 'held' as const;
      const ok = timingSafeEqual(Buffer.from(v.codeHash, 'hex'), hashCode(user.id, code));
      if (!ok) {
        await updatePhoneVerification(tx, v.id, { attempts: v.attempts + 1 });
        return v.attempts + 1 >= PHONE_CODE_MAX_ATTEMPTS ? ('too_many' as const) : ('wrong' as const);
      }
      // Decision 052: the number becomes this account's only now; of two accounts checking their codes for one
      // number, the unique index of confirmed numbers lets the first through (the other's transaction fails).
      if (await findVerifiedOwnerOfPhone(tx, v.phone)) return 'held' as const;
      await updatePhoneVerification(tx, v.id, { verifiedAt: now });
      await updateUser(tx, user.id, { phoneVerifiedAt: now });
      // A referred client whose task is already paid and delivered earns their referrer the bonus now
      // (decisions 018, 029).
      await settleReferralBonus(tx, user.id);
      return 'ok' as const;
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) return 'held' as const;
      throw err;
    });
  if (outcome === 'ok') return { phone_verified: true };
  if (outcome === 'held') throw validationError({ phone: PHONE_HELD_MESSAGE });
  const message =
    outcome === 'wrong'
      ? PHONE_CODE_MESSAGES.wrong
      : outcome === 'too_many'
        ? PHONE_CODE_MESSAGES.tooManyAttempts
        : PHONE_CODE_MESSAGES.expired;
  throw validationError({ code: message });
}
