import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { courses } from '../../db/schema.ts';

export async function isCourse(db: Db, name: string) {
  const [row] = await db.select({ name: courses.name }).from(courses).where(eq(courses.name, name));
  return row !== undefined;
}
