import http from 'node:http';

export type SseEvent = { id?: string; event?: string; data?: string };

/** A minimal Server-Sent Events reader over plain HTTP, as a browser's EventSource reads the stream. */
export function openStream(
  base: string,
  token: string,
  headers: Record<string, string> = {},
  query = '',
  path = '/events',
) {
  const events: SseEvent[] = [];
  const waiters: { pred: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }[] = [];
  let buffer = '';
  let status = 0;
  let markEnded: () => void = () => {};
  /** Resolves when the connection closes (the server ended the stream, or `close()` was called). */
  const ended = new Promise<void>((resolve) => {
    markEnded = resolve;
  });
  const req = http.get(`${base}/api/v3${path}${query}`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
  req.on('close', () => markEnded());
  const opened = new Promise<number>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      status = res.statusCode ?? 0;
      resolve(status);
      res.on('close', () => markEnded());
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          const e: SseEvent = {};
          for (const line of block.split('\n')) {
            const i = line.indexOf(': ');
            if (line.startsWith(':') || i < 0) continue;
            const key = line.slice(0, i) as keyof SseEvent | 'retry';
            if (key !== 'retry') e[key] = line.slice(i + 2);
          }
          if (e.data === undefined && e.event === undefined) continue;
          events.push(e);
          for (const w of [...waiters])
            if (w.pred(e)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(e);
            }
        }
      });
    });
  });
  opened.catch(() => {}); // a stream closed before it opened
  return {
    events,
    opened,
    ended,
    get status() {
      return status;
    },
    /** The next (or an already received) event matching `pred`. */
    waitFor(pred: (e: SseEvent) => boolean, ms = 5000): Promise<SseEvent> {
      const found = events.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const w = { pred, resolve };
        waiters.push(w);
        setTimeout(() => {
          if (waiters.includes(w))
            reject(new Error(`no matching event in ${ms} ms: ${JSON.stringify(events)}`));
        }, ms).unref();
      });
    },
    close: () => req.destroy(),
  };
}

export const dataOf = (e: SseEvent) => JSON.parse(e.data ?? '{}') as { type: string; order_id?: string };
