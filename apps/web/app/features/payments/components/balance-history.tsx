import { dollarsToCents, formatDollars } from '@geekly/domain/money.ts';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useBalanceHistory } from '../api/get-balance-history.ts';
import s from './balance-history.module.css';

/** A signed amount: '+$100.00' in, '-$26.89' out. */
const signed = (dollars: number) => {
  const cents = dollarsToCents(dollars);
  return cents > 0 ? `+${formatDollars(cents)}` : formatDollars(cents);
};

/** The user's ledger entries, newest first (issue 5 "a history of the user's ledger entries"). */
export function BalanceHistory() {
  const history = useBalanceHistory();
  const entries = history.data?.pages.flatMap((p) => p.results) ?? [];
  return (
    <section className={s.history} aria-labelledby="balance-history-title">
      <h2 id="balance-history-title" className={s.title}>
        History
      </h2>
      {history.isPending ? (
        <div className={s.skeleton} role="status" aria-busy="true" aria-label="Loading history" />
      ) : history.isError ? (
        <p role="alert" className="form-error">
          {history.error.message}
        </p>
      ) : entries.length === 0 ? (
        <p className={s.empty}>No payments yet.</p>
      ) : (
        <ul className={s.list}>
          {entries.map((e) => (
            <li key={e._id} className={s.row}>
              <div className={s.what}>
                <span className={s.description}>{e.description}</span>
                <span className={s.meta}>
                  <time dateTime={e.created_at}>{dayjs(e.created_at).format('MMM D, YYYY')}</time>
                  {e.order_id && e.order_number !== null ? (
                    <>
                      {' · '}
                      <Link to={`/order/${encodeURIComponent(e.order_id)}`}>Task #{e.order_number}</Link>
                    </>
                  ) : null}
                </span>
              </div>
              <span className={e.amount > 0 ? s.amountIn : s.amountOut}>{signed(e.amount)}</span>
            </li>
          ))}
        </ul>
      )}
      {history.hasNextPage ? (
        <button
          type="button"
          className={s.more}
          disabled={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {history.isFetchingNextPage ? 'Loading…' : 'Show more'}
        </button>
      ) : null}
    </section>
  );
}
