// The event stream of an area signed in with a bearer token: the back office's and the Geek's workspace's.

/** The server pings every 20 s; a stream silent for longer is dead (a sleeping laptop, a proxy). */
const SILENCE_MS = 50_000;
const RETRY_MS = 3_000;

/** What a stream passes on: one event, or 'everything may be stale' (a new stream, or a gap too old to replay). */
type StreamNews<E> = { kind: 'event'; event: E } | { kind: 'refetch' };
type Frame = { id?: string; event?: string; data?: string };

/** Splits a Server-Sent Events text stream into frames (the fields this stream uses: id, event, data). */
function* frames(buffer: { text: string }): Generator<Frame> {
  for (let end = buffer.text.indexOf('\n\n'); end >= 0; end = buffer.text.indexOf('\n\n')) {
    const block = buffer.text.slice(0, end);
    buffer.text = buffer.text.slice(end + 2);
    const f: Frame = {};
    for (const line of block.split('\n')) {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      const key = line.slice(0, colon);
      const value = line.slice(colon + 1).replace(/^ /, '');
      if (key === 'id' || key === 'event' || key === 'data') f[key] = value;
    }
    if (f.data !== undefined || f.event !== undefined) yield f;
  }
}

type BearerStreamOptions = {
  /** The stream's address under /api/v3. */
  path: string;
  /** The BroadcastChannel and Web Lock names the area's tabs share. */
  channel: string;
  lock: string;
  /** The area's token, read at each (re)connect. */
  token: () => string | null;
  /** The server refused `token` (401): the area's session has ended. */
  onRefused: (token: string) => void;
};

/**
 * Reads an event stream with fetch, so the bearer token goes in the Authorization header (EventSource cannot send
 * one, and a token in the address would reach logs and history). Reconnects from the last event id: the server
 * replays what was missed or answers 'resync'. Resolves only when `signal` aborts, or when the token is refused.
 */
async function readBearerStream(o: BearerStreamOptions, signal: AbortSignal, onFrame: (f: Frame) => void) {
  let lastId = '';
  while (!signal.aborted) {
    const watchdog = new AbortController();
    const abort = () => watchdog.abort();
    signal.addEventListener('abort', abort);
    let heard = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - heard > SILENCE_MS) watchdog.abort();
    }, 5_000);
    try {
      const token = o.token();
      const res = await fetch(`/api/v3${o.path}`, {
        credentials: 'omit',
        headers: {
          Accept: 'text/event-stream',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(lastId ? { 'Last-Event-ID': lastId } : {}),
        },
        signal: watchdog.signal,
      });
      // A refused token ends the stream, and the session: the area shows its log-in form. (The server ends a
      // stream whose session was revoked or whose token expired; the reconnect below then lands here.)
      if (res.status === 401 || res.status === 403) {
        if (res.status === 401 && token !== null && o.token() === token) o.onRefused(token);
        return;
      }
      if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      const buffer = { text: '' };
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        heard = Date.now();
        buffer.text += value.replaceAll('\r\n', '\n');
        for (const f of frames(buffer)) {
          if (f.id) lastId = f.id;
          onFrame(f);
        }
      }
    } catch {
      // a dropped or silent stream: open it again below
    } finally {
      clearInterval(timer);
      signal.removeEventListener('abort', abort);
    }
    if (!signal.aborted) await new Promise((r) => setTimeout(r, RETRY_MS));
  }
}

/**
 * One stream per browser for a bearer-token area (as decision 019 does for students): the tab holding a Web Lock
 * reads it and passes each event to the area's other tabs over a BroadcastChannel, so many open pages do not
 * use up the browser's six connections to the site. Answers the function that stops it.
 */
export function startBearerStream<E>(o: BearerStreamOptions, handle: (s: StreamNews<E>) => void): () => void {
  const stop = new AbortController();
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(o.channel);
  if (channel) channel.onmessage = (m: MessageEvent<StreamNews<E>>) => handle(m.data);
  const lead = () =>
    readBearerStream(o, stop.signal, (f) => {
      let shared: StreamNews<E> | null = null;
      if (f.event === 'ready' || f.event === 'resync') shared = { kind: 'refetch' };
      else if (f.event === undefined && f.data) shared = { kind: 'event', event: JSON.parse(f.data) };
      if (!shared) return;
      handle(shared);
      channel?.postMessage(shared);
    });
  if (channel && typeof navigator !== 'undefined' && 'locks' in navigator)
    navigator.locks.request(o.lock, { signal: stop.signal }, lead).catch(() => {});
  else void lead();
  return () => {
    stop.abort();
    channel?.close();
  };
}
