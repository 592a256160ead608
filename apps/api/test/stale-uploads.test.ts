import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUploads } from '../src/db/schema.ts';
import { removeStaleUploads, STALE_UPLOAD_AFTER_MS } from '../src/modules/files/stale-uploads.ts';
import { pdfBytes, postToLocalStorage, presign, uploadClientFile } from './helpers/files.ts';
import { createTestApp, pricedOrder, signUpClient, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Signs an upload and posts its bytes, without attaching it; answers its storage key. */
async function uploadUnattached(token: string, orderId: string) {
  const bytes = pdfBytes(512);
  const signed = await presign(t, token, orderId, { name: 'draft.pdf', size: bytes.length });
  expect(signed.status).toBe(201);
  expect((await postToLocalStorage(t, signed.body, bytes)).status).toBe(204);
  return signed.body.location as string;
}

const expireAgo = (keys: string[], ms: number) =>
  t.db
    .update(fileUploads)
    .set({ expiresAt: new Date(Date.now() - ms) })
    .where(inArray(fileUploads.key, keys));

describe('uploads signed but never attached (decision 015)', () => {
  it('are removed from storage and forgotten a day after their policy expired; attached and recent ones stay', async () => {
    const s = await signUpClient(t);
    const order = await pricedOrder(t, s.token);
    const stale = await uploadUnattached(s.token, order._id);
    const young = await uploadUnattached(s.token, order._id);
    const recent = await uploadUnattached(s.token, order._id);
    await uploadClientFile(t, s.token, order._id);
    const [claimed] = await t.db
      .select({ key: fileUploads.key })
      .from(fileUploads)
      .where(and(eq(fileUploads.orderId, order._id), isNotNull(fileUploads.claimedAt)));
    expect(claimed).toBeDefined();
    const hour = 3_600_000;
    await expireAgo([stale, claimed?.key ?? ''], STALE_UPLOAD_AFTER_MS + hour);
    await expireAgo([young], STALE_UPLOAD_AFTER_MS - hour);
    expect(await t.ctx.storage.head(stale)).not.toBeNull();

    expect(await removeStaleUploads(t.ctx)).toBe(1);
    expect(await t.ctx.storage.head(stale)).toBeNull();
    const left = await t.db.select({ key: fileUploads.key }).from(fileUploads);
    expect(left.map((r) => r.key)).not.toContain(stale);
    for (const key of [young, recent, claimed?.key ?? '']) {
      expect(left.map((r) => r.key)).toContain(key);
      expect(await t.ctx.storage.head(key)).not.toBeNull();
    }
    expect(await removeStaleUploads(t.ctx)).toBe(0);
  });

  it('clears a backlog larger than one batch, and two sweeps at once never take the same upload', async () => {
    const s = await signUpClient(t);
    const order = await pricedOrder(t, s.token);
    const keys = Array.from({ length: 230 }, (_, i) => `orders/${order._id}/${s.id}/order/stale-${i}/x.pdf`);
    await t.db.insert(fileUploads).values(
      keys.map((key) => ({
        key,
        orderId: order._id,
        userId: s.id,
        context: 'order' as const,
        name: 'x.pdf',
        size: 10,
        contentType: 'application/pdf',
        expiresAt: new Date(Date.now() - STALE_UPLOAD_AFTER_MS - 60_000),
      })),
    );
    const counts = await Promise.all([removeStaleUploads(t.ctx), removeStaleUploads(t.ctx)]);
    expect(counts[0] + counts[1]).toBe(230);
    expect(await t.db.select().from(fileUploads).where(inArray(fileUploads.key, keys))).toEqual([]);
  });

  it('holds no database transaction while storage removes an object (a slow storage blocks nothing)', async () => {
    const s = await signUpClient(t);
    const order = await pricedOrder(t, s.token);
    const stale = await uploadUnattached(s.token, order._id);
    await expireAgo([stale], STALE_UPLOAD_AFTER_MS + 3_600_000);
    const storage = t.ctx.storage;
    const original = storage.remove.bind(storage);
    const seen: { rowGone: boolean; openTransactions: number }[] = [];
    // While the object is removed, another statement runs at once (PGlite has one connection: an open transaction
    // would make it wait past the timeout), sees the row already gone, and the server has no idle transaction.
    storage.remove = async (key: string) => {
      const read = Promise.all([
        t.db.select().from(fileUploads).where(eq(fileUploads.key, key)),
        t.db.execute(
          sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and state like 'idle in transaction%'`,
        ),
      ]);
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the database was held during a storage call')), 3000),
      );
      const [rows, activity] = await Promise.race([read, timeout]);
      const list = (Array.isArray(activity) ? activity : (activity as { rows: unknown[] }).rows) as {
        n: number;
      }[];
      seen.push({ rowGone: rows.length === 0, openTransactions: Number(list[0]?.n ?? 0) });
      return original(key);
    };
    try {
      expect(await removeStaleUploads(t.ctx)).toBe(1);
    } finally {
      storage.remove = original;
    }
    expect(seen).toEqual([{ rowGone: true, openTransactions: 0 }]);
    expect(await t.ctx.storage.head(stale)).toBeNull();
  });
});
