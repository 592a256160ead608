import { describe, expect, it } from 'vitest';
import { acceptTopUpInput } from '../src/payments/amount-schemas.ts';

describe('acceptTopUpInput (docs/product/account.md, as typed)', () => {
  it.each([
    ['', '1', '1'],
    ['1', '12', '12'],
    ['12', '12.', '12.'],
    ['12.', '12.3', '12.3'],
    ['12.3', '12.34', '12.34'],
    ['12.34', '12.345', '12.34'],
    ['', 'abc', ''],
    ['1', '1a', '1'],
    ['', '-', ''],
    ['', '-5', ''],
    ['5', '-5', '5'],
    ['1.2', '1.2.', '1.2'],
    ['', '.5', '.5'],
    ['9999999.9', '9999999.99', '9999999.99'],
    ['999999999', '9999999999', '999999999'],
    ['1000000', '10000000', '1000000'],
    ['9999999.99', '9999999.991', '9999999.99'],
    ['12', '', ''],
    ['', '1e3', ''],
    ['', ' 5', ''],
  ])('%j then %j holds %j', (before, edited, held) => {
    expect(acceptTopUpInput(before, edited)).toBe(held);
  });
});
