import { z } from 'zod';
import type { EARNING_KINDS } from '../workspace/workspace-contract.ts';

/**
 * The ledger's vocabulary (decision 067): every kind of transaction the API writes (`ledger_transactions.kind`, a
 * wire value kept as is), with what it is to each reader.
 *
 * - `history`: its line in the student's balance history (GET /balance/history); `task` is "task #12", or "your
 *   task" when the transaction names none. A kind no wording was chosen for reads as its own words.
 * - `receipt`: what the money paid for, for the receipts (decision 024): a task payment, a tip, a card top-up, a
 *   subscription month, or card money that reached the balance (`card_credit`: a receipt only when it stayed
 *   there). A kind without one is no payment and gets no receipt.
 * - `earning`: on a Geek's account (decision 047), which line of their earnings it is.
 *
 * The back office shows the kind itself (a task's ledger entries); the earnings lines have the Geek's words and the
 * back office's (`EARNING_GEEK_LABELS`, `EARNING_STAFF_LABELS`).
 */
const VOCABULARY = {
  card_top_up: { history: () => 'Top-up by card', receipt: 'top_up' },
  card_payment: { history: (task) => `Card payment for ${task}`, receipt: 'card_credit' },
  card_subscription: { history: () => 'Card payment for your subscription', receipt: 'card_credit' },
  order_payment_balance: { history: (task) => `Payment for ${task}`, receipt: 'task' },
  order_payment_card: { history: (task) => `Payment for ${task}`, receipt: 'task' },
  tip_balance: { history: (task) => `Tip for the Geek of ${task}`, receipt: 'tip', earning: 'tip' },
  tip_card: { history: (task) => `Tip for the Geek of ${task}`, receipt: 'tip', earning: 'tip' },
  subscription_charge: { history: () => 'Subscription', receipt: 'subscription' },
  refund_balance: { history: (task) => `Refund for ${task}` },
  refund_card: { history: () => 'refund card' },
  refund_cashback_kept: { history: () => 'refund cashback kept' },
  staff_credit: { history: () => 'Credit from Geekly support' },
  referral_bonus: { history: () => 'Referral bonus' },
  referral_bonus_reversed: { history: () => 'Referral bonus taken back (the task was refunded)' },
  cashback: { history: (task) => `Cashback for ${task}` },
  erasure_balance_forfeit: { history: () => 'erasure balance forfeit' },
  geek_earning: { history: () => 'geek earning', earning: 'earning' },
  geek_payout: { history: () => 'geek payout', earning: 'payout' },
  /** The demo data's top-up (db/seed.ts). */
  topup: { history: () => 'topup' },
} satisfies Record<string, KindWords>;

type KindWords = {
  history: (task: string) => string;
  receipt?: 'task' | 'tip' | 'top_up' | 'subscription' | 'card_credit';
  earning?: EarningKind;
};

export type LedgerKind = keyof typeof VOCABULARY;
export const LEDGER_KINDS = Object.keys(VOCABULARY) as [LedgerKind, ...LedgerKind[]];
export const ledgerKindSchema = z.enum(LEDGER_KINDS);
const isLedgerKind = (kind: string): kind is LedgerKind => Object.hasOwn(VOCABULARY, kind);

/** The balance history's line for a transaction of `kind`, on the task numbered `orderNumber` if any. */
export function historyLine(kind: string, orderNumber: number | null): string {
  if (!isLedgerKind(kind)) return kind.replaceAll('_', ' '); // a kind of an older version, no longer written
  return VOCABULARY[kind].history(orderNumber === null ? 'your task' : `task #${orderNumber}`);
}

type ReceiptPurpose = NonNullable<KindWords['receipt']>;
const receiptOf = (kind: string): ReceiptPurpose | undefined =>
  isLedgerKind(kind) ? (VOCABULARY[kind] as KindWords).receipt : undefined;

/** The kinds whose receipt is for `purposes`. */
export const kindsPaying = (...purposes: ReceiptPurpose[]): LedgerKind[] =>
  LEDGER_KINDS.filter((k) => purposes.some((p) => receiptOf(k) === p));

/** Whether a transaction of `kind` paid for `purpose`. */
export const pays = (kind: string, purpose: ReceiptPurpose) => receiptOf(kind) === purpose;

/** The lines of a Geek's earnings (GET /workspace/earnings, the back office's Geek earnings). */
type EarningKind = (typeof EARNING_KINDS)[number];

/** Which earnings line a transaction on a Geek's account is: anything else that reached it is a tip. */
export const earningKindOf = (kind: string): EarningKind =>
  (isLedgerKind(kind) ? (VOCABULARY[kind] as KindWords).earning : undefined) ?? 'tip';

/** How the Geek's workspace names an earnings line. */
export const EARNING_GEEK_LABELS: Record<EarningKind, string> = {
  earning: 'Task earning',
  tip: 'Tip',
  payout: 'Payout',
};

/** How the back office names a Geek's earnings line, where it differs from the Geek's words. */
export const EARNING_STAFF_LABELS: Record<EarningKind, string> = {
  ...EARNING_GEEK_LABELS,
  earning: 'Accepted task',
};
