import { type GeekView, timeOnPlatform } from '@geekly/domain/geeks/geek-schemas.ts';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useGeekAction } from '../api/geeks.ts';
import s from './geek-card.module.css';

/** The honest figures of decision 023: real marks, real delivered tasks, real time on Geekly. */
export function GeekFigures({ geek }: { geek: GeekView }) {
  const n = geek.profile_completed_orders_count;
  return (
    <dl className={s.figures}>
      <div>
        <dt>Rating</dt>
        <dd>
          {geek.profile_client_last_avg === null
            ? 'No marks yet'
            : `★ ${geek.profile_client_last_avg.toFixed(1)}`}
        </dd>
      </div>
      <div>
        <dt>Completed</dt>
        <dd>{`${n} ${n === 1 ? 'task' : 'tasks'}`}</dd>
      </div>
      <div>
        <dt>On Geekly</dt>
        <dd>{timeOnPlatform(new Date(geek.created_at), new Date())}</dd>
      </div>
    </dl>
  );
}

/** Whether the Geek is on Geekly now (the API's `online`): a dot and a word, never the colour alone. */
export function OnlineStatus({ online }: { online: boolean }) {
  return (
    <p className={online ? s.online : s.offline} data-testid="geek-online">
      <span className={s.dot} aria-hidden="true" />
      {online ? 'Online' : 'Offline'}
    </p>
  );
}

/** Favourite (a toggle button) and Block / Unblock. */
export function GeekActions({ geek }: { geek: GeekView }) {
  const action = useGeekAction(geek._id);
  const busy = action.isPending;
  const error = action.error instanceof ApiError ? action.error.text : action.error ? 'Unknown error' : null;
  return (
    <div className={s.actions}>
      <button
        type="button"
        className={geek.writer_faved ? s.faved : s.action}
        aria-pressed={geek.writer_faved}
        aria-disabled={busy || undefined}
        onClick={() => !busy && action.mutate(geek.writer_faved ? 'unfave' : 'fave')}
      >
        <span aria-hidden="true">{geek.writer_faved ? '♥' : '♡'}</span> Favourite
      </button>
      <button
        type="button"
        className={s.action}
        aria-disabled={busy || undefined}
        onClick={() => !busy && action.mutate(geek.writer_blocked ? 'unblock' : 'block')}
      >
        {geek.writer_blocked ? 'Unblock' : 'Block'}
      </button>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function GeekCard({ geek }: { geek: GeekView }) {
  return (
    <article className={s.card} aria-labelledby={`geek-${geek._id}`}>
      <div className={s.head}>
        <span className={s.avatar} aria-hidden="true">
          {geek.public_full_name.slice(0, 1)}
        </span>
        <div>
          <h2 id={`geek-${geek._id}`} className={s.name}>
            <Link to={`/geek/${geek._id}`}>{geek.public_full_name}</Link>
          </h2>
          <p className={s.major}>{geek.major}</p>
          <OnlineStatus online={geek.online} />
        </div>
      </div>
      <GeekFigures geek={geek} />
      <GeekActions geek={geek} />
    </article>
  );
}
