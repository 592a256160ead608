import { describe, expect, it } from 'vitest';
import { ordersHashTarget, referralLinkTarget } from '../src/users/referral-link.ts';

describe('referralLinkTarget (docs/product/public-site.md)', () => {
  it.each([
    ['orders', '', '/orders'],
    ['orders', 'abc123', '/orders/abc123'],
    ['orders', '#abc123', '/orders/abc123'],
    ['orders/', 'livechat', '/orders/livechat'],
    ['orders', '../evil', '/orders'],
    // No /my-courses page: the task list, grouped by course, is the nearest real page.
    ['my-courses', '', '/orders'],
    ['my-courses/x', '', '/orders'],
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

describe("ordersHashTarget: what '/orders/{hash}' opens", () => {
  it.each([
    ['0b7c6c52-5d8e-4a59-9a57-2f3c1e0d9a10', 'order'],
    ['0B7C6C52-5D8E-4A59-9A57-2F3C1E0D9A10', 'order'],
    ['livechat', 'livechat'],
    ['orderemail', 'list'],
    ['abc123', 'list'],
    ['0b7c6c52-5d8e-4a59-9a57', 'list'],
    ['', 'list'],
  ])('%s → %s', (hash, target) => {
    expect(ordersHashTarget(hash)).toBe(target);
  });
});
