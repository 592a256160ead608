import { z } from 'zod';

// docs/product/payments-and-ledger.md has a single balance message; the spec gives no more specific text for any top-up failure.
export const AMOUNT_MESSAGES = {
  topUpTooSmall: 'Please enter amount more than $00.00',
} as const;

/**
 * docs/product/payments-and-ledger.md "Amount: must contain digits and be above 0". Only plain decimal text counts ('12', '12.5',
 * '.5', '5.'), so '1e3', '0x10' or '5abc' do not slip through Number().
 */
export function isAmountText(s: string): boolean {
  const t = s.trim();
  return /^\d*\.?\d*$/.test(t) && /\d/.test(t) && Number(t) > 0;
}

/** docs/product/payments-and-ledger.md: 9999999.99 dollars. */
export const TOP_UP_MAX_CENTS = 999_999_999;
/** docs/product/payments-and-ledger.md: the field holds at most 10 characters. */
export const TOP_UP_MAX_CHARS = 10;

type TopUpAmountResult = { ok: true; cents: number } | { ok: false; message: string };

const fail: TopUpAmountResult = { ok: false, message: AMOUNT_MESSAGES.topUpTooSmall };

/**
 * docs/product/payments-and-ledger.md: '.' as separator, at most 2 decimals, no sign, at most 10 characters (after trimming outer
 * spaces), at most 9999999.99 and more than zero. A missing whole part ('.5') or an empty fraction ('5.') is
 * accepted. Cents come from the digit strings, never from a float.
 */
export function parseTopUpAmount(text: string): TopUpAmountResult {
  const t = text.trim();
  if (t.length > TOP_UP_MAX_CHARS) return fail;
  const m = /^(\d*)(?:\.(\d{0,2}))?$/.exec(t);
  if (!m || !/\d/.test(t)) return fail;
  const whole = m[1] ?? '';
  const fraction = (m[2] ?? '').padEnd(2, '0');
  // At most 10 digits in all, so the sum stays far below Number.MAX_SAFE_INTEGER.
  const cents = Number(whole || '0') * 100 + Number(fraction);
  if (cents <= 0 || cents > TOP_UP_MAX_CENTS) return fail;
  return { ok: true, cents };
}

/**
 * docs/product/payments-and-ledger.md as typed: the top-up field takes only digits and one '.', at most 2 decimals and 10 characters,
 * never a sign, and nothing above 9999999.99. Answers what the field holds after the edit: the edited text when
 * it keeps to the rules, else the text before it (the keystroke or paste is refused).
 */
export function acceptTopUpInput(before: string, edited: string): string {
  if (edited === '') return edited;
  if (edited.length > TOP_UP_MAX_CHARS) return before;
  const m = /^(\d*)(?:\.(\d{0,2}))?$/.exec(edited);
  if (!m) return before;
  const cents = Number(m[1] || '0') * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return cents > TOP_UP_MAX_CENTS ? before : edited;
}

/**
 * A top-up amount in dollars, as typed text or as a JSON number; outputs integer cents. A number is read through
 * String(), the shortest text that round-trips, so 19.99 reads '19.99' while 1.234, 0.1 + 0.2, -1 and 1e21
 * fail the text rules.
 */
export const topUpAmountSchema = z
  .union([z.string(), z.number()], { error: AMOUNT_MESSAGES.topUpTooSmall })
  .transform((value, ctx) => {
    const result = parseTopUpAmount(typeof value === 'number' ? String(value) : value);
    if (result.ok) return result.cents;
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  });
