import type { GeekAction, GeekView } from '@geekly/domain/geeks/geek-schemas.ts';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../lib/app-error.ts';
import { ONLINE_WINDOW_MS } from '../public/public-stats.ts';
import {
  type ClientMarks,
  clientMarks,
  findBlockedGeeks,
  findGeek,
  findMyGeeks,
  type GeekRow,
  geekFigures,
  lockClientGeekChoices,
  upsertClientMarks,
} from './geeks.repository.ts';

const ACTION_MARKS: Record<GeekAction, Partial<ClientMarks>> = {
  fave: { faved: true },
  unfave: { faved: false },
  block: { blocked: true },
  unblock: { blocked: false },
};

/** Public views of Geeks for one client: three queries whatever the number of Geeks. */
async function geekViews(ctx: AppContext, userId: string | null, rows: GeekRow[]): Promise<GeekView[]> {
  const db = ctx.database.db;
  const ids = rows.map((g) => g.id);
  const [figures, marks] = await Promise.all([
    geekFigures(db, ids),
    userId ? clientMarks(db, userId, ids) : Promise.resolve(new Map<string, ClientMarks>()),
  ]);
  const onlineAfter = ctx.now().getTime() - ONLINE_WINDOW_MS;
  return rows.map((g) => ({
    _id: g.id,
    public_full_name: g.publicFullName,
    major: g.major,
    public_subjects: g.publicSubjects,
    has_avatar: g.hasAvatar,
    created_at: g.createdAt.toISOString(),
    online: (g.lastSeenAt?.getTime() ?? 0) > onlineAfter,
    profile_client_last_avg: figures.get(g.id)?.avgMark ?? null,
    profile_completed_orders_count: figures.get(g.id)?.completed ?? 0,
    writer_faved: marks.get(g.id)?.faved ?? false,
    writer_blocked: marks.get(g.id)?.blocked ?? false,
  }));
}

async function oneView(ctx: AppContext, userId: string | null, row: GeekRow) {
  const [view] = await geekViews(ctx, userId, [row]);
  if (!view) throw new Error('geek view missing');
  return view;
}

export async function listMyGeeks(ctx: AppContext, userId: string) {
  return geekViews(ctx, userId, await findMyGeeks(ctx.database.db, userId));
}

/** The Geeks the client blocked, with Unblock on each (they are left out of My Geeks). */
export async function listBlockedGeeks(ctx: AppContext, userId: string) {
  return geekViews(ctx, userId, await findBlockedGeeks(ctx.database.db, userId));
}

export async function getGeekProfile(ctx: AppContext, userId: string, geekId: string) {
  const row = await findGeek(ctx.database.db, geekId);
  if (!row) throw notFound('Geek not found');
  return oneView(ctx, userId, row);
}

export async function actOnGeek(ctx: AppContext, userId: string, geekId: string, action: GeekAction) {
  const row = await findGeek(ctx.database.db, geekId);
  if (!row) throw notFound('Geek not found');
  await ctx.database.db.transaction(async (tx) => {
    await lockClientGeekChoices(tx, userId);
    await upsertClientMarks(tx, userId, row.id, ACTION_MARKS[action]);
  });
  return oneView(ctx, userId, row);
}
