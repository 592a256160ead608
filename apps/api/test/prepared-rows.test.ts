import { eq, getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastRows } from '../src/db/prepared.ts';
import { orders, users } from '../src/db/schema.ts';
import { findSessionUser } from '../src/modules/users/users.repository.ts';
import { call, createTestApp, pricedOrder, signUpClient, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The hot reads map their rows with fastRows (decision 025): it must give exactly what drizzle's mapping gives.
describe('fastRows', () => {
  it("maps a prepared select's rows as drizzle does: nested columns, timestamps, JSON, nulls, sql fields", async () => {
    const s = await signUpClient(t);
    const order = await pricedOrder(t, s.token);
    await call(t, {
      method: 'PATCH',
      url: `/orders/${order._id}`,
      token: s.token,
      body: { discount: 'NEWUSER' },
    });
    const select = () =>
      t.db
        .select({
          order: getTableColumns(orders),
          twice: sql<number>`${orders.number} * 2`.mapWith(Number),
          label: sql<string>`'#' || ${orders.number}`,
          missing: sql<string | null>`null`,
        })
        .from(orders)
        .where(eq(orders.userId, sql.placeholder('userId')));
    const byDrizzle = await select().prepare('fast_rows_test_drizzle').execute({ userId: s.id });
    const byFastRows = await fastRows(select().prepare('fast_rows_test_fast')).execute({ userId: s.id });
    expect(byDrizzle).toHaveLength(1);
    expect(byFastRows).toEqual(byDrizzle);
    const [row] = byFastRows;
    expect(row?.order.deadline).toBeInstanceOf(Date);
    expect(row?.order.discount).toBe('NEWUSER');
    expect(Array.isArray(row?.order.services)).toBe(true);
    expect(row?.twice).toBe((row?.order.number ?? 0) * 2);
    expect(row?.missing).toBeNull();

    const [user] = await t.db.select().from(users).where(eq(users.id, s.id));
    expect(await findSessionUser(t.db, s.id)).toEqual(user);
  });

  it('refuses what it does not map: a statement that is not a prepared select', () => {
    expect(() => fastRows({})).toThrow('not a prepared select');
  });
});
