// Issue 26 item 1 (decision 038): a task's course changes one at a time or for a group, until the work is
// delivered; a paid task's price never changes by it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geeks } from '../src/db/schema.ts';
import { uploadGeekFile } from './helpers/files.ts';
import {
  call,
  createTestApp,
  creditBalance,
  pricedOrder,
  signUpClient,
  staffToken,
  type TestApp,
} from './helpers/test-app.ts';

let t: TestApp;
let ops: string;
let geekId: string;
beforeAll(async () => {
  t = await createTestApp();
  ops = await staffToken(t);
  const [geek] = await t.db
    .insert(geeks)
    .values({ publicFullName: 'Course Geek', major: 'History' })
    .returning();
  geekId = geek?.id ?? '';
});
afterAll(async () => t?.close());

const act = (token: string, id: string, body: Record<string, unknown>) =>
  call(t, { url: `/orders/${id}`, token, body });
const operate = (id: string, name: string) =>
  call(t, {
    url: `/ops/orders/${id}/transitions`,
    token: ops,
    body: name === 'assign_geek' ? { name, writer_id: geekId } : { name },
  });

async function paidTask(client: { token: string; id: string }, subject = 'English') {
  const o = await pricedOrder(t, client.token, { pages: 2, hours: 100, subject });
  await creditBalance(t, ops, client.id, 100);
  const paid = await call(t, {
    url: `/orders/${o._id}/pay`,
    token: client.token,
    body: { account_balance_use: Math.round(o.price * 100) },
  });
  expect(paid.status).toBe(200);
  return paid.body.order as { _id: string; price: number; client_paid: number; subject: string };
}

describe("changing one task's course", () => {
  it('keeps a paid task’s price, matches the course list case-insensitively and refuses others’ tasks', async () => {
    const client = await signUpClient(t);
    const paid = await paidTask(client);
    const changed = await act(client.token, paid._id, { action: 'client_subject', subject: '  history ' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      subject: 'History',
      price: paid.price,
      client_paid: paid.client_paid,
    });
    expect(changed.body.payment_state).toBe('fully_paid');

    const unknown = await act(client.token, paid._id, { action: 'client_subject', subject: 'Astrology 101' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error_value.subject).toBe('Please choose course from the list name');
    const stranger = await signUpClient(t);
    expect(
      (await act(stranger.token, paid._id, { action: 'client_subject', subject: 'English' })).status,
    ).toBe(404);
  });

  it('an unpaid task keeps its quote; a delivered task keeps its course', async () => {
    const client = await signUpClient(t);
    const o = await pricedOrder(t, client.token, { pages: 2, hours: 100 });
    const changed = await act(client.token, o._id, { action: 'client_subject', subject: 'Nursing' });
    expect(changed.body).toMatchObject({ subject: 'Nursing', price: o.price });

    const paid = await paidTask(client);
    for (const step of ['accept_instructions', 'assign_geek', 'start_work', 'deliver']) {
      if (step === 'deliver') await uploadGeekFile(t, ops, paid._id);
      expect((await operate(paid._id, step)).status, step).toBe(200);
    }
    const refused = await act(client.token, paid._id, { action: 'client_subject', subject: 'Nursing' });
    expect(refused.status).toBe(409);
    expect((await call(t, { url: `/orders/${paid._id}`, token: client.token })).body.subject).toBe('English');
  });
});

describe("changing a group's course", () => {
  it('moves every task of the group that allows it, keeps the rest, and touches no one else’s', async () => {
    const client = await signUpClient(t);
    const other = await signUpClient(t);
    const a = await pricedOrder(t, client.token, { pages: 1, hours: 100, subject: 'Psychology' });
    const b = await paidTask(client, 'Psychology');
    const done = await paidTask(client, 'Psychology');
    for (const step of ['accept_instructions', 'assign_geek', 'start_work', 'deliver']) {
      if (step === 'deliver') await uploadGeekFile(t, ops, done._id);
      expect((await operate(done._id, step)).status, step).toBe(200);
    }
    const theirs = await pricedOrder(t, other.token, { pages: 1, hours: 100, subject: 'Psychology' });
    // A refunded task keeps its course too, and is not counted as delivered (issue 34).
    const refunded = await paidTask(client, 'Psychology');
    expect(
      (
        await act(client.token, refunded._id, {
          action: 'client_refund',
          comment: 'balance - changed my mind',
        })
      ).status,
    ).toBe(200);

    // Before the change the group says what it would do: every task of the course, loaded on the list or not.
    const preview = await call(t, { url: '/orders/subject-change?from=Psychology', token: client.token });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ from: 'Psychology', moving: 2, kept_delivered: 1, kept_refund: 1 });
    expect(
      (await call(t, { url: '/orders/subject-change?from=Psychology', token: other.token })).body,
    ).toEqual({ from: 'Psychology', moving: 1, kept_delivered: 0, kept_refund: 0 });

    const res = await call(t, {
      url: '/orders/subject-change',
      token: client.token,
      body: { from: 'Psychology', subject: 'SOCIOLOGY' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ changed: 2, kept: 2, subject: 'Sociology' });
    const subjectOf = async (token: string, id: string) =>
      (await call(t, { url: `/orders/${id}`, token })).body;
    expect((await subjectOf(client.token, a._id)).subject).toBe('Sociology');
    expect(await subjectOf(client.token, b._id)).toMatchObject({ subject: 'Sociology', price: b.price });
    expect((await subjectOf(client.token, done._id)).subject).toBe('Psychology');
    expect((await subjectOf(other.token, theirs._id)).subject).toBe('Psychology');
    expect((await subjectOf(client.token, refunded._id)).subject).toBe('Psychology');
    expect(
      (await call(t, { url: '/orders/subject-change?from=Psychology', token: client.token })).body,
    ).toEqual({ from: 'Psychology', moving: 0, kept_delivered: 1, kept_refund: 1 });

    const bad = await call(t, {
      url: '/orders/subject-change',
      token: client.token,
      body: { from: 'Sociology', subject: 'Not a course' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error_value.subject).toBe('Please choose course from the list name');
  });
});
