import { useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useRefund } from '../api/ops-queries.ts';
import {
  dollars,
  formErrors,
  OpsButton,
  OpsForm,
  OpsFormFooter,
  OpsModal,
  OpsTextField,
  opsStyles as s,
} from './widgets.tsx';

/** A partial refund: at most what is paid and not yet refunded (the server checks it under the task's lock). */
export function RefundDialog({ orderId, refundable }: { orderId: string; refundable: number }) {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [to, setTo] = useState<'balance' | 'card'>('balance');
  const [memo, setMemo] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refund = useRefund(orderId);
  return (
    <>
      <OpsButton variant="secondary" isDisabled={refundable <= 0} onPress={() => setOpen(true)}>
        Partial refund
      </OpsButton>
      <OpsModal title="Partial refund" isOpen={open} onOpenChange={setOpen}>
        <p className={s.muted}>Paid and not yet refunded: {dollars(refundable)}</p>
        <OpsForm
          errors={errors}
          onSubmit={(e) => {
            e.preventDefault();
            setErrors({});
            refund.mutate(
              { amount, to, memo },
              {
                onSuccess: () => {
                  setOpen(false);
                  setAmount('');
                  setMemo('');
                },
                onError: (err) => setErrors(formErrors(err)),
              },
            );
          }}
        >
          <OpsTextField
            label="Amount, $"
            name="amount"
            value={amount}
            onChange={setAmount}
            error={errors.amount}
            autoFocus
          />
          <RadioGroup value={to} onChange={(v) => setTo(v as 'balance' | 'card')} className={s.field}>
            <Label>Refund to</Label>
            <div className={s.radios}>
              <Radio value="balance" className={s.radio}>
                Balance
              </Radio>
              <Radio value="card" className={s.radio}>
                Card
              </Radio>
            </div>
          </RadioGroup>
          <OpsTextField
            label="Reason"
            name="memo"
            value={memo}
            onChange={setMemo}
            multiline
            error={errors.memo}
          />
          <OpsFormFooter
            error={errors.form}
            submitLabel="Refund"
            busy={refund.isPending}
            onCancel={() => setOpen(false)}
          />
        </OpsForm>
      </OpsModal>
    </>
  );
}
