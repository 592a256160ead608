import type { PublicStats } from '@geekly/domain/public/public-contract.ts';
import { and, count, eq, gt } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { geeks, users } from '../../db/schema.ts';

/** A Geek counts as online when seen within this window. */
export const ONLINE_WINDOW_MS = 15 * 60_000;
const SIGNUP_WINDOW_MS = 7 * 24 * 3_600_000;

/** Issue 6 "Honest numbers": the landing page's counts, from real rows only. */
export async function publicStats(ctx: AppContext): Promise<PublicStats> {
  const { db } = ctx.database;
  const now = ctx.now().getTime();
  const [online] = await db
    .select({ n: count() })
    .from(geeks)
    .where(and(eq(geeks.isDisabled, false), gt(geeks.lastSeenAt, new Date(now - ONLINE_WINDOW_MS))));
  const [signups] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'client'), gt(users.createdAt, new Date(now - SIGNUP_WINDOW_MS))));
  return { geeks_online: online?.n ?? 0, signups_last_week: signups?.n ?? 0 };
}
