import { describe, expect, it } from 'vitest';
import { isLocalPath } from '../src/users/redirect-path.ts';

describe('isLocalPath', () => {
  it.each(['/orders', '/order/abc/checkout', '/orders/abc/rating/5?x=1#y'])('accepts %j', (path) => {
    expect(isLocalPath(path)).toBe(true);
  });
  it.each([
    '',
    'orders',
    '//evil.example/orders',
    '/\\evil.example',
    'https://evil.example/',
    '/a b',
    `/${'x'.repeat(500)}`,
    null,
    undefined,
  ])('refuses %j', (path) => {
    expect(isLocalPath(path)).toBe(false);
  });
});
