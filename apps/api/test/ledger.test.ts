import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalanceCents, postLedgerTransaction } from '../src/modules/ledger/ledger.repository.ts';
import { call, createTestApp, signUpClient, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const topUp = (userId: string, cents: number, key: string = randomUUID()) =>
  postLedgerTransaction(t.db, {
    idempotencyKey: key,
    kind: 'topup',
    userId,
    entries: [
      { account: { type: 'gateway' }, amountCents: -cents },
      { account: { type: 'user', id: userId }, amountCents: cents },
    ],
  });

describe('the ledger', () => {
  it('derives the balance the API shows from the entries, in dollars with 2 decimals', async () => {
    const { token, id } = await signUpClient(t);
    await topUp(id, 1999);
    await topUp(id, 1);
    expect(await accountBalanceCents(t.db, 'user', id)).toBe(2000);
    expect((await call(t, { url: '/users/client/me', token })).body.available_balance).toBe(20);
  });

  it('applies a transaction once per idempotency key', async () => {
    const { id } = await signUpClient(t);
    const key = `replay-${randomUUID()}`;
    expect(await topUp(id, 500, key)).toBe(true);
    expect(await topUp(id, 500, key)).toBe(false);
    expect(await accountBalanceCents(t.db, 'user', id)).toBe(500);
  });

  it('refuses an unbalanced transaction before writing anything', async () => {
    const { id } = await signUpClient(t);
    await expect(
      postLedgerTransaction(t.db, {
        idempotencyKey: randomUUID(),
        kind: 'staff_credit',
        entries: [
          { account: { type: 'gateway' }, amountCents: -100 },
          { account: { type: 'user', id }, amountCents: 99 },
        ],
      }),
    ).rejects.toThrow(/Unbalanced/);
    expect(await accountBalanceCents(t.db, 'user', id)).toBe(0);
  });

  it('is append-only and balanced in the database itself', async () => {
    const { id } = await signUpClient(t);
    await topUp(id, 700);
    await expect(
      t.db.execute(sql`update ledger_entries set amount_cents = amount_cents * 2`),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`delete from ledger_transactions`)).rejects.toThrow();
    await expect(
      t.db.transaction(async (tx) => {
        const txId = randomUUID();
        await tx.execute(
          sql`insert into ledger_transactions (id, kind, idempotency_key) values (${txId}, 'raw', ${randomUUID()})`,
        );
        await tx.execute(
          sql`insert into ledger_entries (transaction_id, account_type, account_id, amount_cents) values (${txId}, 'user', ${id}, 100)`,
        );
      }),
    ).rejects.toThrow();
    expect(await accountBalanceCents(t.db, 'user', id)).toBe(700);
  });
});
