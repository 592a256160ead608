import { Link } from 'react-router';
import type { Order } from '../api/get-order.ts';
import s from './rating-flow.module.css';

/**
 * Seed 000 §2 "Revision prompts" ('Is everything ok?' with 'Request revision'; 'You requested revision' with
 * 'Show my request'), and the way to the rating screen while the task can be rated.
 */
export function AfterDeliveryPrompts({ order }: { order: Order }) {
  const prompt = order.revision_prompt;
  if (!prompt && !order.can.rate) return null;
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
      {order.can.rate ? (
        <Link to={`${base}/rating`} className={s.primaryLink}>
          Rate your Geek
        </Link>
      ) : null}
    </section>
  );
}
