import type { GeekAccount } from '@geekly/domain/workspace/workspace-contract.ts';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { orders } from '../../db/schema.ts';
import { geekFigures } from '../geeks/index.ts';
import type { SignedInGeek } from './geek-logins.repository.ts';

const REVIEWS_SHOWN = 50;

/** The signed-in Geek's account as the workspace shows it: profile, their real rating and the students' comments. */
export async function geekAccountView(db: Db, { login, geek }: SignedInGeek): Promise<GeekAccount> {
  const [figures, reviews] = await Promise.all([
    geekFigures(db, [geek.id]),
    db
      .select({
        number: orders.number,
        mark: orders.mark,
        feedback: orders.feedback,
        at: orders.updatedAt,
      })
      .from(orders)
      .where(and(eq(orders.geekId, geek.id), gt(orders.mark, 0)))
      .orderBy(desc(orders.updatedAt))
      .limit(REVIEWS_SHOWN),
  ]);
  const f = figures.get(geek.id);
  return {
    _id: geek.id,
    email: login.email,
    public_full_name: geek.publicFullName,
    major: geek.major,
    public_subjects: geek.publicSubjects,
    available: geek.available,
    top: geek.isTop,
    must_change_password: login.mustChangePassword,
    rating: f?.avgMark ?? null,
    completed: f?.completed ?? 0,
    reviews: reviews.map((r) => ({
      order_number: r.number,
      mark: r.mark,
      feedback: r.feedback,
      at: r.at.toISOString(),
    })),
  };
}
