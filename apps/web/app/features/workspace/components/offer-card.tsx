import type { WorkspaceOffer } from '@geekly/domain/workspace/workspace-contract.ts';
import { Button } from '../../../components/button.tsx';
import { formatUsd } from '../../../lib/format-money.ts';
import { ADD_ON_LABELS } from './add-ons.ts';
import { formatWhen, isUrgent, timeLeft } from './time-left.ts';
import s from './workspace.module.css';

/** One offer: what the work is, when it is due, what the Geek is paid, and 'Take task'. */
export function OfferCard(props: { offer: WorkspaceOffer; now: number; busy: boolean; onTake: () => void }) {
  const o = props.offer;
  const titleId = `offer-${o._id}`;
  return (
    <article className={s.offerCard} aria-labelledby={titleId}>
      <div className={s.spread}>
        <h2 id={titleId}>{o.title}</h2>
        <span className={s.pay}>
          <span className="visually-hidden">Your pay: </span>
          {formatUsd(o.geek_pay)}
        </span>
      </div>
      <dl className={s.facts}>
        <dt>Task</dt>
        <dd>#{o.number}</dd>
        <dt>Course</dt>
        <dd>{o.subject}</dd>
        <dt>Type</dt>
        <dd>{o.request_type ?? 'Not given'}</dd>
        <dt>Pages</dt>
        <dd>
          {o.size}
          {o.spacing ? `, ${o.spacing}` : ''}
        </dd>
        <dt>Level</dt>
        <dd>{o.level}</dd>
        <dt>Deadline</dt>
        <dd>
          {formatWhen(o.deadline)}{' '}
          <span className={isUrgent(o.deadline, props.now) ? s.badgeWarn : s.badge}>
            {timeLeft(o.deadline, props.now)}
          </span>
        </dd>
      </dl>
      {o.add_ons.length || o.reserved_for_you ? (
        <ul className={s.plainList} aria-label="Add-ons">
          {o.reserved_for_you ? <li className={s.badgeOk}>The student chose you</li> : null}
          {o.add_ons
            .filter((a) => a !== 'client_recomended_writer')
            .map((a) => (
              <li key={a} className={s.badge}>
                {ADD_ON_LABELS[a]}
              </li>
            ))}
        </ul>
      ) : null}
      <Button type="button" onClick={props.onTake} disabled={props.busy} aria-describedby={titleId}>
        {props.busy ? 'Taking…' : 'Take task'}
      </Button>
    </article>
  );
}
