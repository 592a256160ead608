// The Geeks' payout report (issue 26 item 5, decision 036): what each Geek earned in a period, as CSV.
import { z } from 'zod';
import { centsToDollars } from '../money.ts';

const DAY_MS = 86_400_000;
const day = z.iso.date();

/** A period of whole UTC days, both ends included, at most a year long. */
export const payoutPeriodSchema = z
  .object({ from: day, to: day })
  .refine((p) => p.from <= p.to, { message: 'The period must end on or after its first day', path: ['to'] })
  .refine((p) => Date.parse(p.to) - Date.parse(p.from) <= 366 * DAY_MS, {
    message: 'A report covers at most a year',
    path: ['to'],
  });
export type PayoutPeriod = z.output<typeof payoutPeriodSchema>;

/** Either no period (all time) or a whole one. */
export const optionalPeriodSchema = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((p) => (p.from === undefined) === (p.to === undefined), {
    message: 'Give both ends of the period, or neither',
    path: ['to'],
  })
  .refine((p) => !p.from || !p.to || payoutPeriodSchema.safeParse(p).success, {
    message: 'The period must end on or after its first day, at most a year later',
    path: ['to'],
  });

export const wholePeriod = (p: { from?: string; to?: string }): PayoutPeriod | null =>
  p.from && p.to ? { from: p.from, to: p.to } : null;

/** The instants a period covers: from its first day's midnight (UTC) to the midnight after its last day. */
export function periodBounds(p: PayoutPeriod): { from: Date; to: Date } {
  return {
    from: new Date(`${p.from}T00:00:00.000Z`),
    to: new Date(Date.parse(`${p.to}T00:00:00.000Z`) + DAY_MS),
  };
}

type PayoutRow = {
  geekId: string;
  name: string;
  tasks: number;
  earnedCents: number;
  tipsCents: number;
};

/** One CSV field: quoted when needed; a leading = + - @ is defused so no spreadsheet runs it as a formula. */
function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const PAYOUT_CSV_HEADER = [
  'Geek',
  'Geek id',
  'Accepted tasks',
  'Earnings (USD)',
  'Tips (USD)',
  'Total (USD)',
];

const dollars = (cents: number) => centsToDollars(cents).toFixed(2);

/** The payout report: one line per Geek who received something in the period, and a total line. */
export function payoutCsv(rows: readonly PayoutRow[]): string {
  const paid = rows.filter((r) => r.earnedCents !== 0 || r.tipsCents !== 0);
  const lines = [PAYOUT_CSV_HEADER.map(csvField).join(',')];
  for (const r of paid)
    lines.push(
      [
        r.name,
        r.geekId,
        r.tasks,
        dollars(r.earnedCents),
        dollars(r.tipsCents),
        dollars(r.earnedCents + r.tipsCents),
      ]
        .map(csvField)
        .join(','),
    );
  const sum = (f: (r: PayoutRow) => number) => paid.reduce((s, r) => s + f(r), 0);
  lines.push(
    [
      'Total',
      '',
      sum((r) => r.tasks),
      dollars(sum((r) => r.earnedCents)),
      dollars(sum((r) => r.tipsCents)),
      dollars(sum((r) => r.earnedCents + r.tipsCents)),
    ]
      .map(csvField)
      .join(','),
  );
  return `${lines.join('\r\n')}\r\n`;
}
