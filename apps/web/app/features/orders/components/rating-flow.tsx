import {
  isPositiveMark,
  RATING_LABELS,
  RATING_MESSAGES,
  RATING_TAGS,
  type RatingMark,
  type RatingTag,
} from '@geekly/domain/orders/order-action-schemas.ts';
import type { OrderView } from '@geekly/domain/orders/order-response-schema.ts';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';
import { formatDay } from '../../../lib/format-date.ts';
import { useOrderAction } from '../api/order-action.ts';
import { canAskRefundNow, refundWindowOver } from '../refund-window.ts';
import s from './rating-flow.module.css';

// The spec names the reason tags, not their words; these labels are ours.
export const TAG_LABELS: Record<RatingTag, string> = {
  content: 'Content',
  deadline: 'Deadline',
  plagiarism: 'Plagiarism',
  format: 'Format',
  attentiveness: 'Attentiveness',
  other: 'Other',
};
const MARKS: RatingMark[] = [1, 2, 3, 4, 5];

export type RatingStep = 'rate' | 'sorry';

type Props = {
  order: OrderView;
  /** From the address: 1–5 preselects the stars; 'f' opens the feedback step (docs/product/public-site.md). */
  initialMark: RatingMark | null;
  step: RatingStep;
  onStep: (step: RatingStep) => void;
  onDone: () => void;
};

/**
 * docs/product/statuses-and-state-machine.md "Rating flow": the stars (a radio group: arrows move, as with any radio group), then for a
 * positive mark the thank-you screen whose 'Got it!' submits, for a negative one the reasons and 'Submit
 * Feedback', then the apology screen offering a free revision.
 */
export function RatingFlow({ order, initialMark, step, onStep, onDone }: Props) {
  const [mark, setMark] = useState<RatingMark | null>(initialMark);
  const [tags, setTags] = useState<RatingTag[]>([]);
  const [details, setDetails] = useState('');
  const [tried, setTried] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const action = useOrderAction(order._id);
  const ids = useId();

  const serverError =
    action.error instanceof ApiError ? action.error.text : action.error ? 'Unknown error' : null;
  // docs/product/statuses-and-state-machine.md: a negative mark needs a reason; 'other' needs words.
  const tagsError = tags.length === 0 ? RATING_MESSAGES.tagsRequired : null;
  const detailsError = tags.includes('other') && !details.trim() ? RATING_MESSAGES.detailsRequired : null;
  // docs/product/statuses-and-state-machine.md: the tip button shows when paid and not tipped, and with no pending selection or a positive one.
  const tipShown = order.can.tip && order.writer_info !== null && (mark === null || isPositiveMark(mark));

  if (step === 'sorry') {
    return (
      <div className={s.step}>
        <p className={s.lead}>We are sorry it did not work out</p>
        <p className={s.text}>
          Thank you for telling us. Your Geek can fix it for free: tell us what has to be changed and we will
          make it right.
        </p>
        {order.can.request_revision ? (
          <Link className={s.primaryLink} to={`/order/${order._id}/request-revision`}>
            Request a free revision
          </Link>
        ) : null}
        {canAskRefundNow(order) ? (
          // docs/product/statuses-and-state-machine.md: the refund popup is linked from the negative-rating screen too.
          <Link className={s.refundLink} to={`/order/${order._id}/request-refund`}>
            Request a refund
          </Link>
        ) : refundWindowOver(order) && order.refund_until ? (
          <p className={s.text}>Refunds could be requested until {formatDay(order.refund_until)}</p>
        ) : null}
        <Button type="button" variant="secondary" onClick={onDone}>
          Close
        </Button>
      </div>
    );
  }

  const submit = (after: () => void) => {
    if (mark === null || action.isPending) return;
    if (!isPositiveMark(mark)) {
      setTried(true);
      if (tagsError || detailsError) {
        // The first reason's box when none is chosen, else the details field.
        focusFirstInvalid(formRef.current, 'fieldset[aria-describedby] input, [aria-invalid="true"]');
        return;
      }
    }
    action.mutate(
      {
        action: 'client_feedback',
        mark,
        ...(isPositiveMark(mark) ? {} : { tags, feedback: details.trim() || undefined }),
      },
      { onSuccess: after },
    );
  };

  return (
    <form
      ref={formRef}
      className={s.step}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit(() => (mark !== null && isPositiveMark(mark) ? onDone() : onStep('sorry')));
      }}
    >
      <fieldset className={s.stars}>
        <legend className={s.legend}>How do you like your Geek's work?</legend>
        <div className={s.starRow}>
          {MARKS.map((m) => (
            <label key={m} className={mark !== null && m <= mark ? s.starOn : s.star}>
              <input
                type="radio"
                className="visually-hidden"
                name={`${ids}-mark`}
                value={m}
                checked={mark === m}
                onChange={() => setMark(m)}
              />
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">{`${m} ${m === 1 ? 'star' : 'stars'}: ${RATING_LABELS[m]}`}</span>
            </label>
          ))}
        </div>
        <p className={s.markLabel} aria-live="polite">
          {mark === null ? 'Choose from 1 to 5 stars' : RATING_LABELS[mark]}
        </p>
      </fieldset>

      {mark !== null && isPositiveMark(mark) ? (
        <div className={s.panel}>
          <p className={s.lead}>Thank you!</p>
          <p className={s.text}>We are glad you liked it. Your mark helps your Geek and other students.</p>
          <Button type="submit" busy={action.isPending}>
            Got it!
          </Button>
        </div>
      ) : null}

      {mark !== null && !isPositiveMark(mark) ? (
        <div className={s.panel}>
          <fieldset
            className={s.reasons}
            aria-describedby={tried && tagsError ? `${ids}-tags-error` : undefined}
          >
            <legend className={s.legend}>What went wrong</legend>
            <div className={s.tagRow}>
              {RATING_TAGS.map((tag) => (
                <label key={tag} className={s.tag}>
                  <input
                    type="checkbox"
                    checked={tags.includes(tag)}
                    onChange={(e) =>
                      setTags((old) => (e.target.checked ? [...old, tag] : old.filter((x) => x !== tag)))
                    }
                  />
                  <span>{TAG_LABELS[tag]}</span>
                </label>
              ))}
            </div>
            {tried && tagsError ? (
              <p id={`${ids}-tags-error`} className="form-error" role="alert">
                {tagsError}
              </p>
            ) : null}
          </fieldset>
          <Field
            id={`${ids}-details`}
            label={`Tell us more${tags.includes('other') ? '' : ' (optional)'}`}
            error={tried ? detailsError : null}
          >
            <textarea
              id={`${ids}-details`}
              className={s.textarea}
              rows={3}
              maxLength={5000}
              value={details}
              aria-invalid={tried && detailsError ? true : undefined}
              aria-describedby={tried && detailsError ? `${ids}-details-error` : undefined}
              onChange={(e) => setDetails(e.target.value)}
            />
          </Field>
          <Button type="submit" busy={action.isPending}>
            Submit Feedback
          </Button>
        </div>
      ) : null}

      {serverError ? (
        <p className="form-error" role="alert">
          {serverError}
        </p>
      ) : null}
      {tipShown ? (
        <Link className={s.tip} to={`/order/${order._id}/tips`}>
          Tip your Geek
        </Link>
      ) : null}
    </form>
  );
}
