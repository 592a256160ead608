import { useEffect, useState } from 'react';
import { onAnnounce } from '../lib/announce.ts';

/** The one polite live region (lib/announce.ts). Rendered by the client and back-office layouts. */
export function LiveAnnouncer() {
  const [message, setMessage] = useState('');
  useEffect(
    () =>
      onAnnounce((next) => {
        // Emptied first so the same words said twice are announced twice.
        setMessage('');
        window.setTimeout(() => setMessage(next), 50);
      }),
    [],
  );
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className="visually-hidden"
      data-testid="announcer"
    >
      {message}
    </div>
  );
}
