import { randomInt } from 'node:crypto';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const pick = (alphabet: string, length: number) =>
  Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');

/** Public, shareable referral code: never logs anyone in. */
export const newReferralCode = () => pick(CODE_ALPHABET, 8);
/** Secret per-user key carried by e-mailed links (factor "key"). */
export const newPassword = () => pick(PASSWORD_ALPHABET, 12);
