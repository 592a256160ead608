import { describe, expect, it } from 'vitest';
import {
  AMOUNT_MESSAGES,
  isAmountText,
  parseTopUpAmount,
  TOP_UP_MAX_CENTS,
  topUpAmountSchema,
} from '../src/payments/amount-schemas.ts';

const MESSAGE = 'Please enter amount more than $00.00';
const refused = { ok: false, message: MESSAGE };

describe('the spec texts and limits', () => {
  it('keep the spec wording and maximum', () => {
    expect(AMOUNT_MESSAGES).toEqual({ topUpTooSmall: MESSAGE });
    expect(TOP_UP_MAX_CENTS).toBe(999_999_999);
  });
});

describe('isAmountText', () => {
  it.each(['1', '0.01', '12.5', '.5', '5.', ' 7 '])('takes %j', (s) => {
    expect(isAmountText(s)).toBe(true);
  });
  it.each(['', ' ', '.', '0', '0.00', '-1', 'abc', '1e3', '0x10', '5abc', '1,5'])('refuses %j', (s) => {
    expect(isAmountText(s)).toBe(false);
  });
});

describe('parseTopUpAmount', () => {
  it.each([
    ['1', 100],
    ['0.01', 1],
    ['0.1', 10],
    ['19.99', 1999],
    ['1.5', 150],
    ['.5', 50],
    ['5.', 500],
    ['0005', 500],
    [' 20 ', 2000],
    ['9999999.99', 999_999_999],
    ['9999999', 999_999_900],
  ])('%j -> %i cents', (text, cents) => {
    expect(parseTopUpAmount(text)).toEqual({ ok: true, cents });
  });
  it.each(['0', '0.00', '00.00', '.', '', '  ', '.00'])('refuses zero or nothing: %j', (text) => {
    expect(parseTopUpAmount(text)).toEqual(refused);
  });
  it.each(['-1', '+1', '-0.5'])('refuses a sign: %j', (text) => {
    expect(parseTopUpAmount(text)).toEqual(refused);
  });
  it.each(['1.234', '0.001', '1,50', '1 000', '1e3', '$5', '5$', '1.2.3', 'abc'])(
    "takes only '.' and at most 2 decimals: %j",
    (text) => {
      expect(parseTopUpAmount(text)).toEqual(refused);
    },
  );
  it('refuses more than 9999999.99 and more than 10 characters', () => {
    expect(parseTopUpAmount('10000000')).toEqual(refused);
    expect(parseTopUpAmount('10000000.00')).toEqual(refused);
    expect(parseTopUpAmount('12345678901')).toEqual(refused);
    expect(parseTopUpAmount('00000000001')).toEqual(refused);
    expect(parseTopUpAmount('0000000001')).toEqual({ ok: true, cents: 100 });
  });
});

describe('topUpAmountSchema', () => {
  it('turns text and numbers into cents', () => {
    expect(topUpAmountSchema.parse('19.99')).toBe(1999);
    expect(topUpAmountSchema.parse(19.99)).toBe(1999);
    expect(topUpAmountSchema.parse(0.1)).toBe(10);
    expect(topUpAmountSchema.parse(5)).toBe(500);
    expect(topUpAmountSchema.parse(9999999.99)).toBe(999_999_999);
  });
  it.each([
    0,
    -1,
    1.234,
    0.1 + 0.2,
    10_000_000,
    1e21,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    '0',
    '1,50',
    '',
    null,
    true,
  ])('refuses %j with the spec text', (value) => {
    const r = topUpAmountSchema.safeParse(value);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([MESSAGE]);
  });
});
