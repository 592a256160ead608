import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

export type Counter = { key: string; windowMs: number };

/**
 * Counts one attempt on each counter in one statement: a fixed window per key in `rate_limits` (the table the
 * route limits use), so every API process sees the same counts. Answers each key's count and the milliseconds
 * left in its window.
 */
export async function countAttempt(db: Db, counters: Counter[]) {
  const rows = sql.join(
    counters.map((c) => sql`(${c.key}, 1, now() + make_interval(secs => ${c.windowMs / 1000}))`),
    sql`, `,
  );
  const res = await db.execute(sql`
    insert into rate_limits as r (key, hits, window_ends_at) values ${rows}
    on conflict (key) do update set
      hits = case when r.window_ends_at <= now() then 1 else r.hits + 1 end,
      window_ends_at = case when r.window_ends_at <= now() then excluded.window_ends_at else r.window_ends_at end
    returning key, hits, ceil(extract(epoch from (window_ends_at - now())) * 1000)::text as ttl_ms`);
  const returned = (res as unknown as { rows: { key: string; hits: number; ttl_ms: string }[] }).rows;
  const byKey = new Map(returned.map((r) => [r.key, r]));
  return counters.map((c) => {
    const row = byKey.get(c.key);
    if (!row) throw new Error(`attempt counter ${c.key} returned nothing`);
    return { key: c.key, hits: Number(row.hits), ttlMs: Math.max(0, Number(row.ttl_ms)) };
  });
}

/** Takes back one attempt from each counter whose window is still open (an attempt that did not fail). */
export async function uncountAttempt(db: Db, keys: string[]) {
  await db.execute(sql`
    update rate_limits set hits = hits - 1
    where key in (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )}) and window_ends_at > now() and hits > 0`);
}
