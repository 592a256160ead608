import { describe, expect, it } from 'vitest';
import {
  currentSubscription,
  hasPremiumPlus,
  type SubscriptionInput,
  subscriptionLabel,
} from '../src/subscriptions/subscription-display.ts';

const now = new Date('2026-03-01T12:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);
const DAY = 86_400_000;

const sub = (s: Partial<SubscriptionInput> = {}): SubscriptionInput => ({
  status: 'active',
  cancel_at_period_end: false,
  tag: 'premium',
  current_period_end: at(30 * DAY),
  ...s,
});

const NOT_CURRENT = ['canceled', 'incomplete_expired', 'trialing', 'unpaid', 'paused', 'Active', ''];

describe('currentSubscription', () => {
  it.each(['active', 'past_due', 'incomplete'])('picks a subscription with status %s', (status) => {
    const s = sub({ status });
    expect(currentSubscription([s])).toBe(s);
  });
  it.each(NOT_CURRENT)('skips a subscription with status %j', (status) => {
    expect(currentSubscription([sub({ status })])).toBeUndefined();
  });
  it('is undefined for no subscriptions', () => {
    expect(currentSubscription([])).toBeUndefined();
  });
  it('takes the first match, in list order', () => {
    const canceled = sub({ status: 'canceled', tag: 'premium plus' });
    const pastDue = sub({ status: 'past_due' });
    const active = sub({ status: 'active', tag: 'premium plus' });
    expect(currentSubscription([canceled, pastDue, active])).toBe(pastDue);
    expect(currentSubscription([canceled, active, pastDue])).toBe(active);
    const incomplete = sub({ status: 'incomplete' });
    expect(currentSubscription([incomplete, active])).toBe(incomplete);
  });
});

describe('subscriptionLabel', () => {
  it('shows Active for an active subscription not cancelling', () => {
    expect(subscriptionLabel(sub())).toBe('Active');
  });
  it('shows Pending cancelation (spec spelling) for an active subscription cancelling at period end', () => {
    expect(subscriptionLabel(sub({ cancel_at_period_end: true }))).toBe('Pending cancelation');
  });
  it.each(['incomplete', 'past_due'])('shows Payment failed for %s, cancelling or not', (status) => {
    expect(subscriptionLabel(sub({ status }))).toBe('Payment failed');
    expect(subscriptionLabel(sub({ status, cancel_at_period_end: true }))).toBe('Payment failed');
  });
  it.each(NOT_CURRENT)('shows nothing for status %j', (status) => {
    expect(subscriptionLabel(sub({ status }))).toBeNull();
    expect(subscriptionLabel(sub({ status, cancel_at_period_end: true }))).toBeNull();
  });
  it('shows nothing without a subscription', () => {
    expect(subscriptionLabel(undefined)).toBeNull();
  });
  it('labels the first current subscription of a list', () => {
    const subs = [sub({ status: 'canceled' }), sub({ status: 'past_due' }), sub({ status: 'active' })];
    expect(subscriptionLabel(currentSubscription(subs))).toBe('Payment failed');
  });
});

describe('hasPremiumPlus', () => {
  const plus = (s: Partial<SubscriptionInput> = {}) => sub({ tag: 'premium plus', ...s });
  it('holds for an active premium plus subscription whose period has not ended', () => {
    expect(hasPremiumPlus([plus()], now)).toBe(true);
    expect(hasPremiumPlus([plus({ current_period_end: at(1) })], now)).toBe(true);
    expect(hasPremiumPlus([plus({ current_period_end: null })], now)).toBe(true);
  });
  it('ends when the period ends (exactly now or before)', () => {
    expect(hasPremiumPlus([plus({ current_period_end: now })], now)).toBe(false);
    expect(hasPremiumPlus([plus({ current_period_end: at(-1) })], now)).toBe(false);
  });
  it('still holds while pending cancelation', () => {
    expect(hasPremiumPlus([plus({ cancel_at_period_end: true })], now)).toBe(true);
  });
  it('does not hold for premium', () => {
    expect(hasPremiumPlus([sub({ tag: 'premium' })], now)).toBe(false);
  });
  it.each(['past_due', 'incomplete', ...NOT_CURRENT])('does not hold for status %j', (status) => {
    expect(hasPremiumPlus([plus({ status })], now)).toBe(false);
  });
  it('does not hold without subscriptions', () => {
    expect(hasPremiumPlus([], now)).toBe(false);
  });
  it('looks only at the first current subscription', () => {
    expect(hasPremiumPlus([plus({ status: 'canceled' }), plus()], now)).toBe(true);
    expect(hasPremiumPlus([sub({ status: 'past_due' }), plus()], now)).toBe(false);
    expect(hasPremiumPlus([sub(), plus()], now)).toBe(false);
    expect(hasPremiumPlus([plus(), sub()], now)).toBe(true);
  });
});
