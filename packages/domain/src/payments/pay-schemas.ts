import { z } from 'zod';

const MAX_CENTS = 999_999_999;

/**
 * Seed 000 §7: account_balance_use is integer cents; the pay-from-balance screen sends the amount as a string
 * with 2 decimals (dollars). Both arrive here as integer cents.
 */
export const balanceUseField = z.union([
  z.int().min(0).max(MAX_CENTS),
  z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{2})?$/, 'Enter an amount like 12.50')
    .transform((s) => {
      const [whole = '0', fraction] = s.split('.');
      return fraction === undefined ? Number(whole) : Number(whole) * 100 + Number(fraction);
    })
    .pipe(z.int().max(MAX_CENTS)),
]);

/** POST /orders/{id}/pay (API.md). */
export const payOrderSchema = z.object({
  account_balance_use: balanceUseField.default(0),
  partial: z.boolean().optional(),
  /**
   * The total the client was shown, in dollars. When the server's price differs (the clock moved the task into
   * another band, a coupon ran out), nothing is charged and the fresh task comes back to be shown.
   */
  expected_price: z.number().min(0).max(9_999_999.99).optional(),
});
