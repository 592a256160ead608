import {
  RATING_LABELS,
  type RatingMark,
  type RatingTag,
} from '@geekly/domain/orders/order-action-schemas.ts';
import type { OrderView } from '@geekly/domain/orders/order-response-schema.ts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDay } from '../../../lib/format-date.ts';
import { useOrderAction } from '../api/order-action.ts';
import s from './rating-flow.module.css';
import { TAG_LABELS } from './rating-flow.tsx';

/**
 * docs/product/statuses-and-state-machine.md "Revision prompts" ('Is everything ok?' with 'Request revision'; 'You requested revision' with
 * 'Show my request'), the way to the rating screen while the task can be rated, and 'Accept the work'
 * (decision 036): the payment is released to the Geek once the student accepts the delivered work.
 */
export function AfterDeliveryPrompts({ order }: { order: OrderView }) {
  const prompt = order.revision_prompt;
  const accepted = order.client_accept_at !== null;
  const rated = order.mark > 0;
  if (!prompt && !order.can.rate && !order.can.accept && !accepted && !rated) return null;
  const base = `/order/${order._id}`;
  return (
    <section className={s.prompt} aria-label="Your result">
      <YourRating order={order} />
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

/**
 * docs/product/statuses-and-state-machine.md rules 7 and 10 ('rated' / 'not rated yet'): the student's own mark, and their review behind
 * 'Show my review'; before a mark, 'Not rated yet' (the 'Rate your Geek' link opens the rating).
 */
function YourRating({ order }: { order: OrderView }) {
  if (order.mark > 0) {
    const mark = order.mark as RatingMark;
    const hasReview = Boolean(order.feedback) || order.feedback_tags.length > 0;
    return (
      <>
        <p className={s.rating}>
          Your rating:{' '}
          <span className={s.markStars} aria-hidden="true">
            {'★'.repeat(mark)}
            {'☆'.repeat(5 - mark)}
          </span>{' '}
          {mark} of 5 · {RATING_LABELS[mark]}
        </p>
        {hasReview ? (
          <details className={s.review}>
            <summary>Show my review</summary>
            {order.feedback_tags.length > 0 ? (
              <p>
                What went wrong: {order.feedback_tags.map((t) => TAG_LABELS[t as RatingTag] ?? t).join(', ')}
              </p>
            ) : null}
            {order.feedback ? <p>{order.feedback}</p> : null}
          </details>
        ) : null}
      </>
    );
  }
  if (!order.can.rate) return null;
  return <p className={s.rating}>Not rated yet</p>;
}

function AcceptWork({ order }: { order: OrderView }) {
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
