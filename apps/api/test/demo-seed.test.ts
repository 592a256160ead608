import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STUDENT, seedDemoData } from '../src/db/seed.ts';
import { call, createTestApp, type TestApp } from './helpers/test-app.ts';

// Issue 34 item 10: the demo student's completed task was really delivered — a final draft in storage, the
// Geek's messages, the payment in the ledger — so its page offers work that exists.
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  const files = await seedDemoData(t.db, new Date(), { staff: false });
  for (const f of files) await t.ctx.storage.put(f.key, f.bytes, f.contentType);
  // Seeded once: a second run adds nothing.
  expect(await seedDemoData(t.db, new Date(), { staff: false })).toEqual([]);
  const login = await call(t, {
    url: '/factor_auth',
    body: { type: 'check_code', factor: 'login', value: DEMO_STUDENT.email, code: DEMO_STUDENT.password },
    ip: t.nextIp(),
  });
  expect(login.status).toBe(200);
  token = login.body.jwt;
});
afterAll(() => t.close());

describe('the demo data', () => {
  it('has a completed task whose final draft, messages and payment are there', async () => {
    const list = await call(t, { url: '/orders?page=0', token });
    const task = list.body.results.find(
      (o: { title: string }) => o.title === 'Literature review: social media and anxiety',
    );
    expect(task).toMatchObject({
      payment_state: 'fully_paid',
      files_from_geek_shown: true,
      unread_messages: 1,
    });
    expect(task.can.accept).toBe(true);

    const files = (await call(t, { url: `/orders/${task._id}/files`, token })).body.files;
    const drafts = files.filter((f: { type: string }) => f.type === 'file_final_draft');
    expect(drafts).toHaveLength(1);
    expect(drafts[0].locked).toBe(false);
    const download = await call(t, { url: `/orders/${task._id}/files/${drafts[0]._id}/download`, token });
    expect([200, 302]).toContain(download.status);

    const messages = (await call(t, { url: `/orders/${task._id}/messages`, token })).body.results;
    expect(messages.filter((m: { sender_role: string }) => m.sender_role === 'writer')).toHaveLength(2);

    // Its ledger: the card payment sits on the task's account (client_paid is read from it).
    expect(task.client_paid).toBe(task.price);
  });
});
