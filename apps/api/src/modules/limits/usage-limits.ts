import { PHONE_CODE_MESSAGES, PHONE_CODES_PER_HOUR } from '@geekly/domain/users/phone-verification.ts';
import type { Config } from '../../config.ts';
import type { Quota } from './quotas.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Decision 030: the per-user limits on what costs storage, mail or SMS. The numbers are far above what a real
 * student does (a task has a handful of files and messages, a phone is confirmed once) and configurable.
 */
export function usageLimits(config: Config) {
  return {
    /** Presigned uploads per client per hour. */
    uploads: {
      name: 'uploads',
      max: config.UPLOADS_PER_HOUR,
      windowMs: HOUR,
      message: (wait) => `You have uploaded many files in the last hour. Please try again in ${wait}.`,
    },
    /** Signed upload size per client per day, counted in KiB (the counter is a 32-bit integer). */
    uploadKib: {
      name: 'upload-kib',
      max: config.UPLOAD_MB_PER_DAY * 1024,
      windowMs: DAY,
      message: (wait) => `You have uploaded a lot of data today. Please try again in ${wait}.`,
    },
    /** Messages per task per minute, from its client. */
    messages: {
      name: 'messages',
      max: config.MESSAGES_PER_MINUTE,
      windowMs: MINUTE,
      message: (wait) => `You are sending messages too fast. Please try again in ${wait}.`,
    },
    /** SMS codes per account per hour (decision 018's limit, now with its wait). */
    smsPerAccount: {
      name: 'sms-account',
      max: PHONE_CODES_PER_HOUR,
      windowMs: HOUR,
      message: () => PHONE_CODE_MESSAGES.tooManySends,
    },
    /** SMS codes per phone number per day, whichever accounts ask. */
    smsPerPhone: {
      name: 'sms-phone',
      max: config.SMS_CODES_PER_PHONE_PER_DAY,
      windowMs: DAY,
      message: (wait) => `Too many codes were sent to this phone number. Please try again in ${wait}.`,
    },
    /**
     * Decision 052: SMS codes one account may have sent to one number per day, half the number's: an account
     * that claims someone else's number cannot spend the owner's codes for the day.
     */
    smsPerAccountPhone: {
      name: 'sms-account-phone',
      max: Math.max(1, Math.floor(config.SMS_CODES_PER_PHONE_PER_DAY / 2)),
      windowMs: DAY,
      message: (wait) => `Too many codes were sent to this phone number. Please try again in ${wait}.`,
    },
    /** SMS codes per client address per hour, whichever accounts ask. */
    smsPerAddress: {
      name: 'sms-address',
      max: config.SMS_CODES_PER_ADDRESS_PER_HOUR,
      windowMs: HOUR,
      message: (wait) => `Too many codes were sent from your network. Please try again in ${wait}.`,
    },
    /**
     * Decision 052: accounts made per client address per hour, by password or by Google (the password sign-up
     * route also counts every attempt, SIGNUP_LIMIT_PER_HOUR on the route).
     */
    accountsPerAddress: {
      name: 'accounts-address',
      max: config.SIGNUP_LIMIT_PER_HOUR,
      windowMs: HOUR,
      message: (wait) => `Too many accounts were made from your network. Please try again in ${wait}.`,
    },
    /** Decision 052: messages per client per minute, across all their tasks. */
    studentMessages: {
      name: 'student-messages',
      max: config.STUDENT_MESSAGES_PER_MINUTE,
      windowMs: MINUTE,
      message: (wait) => `You are sending messages too fast. Please try again in ${wait}.`,
    },
    /** Decision 052: new tasks per client per hour. */
    newTasks: {
      name: 'new-tasks',
      max: config.NEW_TASKS_PER_HOUR,
      windowMs: HOUR,
      message: (wait) => `You have created many tasks in the last hour. Please try again in ${wait}.`,
    },
  } satisfies Record<string, Quota>;
}

/** An upload's size as the byte quota counts it. */
export const kibOf = (bytes: number) => Math.ceil(bytes / 1024);
