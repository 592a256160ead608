import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { geeks, users } from '../../db/schema.ts';
import { isUuid } from '../orders/orders.repository.ts';

/** Every Geek, by public name, for the operator's assignment list. */
export async function listGeeks(db: Db) {
  return db
    .select({ id: geeks.id, publicFullName: geeks.publicFullName, major: geeks.major })
    .from(geeks)
    .orderBy(asc(geeks.publicFullName));
}

export async function findGeek(db: Db, geekId: string) {
  if (!isUuid(geekId)) return undefined;
  const [geek] = await db.select().from(geeks).where(eq(geeks.id, geekId));
  return geek;
}

export async function resetStaffPassword(db: Db, userId: string, passwordHash: string, tokenVersion: number) {
  await db.update(users).set({ passwordHash, tokenVersion }).where(eq(users.id, userId));
}

export async function insertStaffUser(db: Db, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  if (!row) throw new Error('staff account not created');
  return row;
}
