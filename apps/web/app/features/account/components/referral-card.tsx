import { formatDollars } from '@geekly/domain/money.ts';
import { REFERRAL_BONUS_CENTS } from '@geekly/domain/payments/rewards.ts';
import type { Referral } from '@geekly/domain/referral/referral-contract.ts';
import { useId, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { formatUsd } from '../../../lib/format-money.ts';
import s from './account.module.css';

/** /referral (docs/product/account.md, docs/product/http-api.md GET /referral): the share link, the real figures and the rules. */
export function ReferralCard({ referral }: { referral: Referral }) {
  const linkId = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const bonus = formatDollars(REFERRAL_BONUS_CENTS);

  async function copy() {
    try {
      await navigator.clipboard.writeText(referral.link);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <>
      <section className={s.card} aria-labelledby={`${linkId}-h`}>
        <h2 id={`${linkId}-h`} className={s.cardTitle}>
          Your invite link
        </h2>
        <p className={s.note}>
          Your code: <strong data-testid="referral-code">{referral.referral_code}</strong>
        </p>
        <div className={s.linkRow}>
          <label htmlFor={linkId} className="visually-hidden">
            Invite link
          </label>
          <input
            id={linkId}
            className={s.readOnly}
            value={referral.link}
            readOnly
            onFocus={(e) => e.target.select()}
          />
          <Button type="button" onClick={() => void copy()}>
            Copy link
          </Button>
        </div>
        <p className={s.note} role="status">
          {copied === 'yes' ? 'Link copied' : copied === 'failed' ? 'Select the link and copy it' : ''}
        </p>
      </section>

      <section className={s.card} aria-label="Your referral figures">
        <dl className={s.figures}>
          <div className={s.figure}>
            <dt>Friends signed up</dt>
            <dd data-testid="referral-count">{referral.count}</dd>
          </div>
          <div className={s.figure}>
            <dt>Friends with a paid task</dt>
            <dd data-testid="referral-count-with-orders">{referral.count_with_orders}</dd>
          </div>
          <div className={s.figure}>
            <dt>Bonus earned</dt>
            <dd data-testid="referral-earn">{formatUsd(referral.earn)}</dd>
          </div>
        </dl>
      </section>

      <section className={s.card} aria-labelledby={`${linkId}-rules`}>
        <h2 id={`${linkId}-rules`} className={s.cardTitle}>
          How it works
        </h2>
        <ol className={s.rules}>
          <li>Send your link to a friend. It opens Geekly's sign-up with your code.</li>
          <li>
            Your friend signs up through the link, confirms their phone number by SMS, pays for a task in full
            and receives it from their Geek.
          </li>
          <li>
            You get {bonus} on your Geekly balance, once for each friend. Use it to pay for your own tasks.
          </li>
          <li>
            A second account does not count: no bonus is paid for a friend whose email inbox is yours, or who
            shares a payment card, a browser or a phone number with you or with another friend you invited. If
            that task is refunded, the bonus comes off your balance again, as far as the balance allows.
          </li>
        </ol>
      </section>
    </>
  );
}
