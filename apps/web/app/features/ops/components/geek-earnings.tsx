import { EARNING_STAFF_LABELS } from '@geekly/domain/payments/ledger-vocabulary.ts';
import { useState } from 'react';
import { Form } from 'react-aria-components';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { downloadPayoutReport, useGeekEarningHistory } from '../api/geek-team-queries.ts';
import { dollars, formatWhen, OpsButton, OpsModal, OpsTextField, opsStyles as s } from './widgets.tsx';

/** One Geek's earnings from accepted tasks and tips, newest first (decision 036). */
export function GeekEarningsDialog(props: {
  geek: { _id: string; public_full_name: string };
  onClose: () => void;
}) {
  const { geek, onClose } = props;
  const history = useGeekEarningHistory(geek._id);
  return (
    <OpsModal
      title={`Earnings of ${geek.public_full_name}`}
      isOpen
      onOpenChange={(open) => !open && onClose()}
    >
      {history.isPending ? <p className={s.muted}>Loading…</p> : null}
      {history.isError ? (
        <p className={s.error} role="alert">
          {history.error.message}
        </p>
      ) : null}
      {history.data ? (
        <>
          <p>
            Total earned: <strong>{dollars(history.data.total)}</strong> (nothing is paid out by the product)
          </p>
          {history.data.lines.length === 0 ? (
            <p className={s.muted}>No accepted task or tip yet.</p>
          ) : (
            <div className={s.tableWrap}>
              <table className={s.table}>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Task</th>
                    <th scope="col">Kind</th>
                    <th scope="col">Amount</th>
                  </tr>
                </thead>
                <tbody>
                  {history.data.lines.map((l) => (
                    <tr key={`${l.created_at}-${l.order_id}-${l.kind}`}>
                      <td>{formatWhen(l.created_at)}</td>
                      <td>
                        {l.order_id ? (
                          <Link to={`/ops/orders/${l.order_id}`}>
                            #{l.order_number} {l.title}
                          </Link>
                        ) : (
                          '—'
                        )}
                      </td>
                      <td>{EARNING_STAFF_LABELS[l.kind]}</td>
                      <td>{dollars(l.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}
      <div className={s.toolbar}>
        <OpsButton onPress={onClose}>Close</OpsButton>
      </div>
    </OpsModal>
  );
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The payout report for a period of whole UTC days (this month so far by default), downloaded as CSV. */
export function PayoutReportForm() {
  const today = new Date();
  const [from, setFrom] = useState(
    isoDay(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1))),
  );
  const [to, setTo] = useState(isoDay(today));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Form
      className={s.toolbar}
      aria-label="Payout report"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        try {
          await downloadPayoutReport(from, to);
        } catch (err) {
          setError(
            err instanceof ApiError
              ? (Object.values(err.fieldErrors)[0] ?? err.text)
              : 'The report could not be downloaded',
          );
        } finally {
          setBusy(false);
        }
      }}
    >
      <OpsTextField label="From" type="date" value={from} onChange={setFrom} />
      <OpsTextField label="To" type="date" value={to} onChange={setTo} />
      <OpsButton type="submit" isDisabled={busy}>
        Download payout report (CSV)
      </OpsButton>
      {error ? (
        <span className={s.error} role="alert">
          {error}
        </span>
      ) : null}
    </Form>
  );
}
