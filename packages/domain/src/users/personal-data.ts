import { z } from 'zod';

// Decision 058: a student downloads their data and deletes their account. The wording is ours (the specs are
// silent); the profile shows it and the API answers it.

/** How many exports a student may download a day (each reads every file they have). */
export const EXPORTS_PER_DAY = 5;

export const PERSONAL_DATA_MESSAGES = {
  exportLimit: (wait: string) =>
    `You have downloaded your data several times today. Please try again in ${wait}.`,
  passwordRequired: 'Please, enter your password',
  incorrectPassword: 'Incorrect password',
  confirmMailed:
    'Your account signs in with Google: we sent a link to your e-mail. Open it within 24 hours to delete your account.',
  confirmLinkRefused: 'This link has expired or was already used',
  refundRequestWaiting: (tasks: string) =>
    `Your refund request for ${tasks} is waiting for our decision. You can delete your account once it is decided.`,
} as const;

/** DELETE /users/client/me: the password; an account with none (Google only) is confirmed by a mailed link. */
export const eraseAccountSchema = z.object({
  password: z.string().min(1).max(128).optional(),
});
export type EraseAccountBody = z.infer<typeof eraseAccountSchema>;

/** POST /users/client/me/erasure/confirm: the token of the mailed link (no session needed). */
export const eraseConfirmSchema = z.object({ token: z.string().trim().min(1).max(200) });

/** POST /ops/users/{id}/erase: an admin erases an account on request; the reason is audited. */
export const opsEraseSchema = z.object({ reason: z.string().trim().min(3).max(1000) });

const moneyTask = z.object({
  number: z.number().int(),
  title: z.string(),
  paid: z.number().describe('US dollars'),
});

/**
 * GET /users/client/me/erasure: what deleting the account does to money still in flight, shown before the
 * student confirms (decision 058).
 */
export const erasurePreviewSchema = z.object({
  password_required: z.boolean().describe('false for a Google-only account: a link is mailed instead'),
  balance: z.number().describe('US dollars on the balance, forfeited (Terms §6: it cannot be refunded)'),
  tasks_refunded: z
    .array(moneyTask)
    .describe('Paid tasks not delivered yet: cancelled, the card share refunded to the card'),
  refunds_pending: z.number().describe('US dollars of accepted refunds still on their way to the card'),
  refund_requests_waiting: z
    .array(moneyTask)
    .describe('Refund requests waiting for a decision: the account cannot be deleted until they are decided'),
});
export type ErasurePreview = z.infer<typeof erasurePreviewSchema>;

/** The sentences the confirmation dialog shows for money in flight; none when there is none. */
export function moneyInFlightLines(p: ErasurePreview, money: (dollars: number) => string): string[] {
  const lines: string[] = [];
  for (const t of p.tasks_refunded)
    lines.push(
      `Task #${t.number} is paid (${money(t.paid)}) and not delivered yet: it is cancelled, and what you paid by card goes back to your card.`,
    );
  if (p.refunds_pending > 0)
    lines.push(`Refunds of ${money(p.refunds_pending)} on their way to your card still reach it.`);
  if (p.balance > 0)
    lines.push(
      `Your balance of ${money(p.balance)} is forfeited: balance money cannot be refunded (Terms of Service, section 6).`,
    );
  return lines;
}
