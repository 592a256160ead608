import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDay } from '../../../lib/format-date.ts';
import type { Order } from '../api/get-order.ts';
import { useOrderAction } from '../api/order-action.ts';
import s from './rating-flow.module.css';

/**
 * Seed 000 §2 "Revision prompts" ('Is everything ok?' with 'Request revision'; 'You requested revision' with
 * 'Show my request'), the way to the rating screen while the task can be rated, and 'Accept the work'
 * (decision 036): the payment is released to the Geek once the student accepts the delivered work.
 */
export function AfterDeliveryPrompts({ order }: { order: Order }) {
  const prompt = order.revision_prompt;
  const accepted = order.client_accept_at !== null;
  if (!prompt && !order.can.rate && !order.can.accept && !accepted) return null;
  const base = `/order/${order._id}`;
  return (
    <section className={s.prompt} aria-label="Your result">
      {prompt ? (
        <p className={s.promptLine}>
          <span>{prompt.text}</span>{' '}
          <Link
            to={prompt.kind === 'requested' ? `${base}/request-revision/preview` : `${base}/request-revision`}
          >
            {prompt.action}
          </Link>
        </p>
      ) : null}
      {order.can.accept ? <AcceptWork order={order} /> : null}
      {accepted && order.client_accept_at ? (
        <p className={s.acceptNote}>You accepted the work on {formatDay(order.client_accept_at)}.</p>
      ) : null}
      {order.can.rate ? (
        <Link to={`${base}/rating`} className={s.primaryLink}>
          Rate your Geek
        </Link>
      ) : null}
    </section>
  );
}

function AcceptWork({ order }: { order: Order }) {
  const action = useOrderAction(order._id);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className={s.accept}>
      <p className={s.acceptNote}>
        Happy with the work? Accepting it releases your payment to the Geek.
        {order.auto_accept_at
          ? ` If you do nothing, it counts as accepted on ${formatDay(order.auto_accept_at)}.`
          : ''}
      </p>
      <Button
        type="button"
        variant="secondary"
        busy={action.isPending}
        disabled={action.isPending}
        onClick={() =>
          action.mutate(
            { action: 'client_accept' },
            {
              onError: (err) => setError(err instanceof ApiError ? err.text : 'Unknown error'),
            },
          )
        }
      >
        Accept the work
      </Button>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
