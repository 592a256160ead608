import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../src/db/schema.ts';
import { upsertStaffAccount } from '../src/modules/ops/staff-accounts.ts';
import {
  auditLogOf,
  call,
  createTestApp,
  creditBalance,
  staffToken,
  type TestApp,
} from './helpers/test-app.ts';
import { approvedGeek, mailsTo, openTask, uploadWorkspaceFile, ws } from './helpers/workspace.ts';

// Issue 31 item 8, decision 047: a Geek's earnings, tips and payouts balance in the ledger.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ SIGNUP_LIMIT_PER_HOUR: '100000' });
  admin = await staffToken(t);
});
afterAll(async () => {
  const [sum] = await t.db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries);
  expect(Number(sum?.total)).toBe(0);
  await t?.close();
});

async function supportToken() {
  const email = `support-${randomBytes(3).toString('hex')}@geekly.example`;
  await upsertStaffAccount(t.db, email, 'support password 1', 'support');
  const res = await call(t, {
    url: '/ops/session',
    body: { email, password: 'support password 1' },
    ip: t.nextIp(),
  });
  return res.body.jwt as string;
}

/** A task a Geek took, delivered, passed by staff and rated 5 by its student, who then tips $7. */
async function earnedTask(geek: { token: string }) {
  const task = await openTask(t, admin);
  expect((await ws(t, geek.token, `/offers/${task.id}/take`, {})).status).toBe(200);
  const offerPay = (await ws(t, geek.token, `/tasks/${task.id}`)).body.geek_pay as number;
  await ws(t, geek.token, `/tasks/${task.id}/transitions`, { name: 'start_work' });
  expect((await uploadWorkspaceFile(t, geek.token, task.id)).status).toBe(201);
  expect((await ws(t, geek.token, `/tasks/${task.id}/transitions`, { name: 'deliver' })).status).toBe(200);
  const pending = await ws(t, geek.token, '/earnings');
  expect(pending.body.pending).toBe(offerPay);
  expect(pending.body.results).toContainEqual(
    expect.objectContaining({ order_id: task.id, kind: 'earning', status: 'pending', amount: offerPay }),
  );
  expect(
    (await call(t, { url: `/ops/orders/${task.id}/transitions`, token: admin, body: { name: 'pass_check' } }))
      .status,
  ).toBe(200);
  const rated = await call(t, {
    url: `/orders/${task.id}`,
    token: task.student.token,
    body: { action: 'client_feedback', mark: 5 },
  });
  expect(rated.status).toBe(200);
  await creditBalance(t, admin, task.student.id, 10);
  const tip = await call(t, {
    url: `/orders/${task.id}/tips`,
    token: task.student.token,
    body: { amount: 7, account_balance_use: 700 },
  });
  expect(tip.status).toBe(200);
  return { task, pay: offerPay };
}

describe('earnings and payouts', () => {
  it('earns on acceptance (the offer’s pay), gets the tip, requests and is paid out, never above what is owed', async () => {
    const geek = await approvedGeek(t, admin);
    const { task, pay } = await earnedTask(geek);
    const earned = await ws(t, geek.token, '/earnings');
    expect(earned.body).toMatchObject({ pending: 0, earned: pay + 7, paid_out: 0, owed: pay + 7 });
    expect(earned.body.results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ order_id: task.id, kind: 'earning', status: 'earned', amount: pay }),
        expect.objectContaining({ order_id: task.id, kind: 'tip', status: 'earned', amount: 7 }),
      ]),
    );
    const mails = await mailsTo(t, geek.email);
    expect(mails.some((m) => m.includes('Rated 5 of 5') && m.includes(`/workspace/tasks/${task.id}`))).toBe(
      true,
    );
    expect(mails.some((m) => m.includes('You got a tip') && m.includes('/workspace/earnings'))).toBe(true);

    const tooMuch = await ws(t, geek.token, '/payout-requests', { amount: pay + 8 });
    expect(tooMuch.status).toBe(422);
    const asked = await ws(t, geek.token, '/payout-requests', {});
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ amount: pay + 7, status: 'open' });
    expect((await ws(t, geek.token, '/payout-requests', {})).status).toBe(422);
    const listed = await call(t, { url: '/ops/payout-requests', token: admin });
    expect(listed.body.results.find((r: { _id: string }) => r._id === asked.body._id)).toMatchObject({
      geek_id: geek.id,
      owed: pay + 7,
    });

    const support = await supportToken();
    const bySupport = await call(t, {
      url: '/ops/geek-payouts',
      token: support,
      body: { geek_id: geek.id, amount: 1, reference: 'SUP-1' },
    });
    expect(bySupport.status).toBe(403);
    const over = await call(t, {
      url: '/ops/geek-payouts',
      token: admin,
      body: { geek_id: geek.id, amount: pay + 7.01, reference: 'BANK-0' },
    });
    expect(over.status).toBe(422);
    const paid = await call(t, {
      url: '/ops/geek-payouts',
      token: admin,
      body: { geek_id: geek.id, amount: pay + 7, reference: 'BANK-1' },
    });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ amount: pay + 7, owed: 0, reference: 'BANK-1' });
    const again = await call(t, {
      url: '/ops/geek-payouts',
      token: admin,
      body: { geek_id: geek.id, amount: 0.01, reference: 'BANK-1' },
    });
    expect(again.status).toBe(422);
    const after = await ws(t, geek.token, '/earnings');
    expect(after.body).toMatchObject({ earned: pay + 7, paid_out: pay + 7, owed: 0, requested: 0 });
    expect(after.body.results).toContainEqual(
      expect.objectContaining({ kind: 'payout', status: 'paid', amount: -(pay + 7), reference: 'BANK-1' }),
    );
    expect((await ws(t, geek.token, '/payout-requests')).body.results[0].status).toBe('paid');
    const audit = await auditLogOf(t, admin);
    expect(audit.some((a) => a.action === 'geek_payout' && a.subject_id === geek.id)).toBe(true);

    // The payout report of decision 036 still reports what was earned, to the cent.
    const day = t.ctx.now().toISOString().slice(0, 10);
    const csv = await call(t, { url: `/ops/geek-earnings.csv?from=${day}&to=${day}`, token: admin });
    expect(csv.status).toBe(200);
    const line =
      String(csv.body)
        .split('\r\n')
        .find((l) => l.includes(geek.id)) ?? '';
    expect(line.split(',').slice(-3)).toEqual([pay.toFixed(2), '7.00', (pay + 7).toFixed(2)]);
  });

  it('two payouts at once never exceed what is owed', async () => {
    const geek = await approvedGeek(t, admin);
    const { pay } = await earnedTask(geek);
    const owed = pay + 7;
    const results = await Promise.all(
      [1, 2, 3].map((i) =>
        call(t, {
          url: '/ops/geek-payouts',
          token: admin,
          body: { geek_id: geek.id, amount: owed, reference: `RACE-${i}` },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 422)).toHaveLength(2);
    expect((await ws(t, geek.token, '/earnings')).body.owed).toBe(0);
  });
});
