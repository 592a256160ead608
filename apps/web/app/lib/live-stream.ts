import type { LiveEvent } from '@geekly/domain/chat/message-schemas.ts';
import { readText, writeText } from './local-store.ts';

const CHANNEL = 'geekly-live';
const LOCK = 'geekly-live-stream';
const LAST_ID_KEY = 'geekly.live.lastEventId';
/** The server sends a ping every 20 s; a stream silent for longer is dead (a sleeping laptop, a proxy). */
const SILENCE_MS = 50_000;

type Broadcast = { kind: 'event'; event: LiveEvent } | { kind: 'refetch' };
type LiveHandlers = { onEvent: (e: LiveEvent) => void; onRefetch: () => void };

let leader = false;
/** Whether this tab holds the shared stream (it alone plays the new-message sound). */
export const isLiveLeader = () => leader;

/**
 * One stream per browser, shared by its tabs (decision 019): the tab holding a Web Lock opens the EventSource
 * and passes each event to the others over a BroadcastChannel; when it closes, the next tab takes the lock and
 * resumes from the last event id the tabs share in local storage (the server replays, or says 'resync').
 */
export function startLiveStream(handlers: LiveHandlers): () => void {
  const hasLocks = typeof navigator !== 'undefined' && 'locks' in navigator;
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  const stop = new AbortController();
  if (channel) {
    channel.onmessage = (m: MessageEvent<Broadcast>) => {
      if (m.data.kind === 'event') handlers.onEvent(m.data.event);
      else handlers.onRefetch();
    };
  }
  const share = (b: Broadcast) => channel?.postMessage(b);

  const lead = () =>
    new Promise<void>((release) => {
      leader = true;
      let source: EventSource | null = null;
      let lastHeard = Date.now();
      const remember = (e: MessageEvent) => {
        lastHeard = Date.now();
        if (e.lastEventId) writeText(LAST_ID_KEY, e.lastEventId);
      };
      const open = () => {
        source?.close();
        const last = readText(LAST_ID_KEY);
        source = new EventSource(`/api/v3/events${last ? `?last_event_id=${encodeURIComponent(last)}` : ''}`);
        source.onmessage = (e) => {
          remember(e);
          const event = JSON.parse(e.data) as LiveEvent;
          handlers.onEvent(event);
          share({ kind: 'event', event });
        };
        source.addEventListener('ready', (e) => remember(e as MessageEvent));
        source.addEventListener('ping', (e) => {
          lastHeard = Date.now();
          void e;
        });
        source.addEventListener('resync', (e) => {
          remember(e as MessageEvent);
          handlers.onRefetch();
          share({ kind: 'refetch' });
        });
      };
      open();
      // A stream that went quiet (sleep, a dropped connection the browser did not notice) is opened again,
      // from the last id: the server replays the gap or answers 'resync'.
      const watchdog = setInterval(() => {
        if (Date.now() - lastHeard > SILENCE_MS) {
          lastHeard = Date.now();
          open();
        }
      }, 5000);
      stop.signal.addEventListener('abort', () => {
        clearInterval(watchdog);
        source?.close();
        leader = false;
        release();
      });
    });

  if (hasLocks && channel) {
    navigator.locks.request(LOCK, { signal: stop.signal }, lead).catch(() => {});
  } else {
    void lead();
  }
  return () => {
    stop.abort();
    channel?.close();
  };
}
