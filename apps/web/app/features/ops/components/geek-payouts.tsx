import { useState } from 'react';
import { announce } from '../../../lib/announce.ts';
import { type PayoutRequest, usePayoutRequests, useRecordPayout } from '../api/geek-team-queries.ts';
import {
  dollars,
  formatWhen,
  formErrors,
  OpsButton,
  OpsForm,
  OpsFormFooter,
  OpsModal,
  OpsTextField,
  opsStyles as s,
} from './widgets.tsx';

/** The Geeks' open payout requests; an admin records the payout (a ledger entry, never above what is owed). */
export function PayoutRequestsCard({ isAdmin }: { isAdmin: boolean }) {
  const requests = usePayoutRequests();
  const [paying, setPaying] = useState<PayoutRequest | null>(null);
  const open = (requests.data ?? []).filter((r) => r.status === 'open');
  return (
    <section className={s.card} aria-labelledby="payout-requests">
      <h2 id="payout-requests">Payout requests</h2>
      {requests.isError ? (
        <p role="alert" className={s.error}>
          The payout requests could not be loaded.
        </p>
      ) : !requests.data ? (
        <p className={s.muted}>Loading…</p>
      ) : open.length === 0 ? (
        <p className={s.muted}>No Geek is waiting for a payout.</p>
      ) : (
        <ul className={s.list}>
          {open.map((r) => (
            <li key={r._id}>
              <strong>{r.public_full_name}</strong> asks for {dollars(r.amount)}{' '}
              <span className={s.muted}>
                (owed {dollars(r.owed)}, {formatWhen(r.created_at)})
              </span>
              {r.note ? <div className={s.muted}>{r.note}</div> : null}
              {isAdmin ? (
                <div className={s.actions}>
                  <OpsButton
                    onPress={() => setPaying(r)}
                    aria-label={`Record payout to ${r.public_full_name}`}
                  >
                    Record payout
                  </OpsButton>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {!isAdmin ? <p className={s.muted}>Only an admin records payouts.</p> : null}
      {paying ? (
        <RecordPayoutDialog
          geek={{ _id: paying.geek_id, public_full_name: paying.public_full_name }}
          amount={Math.min(paying.amount, paying.owed)}
          onClose={() => setPaying(null)}
        />
      ) : null}
    </section>
  );
}

/** 'Record payout': the money sent to the Geek outside the product, with its transfer reference. */
export function RecordPayoutDialog(props: {
  geek: { _id: string; public_full_name: string };
  amount?: number;
  onClose: () => void;
}) {
  const record = useRecordPayout();
  const [amount, setAmount] = useState(props.amount ? props.amount.toFixed(2) : '');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <OpsModal
      title={`Record a payout to ${props.geek.public_full_name}`}
      isOpen
      onOpenChange={(open) => !open && props.onClose()}
    >
      <OpsForm
        errors={errors}
        onSubmit={(e) => {
          e.preventDefault();
          const value = Number(amount);
          if (!(value > 0)) return setErrors({ amount: 'Enter the amount paid, in dollars' });
          setErrors({});
          record.mutate(
            { geek_id: props.geek._id, amount: value, reference },
            {
              onSuccess: () => {
                announce('Payout recorded');
                props.onClose();
              },
              onError: (err) => setErrors(formErrors(err)),
            },
          );
        }}
      >
        <OpsTextField
          label="Amount, USD"
          name="amount"
          value={amount}
          onChange={setAmount}
          error={errors.amount}
          autoFocus
        />
        <OpsTextField
          label="Transfer reference"
          name="reference"
          value={reference}
          onChange={setReference}
          error={errors.reference}
        />
        <OpsFormFooter
          error={errors.form ?? errors.geek_id}
          submitLabel="Record payout"
          busy={record.isPending}
          onCancel={props.onClose}
        />
      </OpsForm>
    </OpsModal>
  );
}
