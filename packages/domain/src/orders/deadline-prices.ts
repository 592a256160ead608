import { z } from 'zod';
import { formatDollars } from '../money.ts';

/** Issue 14 item 7: the later deadlines whose prices are shown next to the deadline picker. */
export const LATER_DEADLINE_DAYS = [1, 2, 3] as const;

export const deadlinePricesQuerySchema = z.object({
  deadline: z.iso
    .datetime({ offset: true })
    .optional()
    .describe('The deadline being chosen; default the saved one'),
});

export const deadlinePricesSchema = z.object({
  deadline: z.string(),
  price: z.number().nullable().describe('The price at this deadline; null when the task has no price'),
  later: z.array(
    z.object({
      days: z.number().int(),
      deadline: z.string(),
      price: z.number(),
      saving: z.number().describe('Dollars less than at the chosen deadline'),
    }),
  ),
});

/** '+1 day: $12.40 less'; null when a day later costs the same (same price band). */
export function laterDeadlineText(days: number, savingDollars: number): string | null {
  const cents = Math.round(savingDollars * 100);
  if (cents <= 0) return null;
  return `+${days} ${days === 1 ? 'day' : 'days'}: ${formatDollars(cents)} less`;
}
