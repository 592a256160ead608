import type { CardFieldErrors } from './card-page.ts';

const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  serverError: '4000000000000119',
  /** Like Stripe's 0341: pays now, declines every later charge of the card on file (renewals). */
  laterDeclined: '4000000000000341',
} as const;

type CardOutcome = 'paid' | 'declined' | 'failed';

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type CardInput = { card_number?: string; expiry?: string; cvc?: string; name?: string };

/** Checks the card form as a processor's page would; returns the digits or the field errors. */
export function checkCard(
  input: CardInput,
  now: Date,
): { ok: true; digits: string } | { ok: false; errors: CardFieldErrors } {
  const errors: CardFieldErrors = {};
  const digits = (input.card_number ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) errors.card_number = 'Your card number is incorrect.';
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry ?? '');
  if (!m) errors.expiry = 'Enter the expiry date as MM/YY.';
  else {
    const month = Number(m[1]);
    const year = Number(m[2]) + (m[2]?.length === 2 ? 2000 : 0);
    // A card is valid through the last day of its expiry month.
    if (month < 1 || month > 12) errors.expiry = 'Enter the expiry date as MM/YY.';
    else if (Date.UTC(year, month, 1) <= now.getTime())
      errors.expiry = "Your card's expiration date is in the past.";
  }
  if (!/^\d{3,4}$/.test((input.cvc ?? '').trim())) errors.cvc = "Your card's security code is incomplete.";
  if (!(input.name ?? '').trim()) errors.name = 'Enter the name on the card.';
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, digits };
}

/** The test cards (decision 010); any other valid number is declined, as test modes of real gateways do. */
export function cardOutcome(digits: string): CardOutcome {
  if (digits === SANDBOX_CARDS.success || digits === SANDBOX_CARDS.laterDeclined) return 'paid';
  if (digits === SANDBOX_CARDS.serverError) return 'failed';
  return 'declined';
}

/** What a later charge of a card on file does (decision 017). */
export function laterChargeOutcome(digits: string): 'paid' | 'declined' {
  return digits === SANDBOX_CARDS.success ? 'paid' : 'declined';
}
