import { describe, expect, it } from 'vitest';
import { paidTipCents } from '../src/payments/paid-tip.ts';
import type { PaymentStatus } from '../src/payments/pay-schemas.ts';

const payment = (over: Partial<PaymentStatus> = {}): PaymentStatus => ({
  _id: 'p1',
  status: 'succeeded',
  purpose: 'tip',
  amount: 5,
  order_id: 'o1',
  failure_reason: null,
  outcome: 'applied',
  outcome_note: null,
  ...over,
});

describe('paidTipCents (the tip thank-you only for a tip the server knows)', () => {
  it('takes a card tip from its settled payment, whatever the address says', () => {
    expect(paidTipCents('o1', 100_00, { paymentId: 'p1', payment: payment(), tipsPaid: 0 })).toBe(500);
  });

  it('knows no tip for a pending, failed, other-task, non-tip or kept-on-balance payment', () => {
    for (const p of [
      payment({ status: 'pending' }),
      payment({ status: 'failed' }),
      payment({ order_id: 'o2' }),
      payment({ purpose: 'top_up' }),
      payment({ outcome: 'kept_on_balance' }),
      undefined,
    ]) {
      expect(paidTipCents('o1', 500, { paymentId: 'p1', payment: p, tipsPaid: 5 })).toBeNull();
    }
  });

  it('takes a balance tip when the task has at least that much in tips, and nothing for a task never tipped', () => {
    expect(paidTipCents('o1', 500, { paymentId: null, payment: undefined, tipsPaid: 5 })).toBe(500);
    expect(paidTipCents('o1', 500, { paymentId: null, payment: undefined, tipsPaid: 0 })).toBeNull();
    expect(paidTipCents('o1', 500, { paymentId: null, payment: undefined, tipsPaid: undefined })).toBeNull();
    expect(paidTipCents('o1', null, { paymentId: null, payment: undefined, tipsPaid: 5 })).toBeNull();
  });
});
