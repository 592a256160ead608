import type { PaymentStatus } from '@geekly/domain/payments/pay-schemas.ts';
import { TASK_PAYMENT_RECEIVED } from '@geekly/domain/payments/payment-received.ts';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import s from './payment-return.module.css';
import { SettlementStatus } from './settlement-status.tsx';

type Props = {
  /** docs/product/payments-and-ledger.md: the list's short popup, or the task's; 'balance' is the task's adapted to a top-up. */
  variant: 'list' | 'task' | 'balance';
  orderId?: string;
  payment: PaymentStatus | undefined;
  onClose: () => void;
  onGoToList: () => void;
};

/** docs/product/payments-and-ledger.md "Payment success popup", on the list, on a task, and after a top-up. */
export function PaymentSuccessDialog({ variant, orderId, payment, onClose, onGoToList }: Props) {
  if (variant === 'list') {
    return (
      <Dialog title="Thank you!" onClose={onClose}>
        <div className={s.message}>
          <span className={s.iconSuccess} aria-hidden="true">
            ✓
          </span>
          <p className={s.lead}>Your payment was successful.</p>
          <SettlementStatus payment={payment} />
          <div className={s.actions}>
            <Button type="button" onClick={onGoToList}>
              Go to the task list
            </Button>
          </div>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog title="Your payment was successful!" onClose={onClose}>
      <div className={s.message}>
        <span className={s.iconSuccess} aria-hidden="true">
          ✓
        </span>
        {variant === 'task' ? (
          <>
            <p className={s.lead}>{TASK_PAYMENT_RECEIVED.lead}</p>
            <p className={s.text}>{TASK_PAYMENT_RECEIVED.text}</p>
          </>
        ) : (
          <>
            <p className={s.lead}>We received your payment</p>
            <p className={s.text}>The money is on your balance. You can use it to pay for our services.</p>
          </>
        )}
        <SettlementStatus payment={payment} />
        <div className={s.actions}>
          <Button type="button" onClick={onGoToList}>
            Go to the task list
          </Button>
          {variant === 'task' && orderId ? (
            <Link className={s.textLink} to={`/order/${encodeURIComponent(orderId)}`}>
              View my task
            </Link>
          ) : (
            <Link className={s.textLink} to="/balance">
              View my balance
            </Link>
          )}
        </div>
      </div>
    </Dialog>
  );
}
