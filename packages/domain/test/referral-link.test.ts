import { describe, expect, it } from 'vitest';
import { referralLinkTarget } from '../src/users/referral-link.ts';

describe('referralLinkTarget (seed 001 §2)', () => {
  it.each([
    ['orders', '', '/orders'],
    ['orders', 'abc123', '/orders/abc123'],
    ['orders', '#abc123', '/orders/abc123'],
    ['orders/', 'livechat', '/orders/livechat'],
    ['orders', '../evil', '/orders'],
    ['my-courses', '', '/my-courses'],
    ['subscription', '', '/subscription'],
    ['o1', '', '/order/o1'],
    ['o1/rating', '', '/orders/o1/rating'],
    ['o1/rating/1', '', '/orders/o1/rating/1'],
    ['o1/rating/5', '', '/orders/o1/rating/5'],
    ['o1/rating/f', '', '/orders/o1/rating/f'],
    ['o1/rating/6', '', '/orders/o1/rating'],
    ['o1/rating/0', '', '/orders/o1/rating'],
    ['o1/rating/F', '', '/orders/o1/rating'],
    ['o1/rating/55', '', '/orders/o1/rating'],
    ['', '', '/orders'],
    ['o1/unknown', '', '/orders'],
    ['..', '', '/orders'],
    ['%2F%2Fevil.example', '', '/orders'],
  ])('/r/key/%s#%s → %s', (rest, hash, target) => {
    expect(referralLinkTarget(rest, hash)).toBe(target);
  });
});
