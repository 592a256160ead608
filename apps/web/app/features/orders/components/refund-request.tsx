import {
  DEFAULT_REFUND_DESTINATION,
  REFUND_REASON_LABELS,
  REFUND_REASONS,
  type RefundDestination,
  type RefundReason,
  refundComment,
  refundFormSchema,
} from '@geekly/domain/orders/order-action-schemas.ts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';
import { formatDay } from '../../../lib/format-date.ts';
import { useOrderAction } from '../api/order-action.ts';
import s from './refund-request.module.css';

export type RefundStep = 'reason' | 'destination' | 'sent';

type Props = {
  orderId: string;
  /** The end of the 60-day refund window (decision 036); null before the work was delivered. */
  refundUntil: string | null;
  step: RefundStep;
  onStep: (step: RefundStep) => void;
  onDone: () => void;
};

// docs/product/payments-and-ledger.md: balance refunds are immediate but balance money is not refundable to a card; card refunds take
// 3-5 business days after the review.
const DESTINATIONS: Record<RefundDestination, { label: string; hint: string }> = {
  balance: {
    label: 'To my Geekly balance',
    hint: 'As soon as we accept your request. You can use it to pay for our services.',
  },
  card: {
    label: 'To my card',
    hint: '3-5 business days after we accept your request. What you paid from your balance goes back to your balance.',
  },
};

/**
 * docs/product/statuses-and-state-machine.md refund popup: step 1 the reason ('other' needs a message; the button stays disabled until
 * the form is valid), step 2 the destination (balance by default), then the success screen. The comment is
 * the domain's refundComment ('{destination} - {message or reason}').
 */
export function RefundRequest({ orderId, refundUntil, step, onStep, onDone }: Props) {
  const [reason, setReason] = useState<RefundReason | null>(null);
  const [message, setMessage] = useState('');
  const [destination, setDestination] = useState<RefundDestination>(DEFAULT_REFUND_DESTINATION);
  // Next pressed while the form is incomplete: its errors show, tied to their fields.
  const [tried, setTried] = useState(false);
  const action = useOrderAction(orderId);
  const ids = useId();
  const form = refundFormSchema.safeParse({ reason: reason ?? undefined, message, destination });
  const issue = (field: 'reason' | 'message') =>
    tried && !form.success ? (form.error.issues.find((i) => i.path[0] === field)?.message ?? null) : null;
  const reasonError = issue('reason');
  const messageError = issue('message');
  const error = action.error instanceof ApiError ? action.error.text : action.error ? 'Unknown error' : null;

  if (step === 'sent') {
    return (
      <div className={s.step}>
        <p className={s.lead}>We will review your request in 3-5 business days.</p>
        <p className={s.text}>
          {destination === 'balance'
            ? 'Once it is accepted, the money appears on your balance at once.'
            : 'Once it is accepted, the card refund takes 3-5 business days.'}
        </p>
        <Button type="button" onClick={onDone}>
          Back to the task
        </Button>
      </div>
    );
  }

  const policy = (
    <p className={s.text}>
      {refundUntil ? (
        <>
          You can request a refund until <strong>{formatDay(refundUntil)}</strong> (60 days after the task was
          completed).{' '}
        </>
      ) : null}
      Read our <Link to="/refund-policy">refund policy</Link>.
    </p>
  );

  if (step === 'reason') {
    return (
      <form
        className={s.step}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (form.success) return onStep('destination');
          setTried(true);
          // No reason: the first reason's button; 'Other reason' without words: the message.
          focusFirstInvalid(e.currentTarget, 'fieldset[aria-describedby] input, [aria-invalid="true"]');
        }}
      >
        <fieldset className={s.group} aria-describedby={reasonError ? `${ids}-reason-error` : undefined}>
          <legend className={s.legend}>Why do you want a refund?</legend>
          {REFUND_REASONS.map((r) => (
            <label key={r} className={s.option}>
              <input
                type="radio"
                name={`${ids}-reason`}
                checked={reason === r}
                onChange={() => setReason(r)}
              />
              <span>{REFUND_REASON_LABELS[r]}</span>
            </label>
          ))}
          {reasonError ? (
            <p id={`${ids}-reason-error`} className="form-error" role="alert">
              {reasonError}
            </p>
          ) : null}
        </fieldset>
        <div className={s.field}>
          <label htmlFor={`${ids}-message`} className={s.label}>
            {reason === 'other' ? 'Tell us what went wrong' : 'Tell us more (optional)'}
          </label>
          <textarea
            id={`${ids}-message`}
            className={s.textarea}
            rows={4}
            maxLength={5000}
            value={message}
            required={reason === 'other'}
            aria-invalid={messageError ? true : undefined}
            aria-describedby={messageError ? `${ids}-message-error` : undefined}
            onChange={(e) => setMessage(e.target.value)}
          />
          {messageError ? (
            <p id={`${ids}-message-error`} className="form-error" role="alert">
              {messageError}
            </p>
          ) : null}
        </div>
        {policy}
        {/* docs/product/statuses-and-state-machine.md: disabled until the form is valid. aria-disabled rather than disabled, so the keyboard
            still reaches it and pressing it shows what is missing. */}
        <Button type="submit" aria-disabled={!form.success || undefined}>
          Next
        </Button>
      </form>
    );
  }

  return (
    <form
      className={s.step}
      onSubmit={(e) => {
        e.preventDefault();
        if (!form.success || action.isPending) return;
        action.mutate(
          { action: 'client_refund', comment: refundComment(form.data), refund_to: form.data.destination },
          { onSuccess: () => onStep('sent') },
        );
      }}
    >
      <fieldset className={s.group}>
        <legend className={s.legend}>Where should we send your money?</legend>
        {(Object.keys(DESTINATIONS) as RefundDestination[]).map((dest) => (
          <label key={dest} className={s.option}>
            <input
              type="radio"
              name={`${ids}-destination`}
              checked={destination === dest}
              aria-describedby={`${ids}-${dest}-hint`}
              onChange={() => setDestination(dest)}
            />
            <span className={s.optionText}>
              <span>{DESTINATIONS[dest].label}</span>
              <span id={`${ids}-${dest}-hint`} className={s.hint}>
                {DESTINATIONS[dest].hint}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {policy}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className={s.actions}>
        <button type="button" className={s.back} onClick={() => onStep('reason')}>
          Back
        </button>
        <Button type="submit" busy={action.isPending} disabled={!form.success || action.isPending}>
          Send request
        </Button>
      </div>
    </form>
  );
}
