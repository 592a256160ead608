import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

type Row = { hits: number | string };
type TtlRow = { ttl_ms: string | null };
const rowsOf = <T>(res: unknown) => (res as { rows?: T[] }).rows ?? [];

/**
 * Adds `weight` to the counter `key` in its fixed window (the shared rate_limits table, so every API process
 * counts together), unless that would pass `max`: then nothing is added. One atomic upsert. Answers whether
 * the weight was taken.
 */
export async function takeFromCounter(
  db: Db,
  input: { key: string; weight: number; max: number; windowMs: number },
): Promise<boolean> {
  if (input.weight > input.max) return false;
  const secs = input.windowMs / 1000;
  const res = await db.execute(sql`
    insert into rate_limits (key, hits, window_ends_at)
    values (${input.key}, ${input.weight}, now() + make_interval(secs => ${secs}))
    on conflict (key) do update set
      hits = case when rate_limits.window_ends_at <= now() then excluded.hits
        else rate_limits.hits + excluded.hits end,
      window_ends_at = case when rate_limits.window_ends_at <= now() then excluded.window_ends_at
        else rate_limits.window_ends_at end
    where rate_limits.window_ends_at <= now() or rate_limits.hits + excluded.hits <= ${input.max}
    returning hits`);
  return rowsOf<Row>(res).length === 1;
}

/** Milliseconds until the counter's window ends (0 when it has). */
export async function counterResetsInMs(db: Db, key: string): Promise<number> {
  const res = await db.execute(sql`
    select ceil(extract(epoch from (window_ends_at - now())) * 1000)::text as ttl_ms
    from rate_limits where key = ${key}`);
  return Math.max(0, Number(rowsOf<TtlRow>(res)[0]?.ttl_ms ?? 0));
}

/** Gives `weight` back to the counter `key` in its current window (what a call that failed for us had taken). */
export async function giveBackToCounter(db: Db, key: string, weight: number): Promise<void> {
  await db.execute(sql`
    update rate_limits set hits = greatest(hits - ${weight}, 0)
    where key = ${key} and window_ends_at > now()`);
}
