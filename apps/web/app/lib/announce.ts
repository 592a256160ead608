/**
 * One polite live region for the signed-in app and the back office (issue 27): async outcomes (saved, payment
 * received, message sent, upload finished or failed, task status changed live) are said here, once, without
 * moving focus. components/live-announcer.tsx renders the region; anything may call announce().
 */
type Listener = (message: string) => void;

let listener: Listener | null = null;
let pending: string | null = null;

/** Says `message` politely to screen-reader users. Said again when repeated (the region is cleared first). */
export function announce(message: string) {
  if (listener) listener(message);
  else pending = message;
}

/** The live region's side: one listener at a time (the layouts never show two regions). */
export function onAnnounce(next: Listener): () => void {
  listener = next;
  if (pending !== null) {
    next(pending);
    pending = null;
  }
  return () => {
    if (listener === next) listener = null;
  };
}
