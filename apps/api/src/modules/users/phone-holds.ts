import type { Db } from '../../db/database.ts';
import { phoneHeldElsewhere } from './phone-verification.repository.ts';

/** Decision 029: a number another account verified waits this long after it is given up. */
const PHONE_REUSE_DAYS = 30;

export const PHONE_HELD_MESSAGE = `This phone number confirmed another account less than ${PHONE_REUSE_DAYS} days ago`;

/** Whether another account verified the number and holds it, or gave it up less than 30 days before `now`. */
export function phoneHeld(db: Db, phone: string, userId: string, now: Date) {
  return phoneHeldElsewhere(db, phone, userId, new Date(now.getTime() - PHONE_REUSE_DAYS * 24 * 3_600_000));
}
