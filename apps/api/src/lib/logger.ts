import { type LoggerOptions, pino } from 'pino';

// Decision 032: one JSON line per log event (pino), the request id on every line of a request, and nothing in a
// line that grants access or pays: no header that carries a session, no query string value (log-in links and
// signed download addresses carry their token there), no field named like a secret, no query parameters.

/** The key names whose values never reach a log line, at the top level or one object down. */
const SECRET_KEYS = [
  'password',
  'new_password',
  'old_password',
  'token',
  'jwt',
  'secret',
  'authorization',
  'cookie',
  'card_number',
  'cvc',
  'expiry',
  'signature',
  'policy',
];

const REDACT_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((k) => `*.${k}`),
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

/** A path segment that is a bearer capability (a log-in link's `/login/{token}`), not an id. */
const TOKEN_SEGMENT = /\/[A-Za-z0-9_-]{40,}(?=\/|$)/g;

/**
 * `/path?a=1&b=2` → `/path?a=…&b=…`: the names stay (they say what was asked), the values go; so does a path
 * segment long enough to be a token (UUIDs, 36 characters, stay).
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).replace(TOKEN_SEGMENT, '/…');
  if (q < 0) return path;
  const names = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=…`);
  return `${path}?${names.join('&')}`;
}

/** Drizzle puts a failed query's parameters in its message ("params: …"); they can be anyone's data. */
const withoutParams = (text: string | undefined) => text?.replace(/\nparams: [\s\S]*$/, '\nparams: …');

type RequestLike = { method?: string; url?: string; ip?: string; routeOptions?: { url?: string } };

const serializers = {
  req: (req: RequestLike) => ({
    method: req.method,
    url: redactUrl(req.url ?? ''),
    route: req.routeOptions?.url,
    remoteAddress: req.ip,
  }),
  res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
  err: (err: unknown) => {
    const e = pino.stdSerializers.err(err as Error);
    return { ...e, message: withoutParams(e.message), stack: withoutParams(e.stack) };
  },
};

/** Addresses inside a message (Fastify's "Route GET:/login/… not found") lose their tokens too. */
const scrubMessage = (msg: string) => msg.replace(/\/[^\s"'<>]*/g, (url) => redactUrl(url));

function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    hooks: {
      logMethod(args, method) {
        const scrubbed = args.map((a) => (typeof a === 'string' ? scrubMessage(a) : a));
        method.apply(this, scrubbed as Parameters<typeof method>);
      },
    },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
}

/** The process's logger: JSON lines on stdout (journald or the log shipper takes them from there). */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  return destination ? pino(loggerOptions(level), destination) : pino(loggerOptions(level));
}

export type Logger = pino.Logger;

const asText = (a: unknown) => {
  try {
    return JSON.stringify(a) ?? String(a);
  } catch {
    return String(a);
  }
};

/** console.error and console.warn become pino lines: the first Error is the `err`, the rest the message. */
export function routeConsoleToLogger(log: pino.Logger) {
  const forward =
    (level: 'error' | 'warn') =>
    (...args: unknown[]) => {
      const err = args.find((a) => a instanceof Error);
      const msg = args
        .filter((a) => a !== err)
        .map((a) => (typeof a === 'string' ? a : asText(a)))
        .join(' ');
      if (err) log[level]({ err }, msg || (err as Error).message);
      else log[level](msg);
    };
  console.error = forward('error');
  console.warn = forward('warn');
}
