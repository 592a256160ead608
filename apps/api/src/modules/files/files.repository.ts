import type { OrderFileInput } from '@geekly/domain/orders/geek-files.ts';
import { and, asc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { fileUploads, orderFiles } from '../../db/schema.ts';

export type UploadRow = typeof fileUploads.$inferSelect;
type NewUploadRow = typeof fileUploads.$inferInsert;

import type { OrderFileRow } from '../../db/rows.ts';

export type { OrderFileRow };

type NewOrderFileRow = typeof orderFiles.$inferInsert;

export async function insertUpload(db: Db, values: NewUploadRow): Promise<void> {
  await db.insert(fileUploads).values(values);
}

/** The presigned uploads of these keys that were signed for this user and order (claimed or not). */
export async function findSignedUploads(db: Db, keys: string[], userId: string, orderId: string) {
  if (keys.length === 0) return [];
  return db
    .select()
    .from(fileUploads)
    .where(
      and(inArray(fileUploads.key, keys), eq(fileUploads.userId, userId), eq(fileUploads.orderId, orderId)),
    );
}

/** Claims unclaimed uploads once; answers the keys this call claimed (a concurrent claim gets none). */
export async function claimUploadRows(db: Db, keys: string[], at: Date): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .update(fileUploads)
    .set({ claimedAt: at })
    .where(and(inArray(fileUploads.key, keys), isNull(fileUploads.claimedAt)))
    .returning({ key: fileUploads.key });
  return rows.map((r) => r.key);
}

/**
 * Takes up to `limit` uploads that were signed but never attached, whose policy expired before `expiredBefore`:
 * deletes their rows in one statement (skipping rows another process or an attach holds) and answers their keys.
 * The caller removes the objects afterwards, outside any transaction (a storage call never holds a row lock).
 */
export async function takeStaleUploads(db: Db, expiredBefore: Date, limit: number): Promise<string[]> {
  const stale = db
    .select({ key: fileUploads.key })
    .from(fileUploads)
    .where(and(isNull(fileUploads.claimedAt), lt(fileUploads.expiresAt, expiredBefore)))
    .orderBy(asc(fileUploads.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .delete(fileUploads)
    .where(inArray(fileUploads.key, stale))
    .returning({ key: fileUploads.key });
  return rows.map((r) => r.key);
}

export async function insertOrderFiles(db: Db, values: NewOrderFileRow[]): Promise<OrderFileRow[]> {
  if (values.length === 0) return [];
  return db.insert(orderFiles).values(values).returning();
}

/** Every file of an order, removed ones too, oldest first. */
export async function listOrderFiles(db: Db, orderId: string): Promise<OrderFileRow[]> {
  return db
    .select()
    .from(orderFiles)
    .where(eq(orderFiles.orderId, orderId))
    .orderBy(asc(orderFiles.createdAt));
}

/** What the `deliver` guard reads: the Geek's final drafts of the order, as the domain's file rules take them. */
export async function finalDraftInputs(db: Db, orderId: string): Promise<OrderFileInput[]> {
  return db
    .select({
      type: orderFiles.type,
      deleted: orderFiles.deleted,
      plag_status: orderFiles.plagStatus,
      plag_level: orderFiles.plagLevel,
      override_pgch: orderFiles.overridePgch,
    })
    .from(orderFiles)
    .where(and(eq(orderFiles.orderId, orderId), eq(orderFiles.type, 'file_final_draft')));
}

/** finalDraftInputs of several orders in one query, by order id. */
export async function finalDraftInputsOf(db: Db, orderIds: string[]): Promise<Map<string, OrderFileInput[]>> {
  const result = new Map<string, OrderFileInput[]>();
  if (orderIds.length === 0) return result;
  const rows = await db
    .select({
      orderId: orderFiles.orderId,
      type: orderFiles.type,
      deleted: orderFiles.deleted,
      plag_status: orderFiles.plagStatus,
      plag_level: orderFiles.plagLevel,
      override_pgch: orderFiles.overridePgch,
    })
    .from(orderFiles)
    .where(and(inArray(orderFiles.orderId, orderIds), eq(orderFiles.type, 'file_final_draft')));
  for (const { orderId, ...f } of rows) result.set(orderId, [...(result.get(orderId) ?? []), f]);
  return result;
}

/** Decision 048: the Geek's held uploads of a task become the student's to see (the work reached them). */
export async function releaseHeldFiles(db: Db, orderId: string) {
  await db
    .update(orderFiles)
    .set({ heldForCheck: false })
    .where(and(eq(orderFiles.orderId, orderId), eq(orderFiles.heldForCheck, true)));
}

export async function markFileDeleted(db: Db, fileId: string): Promise<void> {
  await db.update(orderFiles).set({ deleted: true }).where(eq(orderFiles.id, fileId));
}

/** Records the first download of each file (later ones keep the first time). */
export async function markDownloaded(db: Db, fileIds: string[], at: Date): Promise<void> {
  if (fileIds.length === 0) return;
  await db
    .update(orderFiles)
    .set({ downloadedAt: at })
    .where(and(inArray(orderFiles.id, fileIds), isNull(orderFiles.downloadedAt)));
}
