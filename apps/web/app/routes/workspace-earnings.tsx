import { EARNING_GEEK_LABELS } from '@geekly/domain/payments/ledger-vocabulary.ts';
import { WORKSPACE_PATHS } from '@geekly/domain/workspace/workspace-contract.ts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../components/button.tsx';
import { useEarnings, useRequestPayout } from '../features/workspace/api/workspace-queries.ts';
import { formatWhen } from '../features/workspace/components/time-left.ts';
import s from '../features/workspace/components/workspace.module.css';
import { announce } from '../lib/announce.ts';
import { ApiError } from '../lib/api-client.ts';
import { formatUsd } from '../lib/format-money.ts';

export function meta() {
  return [{ title: 'Earnings — Geekly workspace' }];
}

const STATUS: Record<string, string> = {
  pending: 'Pending until the student accepts the work',
  earned: 'Earned',
  paid: 'Paid out',
};

/** /workspace/earnings: each task's earning (pending, then earned), tips, payouts, what is owed now. */
export default function WorkspaceEarnings() {
  const earnings = useEarnings();
  const request = useRequestPayout();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  if (earnings.isError)
    return (
      <>
        <h1>Earnings</h1>
        <p role="alert" className={s.alert}>
          Your earnings could not be loaded.
        </p>
      </>
    );
  if (!earnings.data)
    return (
      <>
        <h1>Earnings</h1>
        <p className={s.muted}>Loading…</p>
      </>
    );
  const e = earnings.data;
  const requestable = Math.round((e.owed - e.requested) * 100) / 100;
  return (
    <>
      <h1>Earnings</h1>
      <div className={s.totals}>
        <div className={s.total}>
          <span className={s.muted}>Owed to you now</span>
          <span className={s.totalValue}>{formatUsd(e.owed)}</span>
        </div>
        <div className={s.total}>
          <span className={s.muted}>Pending</span>
          <span className={s.totalValue}>{formatUsd(e.pending)}</span>
        </div>
        <div className={s.total}>
          <span className={s.muted}>Earned, all time</span>
          <span className={s.totalValue}>{formatUsd(e.earned)}</span>
        </div>
        <div className={s.total}>
          <span className={s.muted}>Paid out</span>
          <span className={s.totalValue}>{formatUsd(e.paid_out)}</span>
        </div>
      </div>
      <section className={s.card} aria-labelledby="payout">
        <h2 id="payout">Payout</h2>
        {e.requested > 0 ? (
          <p className={s.notice}>You asked for a payout of {formatUsd(e.requested)}. Geekly pays it soon.</p>
        ) : null}
        {requestable > 0 ? (
          <>
            <p className={s.muted}>Ask Geekly to pay you what it owes you now: {formatUsd(requestable)}.</p>
            <Button
              type="button"
              disabled={request.isPending}
              onClick={() => {
                setMessage(null);
                request.mutate(
                  {},
                  {
                    onSuccess: () => {
                      setMessage({ ok: true, text: `Payout of ${formatUsd(requestable)} requested.` });
                      announce('Payout requested');
                    },
                    onError: (err) =>
                      setMessage({ ok: false, text: err instanceof ApiError ? err.text : 'Unknown error' }),
                  },
                );
              }}
            >
              {request.isPending ? 'Requesting…' : 'Request payout'}
            </Button>
          </>
        ) : e.requested > 0 ? null : (
          <p className={s.muted}>
            Nothing is owed to you right now: earnings count once the student accepts the work.
          </p>
        )}
        {message ? (
          <p role={message.ok ? 'status' : 'alert'} className={message.ok ? s.notice : s.alert}>
            {message.text}
          </p>
        ) : null}
      </section>
      <section className={s.card} aria-labelledby="history">
        <h2 id="history">History</h2>
        {e.results.length === 0 ? (
          <p className={s.muted}>
            No earnings yet. Take a task from the{' '}
            <Link className={s.link} to={WORKSPACE_PATHS.offers}>
              offers
            </Link>
            .
          </p>
        ) : (
          <ul className={s.lines} aria-label="Earnings, tips and payouts">
            {e.results.map((r) => (
              <li key={`${r.kind}-${r.order_id ?? r.reference ?? ''}-${r.at}`}>
                <div className={s.lineMain}>
                  <span>
                    {EARNING_GEEK_LABELS[r.kind]}
                    {r.order_id ? (
                      <>
                        {': '}
                        <Link className={s.link} to={WORKSPACE_PATHS.task(r.order_id)}>
                          #{r.order_number} {r.title}
                        </Link>
                      </>
                    ) : r.reference ? (
                      ` (${r.reference})`
                    ) : null}
                  </span>
                  <span className={s.amount}>{formatUsd(r.amount)}</span>
                </div>
                <div className={s.muted}>
                  {formatWhen(r.at)} · {STATUS[r.status]}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
