import { useEffect, useState } from 'react';
import { useMe } from '../../../lib/current-user.ts';
import { hasSessionHint } from '../../../lib/session-hint.ts';

/**
 * Whether the visitor was already signed in when the page opened: 'pending' while their session is being
 * checked (only when the session hint cookie says there may be one, so a visitor waits for nothing). Decided
 * once: logging in on the page afterwards does not change it (the log-in decides where to go then).
 */
export function useSignedInAtOpen(): 'pending' | 'signed-in' | 'visitor' {
  const me = useMe();
  const [answer, setAnswer] = useState<'pending' | 'signed-in' | 'visitor'>(() =>
    hasSessionHint() ? 'pending' : 'visitor',
  );
  useEffect(() => {
    if (answer === 'pending' && !me.isPending) setAnswer(me.data ? 'signed-in' : 'visitor');
  }, [answer, me.isPending, me.data]);
  return answer;
}
