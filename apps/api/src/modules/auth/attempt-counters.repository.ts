import { type SQL, sql } from 'drizzle-orm';
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

export type DelayCounter = { key: string; freeFailures: number };

const RESTART_AFTER = sql`interval '24 hours'`;

/** Seconds to wait after the n-th failure: none for the free ones, then 30 s doubling up to an hour. */
const delayAfter = (n: SQL, freeFailures: number) => {
  const free = sql.raw(String(Math.trunc(freeFailures)));
  return sql`make_interval(secs => case when ${n} <= ${free} then 0 else least(3600, 30 * power(2, ${n} - ${free} - 1)) end)`;
};

/**
 * Decision 052: claims one attempt on a growing-delay counter (a row of `rate_limits`: `hits` is the failures,
 * `window_ends_at` when the next attempt may run). The attempt is counted as a failure before it runs, so of
 * concurrent attempts only those within the free failures and one more get through. Answers null when the
 * counter is waiting, else nothing to do. A counter starts over 24 hours after its wait ended.
 */
export async function claimDelayedAttempt(db: Db, c: DelayCounter): Promise<{ waitMs: number } | null> {
  const restart = sql`r.window_ends_at < now() - ${RESTART_AFTER}`;
  const next = sql`(case when ${restart} then 1 else r.hits + 1 end)`;
  const res = await db.execute(sql`
    insert into rate_limits as r (key, hits, window_ends_at)
    values (${c.key}, 1, now() + ${delayAfter(sql`1`, c.freeFailures)})
    on conflict (key) do update set hits = ${next}, window_ends_at = now() + ${delayAfter(next, c.freeFailures)}
    where r.window_ends_at <= now()
    returning hits`);
  if (rowsOf(res).length > 0) return null;
  const wait = rowsOf(
    await db.execute(sql`
      select ceil(extract(epoch from (window_ends_at - now())) * 1000)::text as ms from rate_limits
      where key = ${c.key}`),
  );
  return { waitMs: Math.max(1000, Number(wait[0]?.ms ?? 1000)) };
}

/** The attempt succeeded: the counter is gone, the next failure is free again. */
export async function clearDelay(db: Db, key: string) {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** The attempt neither failed nor succeeded (another error): its failure and wait are taken back. */
export async function releaseDelayedAttempt(db: Db, key: string) {
  await db.execute(sql`
    update rate_limits set hits = greatest(hits - 1, 0), window_ends_at = least(window_ends_at, now())
    where key = ${key}`);
}

// biome-ignore lint/suspicious/noExplicitAny: rows of a raw statement, on either driver
const rowsOf = (res: unknown): any[] => (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows);
