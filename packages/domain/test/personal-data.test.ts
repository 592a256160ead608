import { describe, expect, it } from 'vitest';
import { eraseAccountSchema, moneyInFlightLines, opsEraseSchema } from '../src/users/personal-data.ts';

const money = (d: number) => `$${d.toFixed(2)}`;
const none = {
  password_required: true,
  balance: 0,
  tasks_refunded: [],
  refunds_pending: 0,
  refund_requests_waiting: [],
};

describe('what deleting an account does to money in flight (decision 058)', () => {
  it('says nothing when there is none', () => {
    expect(moneyInFlightLines(none, money)).toEqual([]);
  });

  it('names each paid task refunded, refunds on their way and the forfeited balance', () => {
    expect(
      moneyInFlightLines(
        {
          ...none,
          balance: 12.5,
          refunds_pending: 3,
          tasks_refunded: [{ number: 10042, title: 'Essay', paid: 40 }],
        },
        money,
      ),
    ).toEqual([
      'Task #10042 is paid ($40.00) and not delivered yet: it is cancelled, and what you paid by card goes back to your card.',
      'Refunds of $3.00 on their way to your card still reach it.',
      'Your balance of $12.50 is forfeited: balance money cannot be refunded (Terms of Service, section 6).',
    ]);
  });

  it('takes an optional password, and an admin must give a reason', () => {
    expect(eraseAccountSchema.safeParse({}).success).toBe(true);
    expect(eraseAccountSchema.safeParse({ password: '' }).success).toBe(false);
    expect(opsEraseSchema.safeParse({ reason: '  ' }).success).toBe(false);
    expect(opsEraseSchema.safeParse({ reason: 'Asked by e-mail' }).success).toBe(true);
  });
});
