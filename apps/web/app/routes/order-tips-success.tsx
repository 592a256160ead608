import { parseTopUpAmount } from '@geekly/domain/payments/amount-schemas.ts';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '../components/button.tsx';
import d from '../components/dialog.module.css';
import { Dialog } from '../components/dialog.tsx';
import { usePaymentSettlement } from '../features/payments/api/get-payment.ts';
import { SettlementStatus } from '../features/payments/components/settlement-status.tsx';
import { formatUsd } from '../lib/format-money.ts';

export function meta() {
  return [{ title: 'Thank you! — Geekly' }];
}

/** Seed 000 §2 '/order/{id}/tips-success/{amount}': the thank-you after a tip (the seed shows no content). */
export default function OrderTipsSuccessRoute() {
  const { orderId = '', amount = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const payment = usePaymentSettlement(search.get('payment_id'));
  const parsed = parseTopUpAmount(amount);
  const back = () => navigate(`/order/${encodeURIComponent(orderId)}`, { replace: true });
  return (
    <Dialog title="Thank you!" onClose={back}>
      <p className={d.text}>
        {parsed.ok
          ? `Your tip of ${formatUsd(parsed.cents / 100)} goes to your Geek.`
          : 'Your tip goes to your Geek.'}{' '}
        We will let them know you appreciated their work.
      </p>
      <SettlementStatus payment={payment.data} />
      <Button type="button" onClick={back}>
        Back to the task
      </Button>
    </Dialog>
  );
}
