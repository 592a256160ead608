import { describe, expect, it } from 'vitest';
import {
  EARNING_GEEK_LABELS,
  EARNING_STAFF_LABELS,
  earningKindOf,
  historyLine,
  kindsPaying,
  LEDGER_KINDS,
  ledgerKindSchema,
  pays,
} from '../src/payments/ledger-vocabulary.ts';

describe('the ledger vocabulary (decision 067)', () => {
  it('declares every kind the API writes, as the wire spells it', () => {
    expect([...LEDGER_KINDS].sort()).toEqual(
      [
        'card_payment',
        'card_subscription',
        'card_top_up',
        'cashback',
        'erasure_balance_forfeit',
        'geek_earning',
        'geek_payout',
        'order_payment_balance',
        'order_payment_card',
        'referral_bonus',
        'referral_bonus_reversed',
        'refund_balance',
        'refund_card',
        'refund_cashback_kept',
        'staff_credit',
        'subscription_charge',
        'tip_balance',
        'tip_card',
        'topup',
      ].sort(),
    );
    expect(ledgerKindSchema.safeParse('staff_credit').success).toBe(true);
    expect(ledgerKindSchema.safeParse('broken').success).toBe(false);
  });

  it("reads each kind in the student's balance history, with the task's number where there is one", () => {
    expect(historyLine('card_top_up', null)).toBe('Top-up by card');
    expect(historyLine('card_payment', 12)).toBe('Card payment for task #12');
    expect(historyLine('card_payment', null)).toBe('Card payment for your task');
    expect(historyLine('order_payment_balance', 3)).toBe('Payment for task #3');
    expect(historyLine('order_payment_card', 3)).toBe('Payment for task #3');
    expect(historyLine('tip_card', 3)).toBe('Tip for the Geek of task #3');
    expect(historyLine('refund_balance', 3)).toBe('Refund for task #3');
    expect(historyLine('card_subscription', null)).toBe('Card payment for your subscription');
    expect(historyLine('subscription_charge', null)).toBe('Subscription');
    expect(historyLine('staff_credit', null)).toBe('Credit from Geekly support');
    expect(historyLine('referral_bonus', null)).toBe('Referral bonus');
    expect(historyLine('referral_bonus_reversed', null)).toBe(
      'Referral bonus taken back (the task was refunded)',
    );
    expect(historyLine('cashback', 7)).toBe('Cashback for task #7');
    // Kinds no wording was chosen for, and kinds no longer written, read as their own words.
    expect(historyLine('refund_card', 7)).toBe('refund card');
    expect(historyLine('topup', null)).toBe('topup');
    expect(historyLine('an_old_kind', null)).toBe('an old kind');
  });

  it('says which kinds are payments with a receipt, and what each paid for', () => {
    expect(kindsPaying('task')).toEqual(['order_payment_balance', 'order_payment_card']);
    expect(kindsPaying('tip')).toEqual(['tip_balance', 'tip_card']);
    expect(kindsPaying('card_credit')).toEqual(['card_payment', 'card_subscription']);
    expect(kindsPaying('task', 'tip', 'top_up', 'subscription').sort()).toEqual(
      [
        'card_top_up',
        'order_payment_balance',
        'order_payment_card',
        'subscription_charge',
        'tip_balance',
        'tip_card',
      ].sort(),
    );
    expect(pays('staff_credit', 'task')).toBe(false);
    expect(pays('an_old_kind', 'tip')).toBe(false);
  });

  it("names a Geek's earnings lines, in the Geek's words and the back office's", () => {
    expect(['geek_earning', 'tip_card', 'tip_balance', 'geek_payout'].map(earningKindOf)).toEqual([
      'earning',
      'tip',
      'tip',
      'payout',
    ]);
    expect(EARNING_GEEK_LABELS).toEqual({ earning: 'Task earning', tip: 'Tip', payout: 'Payout' });
    expect(EARNING_STAFF_LABELS).toEqual({ earning: 'Accepted task', tip: 'Tip', payout: 'Payout' });
  });
});
