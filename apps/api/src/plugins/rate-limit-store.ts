import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';

type Result = { current: number; ttl: number };
type Callback = (err: Error | null, result?: Result) => void;
type RouteParams = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * A @fastify/rate-limit store on PostgreSQL: one atomic upsert per hit counts within a fixed window,
 * so the limits hold across API processes (docs/decisions/031-production-mode-and-several-processes.md: nothing in process memory another process needs).
 */
export function pgRateLimitStore(db: Database) {
  return class PgRateLimitStore implements FastifyRateLimitStore {
    readonly prefix: string;

    constructor(_globalParams?: unknown, prefix = '') {
      this.prefix = prefix;
    }

    incr(key: string, cb: Callback, timeWindow: number) {
      const windowMs = Math.max(1, Math.round(timeWindow));
      db.execute(sql`
        insert into rate_limits (key, hits, window_ends_at)
        values (${this.prefix + key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
        on conflict (key) do update set
          hits = case when rate_limits.window_ends_at <= now() then 1 else rate_limits.hits + 1 end,
          window_ends_at = case when rate_limits.window_ends_at <= now()
            then now() + make_interval(secs => ${windowMs / 1000}) else rate_limits.window_ends_at end
        returning hits, ceil(extract(epoch from (window_ends_at - now())) * 1000)::text as ttl_ms`)
        .then((res: unknown) => {
          // node-postgres answers { rows }, PGlite's drizzle driver answers { rows } too; be strict about both.
          const rows = (res as { rows?: { hits: number; ttl_ms: string }[] }).rows ?? [];
          const row = rows[0];
          if (!row) throw new Error('rate limit upsert returned nothing');
          cb(null, { current: Number(row.hits), ttl: Math.max(0, Number(row.ttl_ms)) });
          // Forget long-expired counters now and then.
          if (Math.random() < 0.01) {
            void db
              .execute(sql`delete from rate_limits where window_ends_at < now() - interval '1 day'`)
              .catch(() => {});
          }
        })
        .catch((err: Error) => cb(err));
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      const params = routeOptions as unknown as RouteParams;
      const method = [params.routeInfo?.method ?? ''].flat().join(',');
      return new PgRateLimitStore(undefined, `${this.prefix}${method}${params.routeInfo?.url ?? ''}|`);
    }
  };
}
