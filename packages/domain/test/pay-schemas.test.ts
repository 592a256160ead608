import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balanceUseField, payOrderSchema } from '../src/payments/pay-schemas.ts';

const MAX_CENTS = 999_999_999;
/** 1250 -> '12.50', the pay-from-balance screen's 2-decimal dollars text. */
const dollarsText = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

describe('balanceUseField: integer cents', () => {
  it.each([0, 1, 1250, 4625, MAX_CENTS])('keeps %s cents', (cents) => {
    expect(balanceUseField.parse(cents)).toBe(cents);
  });
  it.each([
    ['a fraction of a cent', 1.5],
    ['a negative amount', -1],
    ['a large negative amount', -1250],
    ['more than the maximum', MAX_CENTS + 1],
    ['NaN', Number.NaN],
    ['infinity', Number.POSITIVE_INFINITY],
  ])('rejects %s', (_, value) => {
    expect(balanceUseField.safeParse(value).success).toBe(false);
  });
  it('passes every integer from 0 to the maximum through unchanged', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CENTS }), (cents) => {
        expect(balanceUseField.parse(cents)).toBe(cents);
      }),
    );
  });
  it('rejects every negative integer', () => {
    fc.assert(
      fc.property(fc.integer({ max: -1 }), (cents) => {
        expect(balanceUseField.safeParse(cents).success).toBe(false);
      }),
    );
  });
});

describe('balanceUseField: text', () => {
  it.each([
    ['12.50', 1250],
    ['0.05', 5],
    ['0.00', 0],
    ['19.99', 1999],
    ['100.00', 10000],
    ['012.50', 1250],
    [' 12.50 ', 1250],
    ['9999999.99', MAX_CENTS],
  ])('reads the dollars text %j as %s cents', (text, cents) => {
    expect(balanceUseField.parse(text)).toBe(cents);
  });
  it.each([
    ['12', 12],
    ['0', 0],
    ['1250', 1250],
    ['999999999', MAX_CENTS],
  ])('reads the whole-number text %j as %s cents', (text, cents) => {
    expect(balanceUseField.parse(text)).toBe(cents);
  });
  it.each([
    ['one decimal', '12.5'],
    ['three decimals', '12.505'],
    ['a sign', '-1'],
    ['a negative dollars amount', '-12.50'],
    ['a plus sign', '+12.50'],
    ['a comma', '12,50'],
    ['a dollar sign', '$12.50'],
    ['no whole part', '.50'],
    ['a trailing dot', '12.'],
    ['an exponent', '1e3'],
    ['hex', '0x10'],
    ['letters', 'abc'],
    ['an empty text', ''],
    ['blanks', '   '],
    ['ten digits', '1000000000'],
    ['more than the maximum in dollars', '10000000.00'],
  ])('rejects %s (%j)', (_, text) => {
    expect(balanceUseField.safeParse(text).success).toBe(false);
  });
  it('explains the expected shape', () => {
    const r = balanceUseField.safeParse('12.5');
    expect(JSON.stringify(r.error?.issues)).toContain('Enter an amount like 12.50');
  });
  it('reads every 2-decimal dollars text back as its cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CENTS }), (cents) => {
        expect(balanceUseField.parse(dollarsText(cents))).toBe(cents);
      }),
    );
  });
});

describe('payOrderSchema', () => {
  it('defaults the balance use to 0', () => {
    expect(payOrderSchema.parse({})).toEqual({ account_balance_use: 0 });
  });
  it('takes cents or dollars text, and the partial flag', () => {
    expect(payOrderSchema.parse({ account_balance_use: 1250, partial: true })).toEqual({
      account_balance_use: 1250,
      partial: true,
    });
    expect(payOrderSchema.parse({ account_balance_use: '12.50', partial: false })).toEqual({
      account_balance_use: 1250,
      partial: false,
    });
    expect(payOrderSchema.parse({ account_balance_use: '12' })).toEqual({ account_balance_use: 12 });
  });
  it.each([
    ['a fraction of a cent', { account_balance_use: 1.5 }],
    ['a negative amount', { account_balance_use: -1 }],
    ['a negative text', { account_balance_use: '-1' }],
    ['one decimal', { account_balance_use: '12.5' }],
    ['null', { account_balance_use: null }],
    ['a boolean', { account_balance_use: true }],
    ['a text partial flag', { partial: 'yes' }],
  ])('rejects %s', (_, body) => {
    const r = payOrderSchema.safeParse(body);
    expect(r.success).toBe(false);
    const key = Object.keys(body)[0];
    expect(r.error?.issues.some((i) => i.path[0] === key)).toBe(true);
  });
});
