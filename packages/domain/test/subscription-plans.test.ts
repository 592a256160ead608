import { describe, expect, it } from 'vitest';
import { hasPremiumPlus, subscriptionLabel } from '../src/subscriptions/subscription-display.ts';
import {
  addOneMonth,
  planAddOns,
  planByTag,
  SUBSCRIPTION_PLANS,
} from '../src/subscriptions/subscription-plans.ts';

describe('subscription plans (decision 017)', () => {
  it('prices premium and premium plus monthly in cents', () => {
    expect(SUBSCRIPTION_PLANS.map((p) => [p.tag, p.priceCents, p.interval])).toEqual([
      ['premium', 999, 'month'],
      ['premium plus', 1999, 'month'],
    ]);
    expect(planByTag('premium plus').benefits).toContainEqual(expect.stringMatching(/1 hour sooner/));
  });

  it.each([
    ['2026-01-15T10:00:00.000Z', '2026-02-15T10:00:00.000Z'],
    ['2026-01-31T10:00:00.000Z', '2026-02-28T10:00:00.000Z'],
    ['2028-01-31T00:00:00.000Z', '2028-02-29T00:00:00.000Z'],
    ['2026-12-31T23:59:00.000Z', '2027-01-31T23:59:00.000Z'],
  ])('one month after %s is %s', (from, to) => {
    expect(addOneMonth(new Date(from)).toISOString()).toBe(to);
  });

  it("shows a failed renewal as 'Payment failed' and takes premium plus away", () => {
    const now = new Date('2026-03-01T00:00:00Z');
    const sub = {
      status: 'past_due',
      tag: 'premium plus' as const,
      cancel_at_period_end: false,
      current_period_end: new Date('2026-03-05T00:00:00Z'),
    };
    expect(subscriptionLabel(sub)).toBe('Payment failed');
    expect(hasPremiumPlus([sub], now)).toBe(false);
    expect(hasPremiumPlus([{ ...sub, status: 'active', cancel_at_period_end: true }], now)).toBe(true);
  });

  it('includes add-ons while the plan is active (decision 037)', () => {
    const now = new Date('2026-03-01T00:00:00Z');
    const sub = {
      status: 'active',
      tag: 'premium' as const,
      cancel_at_period_end: false,
      current_period_end: new Date('2026-03-05T00:00:00Z'),
    };
    expect(planAddOns([sub], now)).toEqual(['adv_plagreport', 'prioritize_my_task']);
    expect(planAddOns([{ ...sub, tag: 'premium plus' }], now)).toEqual([
      'adv_plagreport',
      'prioritize_my_task',
      'adv_vip_support',
    ]);
    expect(planAddOns([{ ...sub, status: 'past_due' }], now)).toEqual([]);
    expect(planAddOns([sub], new Date('2026-03-05T00:00:00Z'))).toEqual([]);
  });
});
