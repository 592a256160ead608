import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../lib/api-client.ts';
import s from '../routes/status-page.module.css';
import { Button } from './button.tsx';

const TROUBLE =
  "Sorry! We are experiencing technical difficulties, but we're already working on it. Please try again in a few minutes.";

/** What a mailed link's page needs of its call (a react-query mutation taking the link's token). */
type LinkCall<T> = {
  mutate: (token: string) => void;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
};

/**
 * The page behind a link mailed to the student (confirm an e-mail, undo its change, set a password, delete the
 * account): it says what the link does and acts only when the button is pressed, so a mail scanner that opens the
 * link changes nothing. A link the server refuses (spent, expired: `refusedStatuses`) shows the server's words
 * and where to go instead; any other failure, the general apology.
 */
export function MailedLinkPage<T>(props: {
  token: string;
  call: LinkCall<T>;
  title: string;
  intro: ReactNode;
  action: string;
  /** The server's words for a refused link, as the page says them. */
  refusal?: (serverWords: string) => string;
  refusedStatuses?: readonly number[];
  /** Where a refused link leads. */
  instead: { to: string; label: string };
  done: (data: T) => { title: string; text: ReactNode; next: ReactNode };
}) {
  const { call, refusedStatuses = [404] } = props;
  const refused =
    call.error instanceof ApiError && refusedStatuses.includes(call.error.status) ? call.error.text : null;

  if (call.isSuccess) {
    // A call that answers 204 has no data: its `done` reads none.
    const done = props.done(call.data as T);
    return (
      <main className={s.page}>
        <h1 className={s.title}>{done.title}</h1>
        <p className={s.text} role="status">
          {done.text}
        </p>
        {done.next}
      </main>
    );
  }
  return (
    <main className={s.page}>
      <h1 className={s.title}>{props.title}</h1>
      <p className={s.text}>{props.intro}</p>
      {refused || call.isError ? (
        <p className={s.popupStatus} role="alert">
          {refused ? (props.refusal ?? ((words) => words))(refused) : TROUBLE}
        </p>
      ) : null}
      {refused ? (
        <Link className={s.button} to={props.instead.to}>
          {props.instead.label}
        </Link>
      ) : (
        <Button type="button" busy={call.isPending} onClick={() => call.mutate(props.token)}>
          {props.action}
        </Button>
      )}
    </main>
  );
}

/** The link to the next page after a mailed link did its work. */
export function NextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link className={s.button} to={to}>
      {children}
    </Link>
  );
}
