import { formatDollars } from '@geekly/domain/money.ts';
import { PLATFORM_CHARGE } from '@geekly/domain/payments/public-promises.ts';
import { PRICE_BANDS, WORDS_PER_PAGE } from '@geekly/domain/pricing/quote.ts';
import s from './landing-sections.module.css';

function bandLabel(fromHours: number, toHours: number | undefined) {
  const span = (h: number) => (h >= 48 ? `${h / 24} days` : `${h} hours`);
  if (toHours === undefined) return `${span(fromHours)} or more`;
  if (fromHours === 0) return `Under ${span(toHours)}`;
  return `${span(fromHours)} to ${span(toHours)}`;
}

/** The per-page prices by time to the deadline: the domain's quote bands, the ones the server charges. */
export function PricesBlock() {
  // PRICE_BANDS runs from the longest deadline down; each band ends where the previous one starts.
  const rows = PRICE_BANDS.map((band, i) => ({
    label: bandLabel(band.fromHours, PRICE_BANDS[i - 1]?.fromHours),
    price: formatDollars(band.perPageCents),
  }));
  return (
    <section className={s.section} aria-labelledby="prices">
      <h2 id="prices" className={s.heading}>
        Prices
      </h2>
      <p className={s.lead}>
        Planning, scheduling and messaging are free. You pay only when you share a task with a Geek: the price
        depends on the amount of work and the time to the deadline, with the {PLATFORM_CHARGE} included.
      </p>
      <table className={s.prices}>
        <caption className="visually-hidden">Price per page by time to the deadline</caption>
        <thead>
          <tr>
            <th scope="col">Time to the deadline</th>
            <th scope="col">Price per page ({WORDS_PER_PAGE} words)</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label}>
              <th scope="row">{r.label}</th>
              <td>{r.price}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={s.note}>
        Prepay 30% and pay the remaining 70% when the work is finished, or prepay in full. New here? Code
        NEWUSER takes 25% off your first 5 tasks.
      </p>
    </section>
  );
}
