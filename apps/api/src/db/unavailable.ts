/**
 * Decision 031: whether an error means the database cannot be reached (a refused or cut connection, the pool's
 * connection timeout, a server shutting down or refusing connections), as opposed to a failing query. The API
 * answers those with 503, as a load balancer expects from a process whose database is away.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || code.startsWith('08') || SERVER_CODES.has(code)) return true;
      if (
        code === '55000' &&
        typeof message === 'string' &&
        message.includes('not currently accepting connections')
      )
        return true;
    }
    if (typeof message === 'string' && POOL_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/** admin_shutdown (pg_terminate_backend), crash_shutdown, cannot_connect_now, too_many_connections. */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres's own words for a connection it could not get or lost. */
const POOL_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
];
