import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, orderTransitions } from '../src/db/schema.ts';
import { uploadGeekFile } from './helpers/files.ts';
import {
  auditLogOf,
  call,
  createTestApp,
  creditBalance,
  pricedOrder,
  signUpClient,
  staffToken,
  type TestApp,
} from './helpers/test-app.ts';
import { approvedGeek, ws } from './helpers/workspace.ts';

// Issue 31 items 3 to 5, decisions 047 and 048: offers, the take race, the Geek's transitions, the quality check.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ SIGNUP_LIMIT_PER_HOUR: '100000' });
  admin = await staffToken(t);
});
afterAll(() => t?.close());

const HOUR = 3_600_000;

/** A student's task paid in full from the balance, its instructions accepted by staff: an offer. */
async function openTask(opts: { subject?: string; accept?: boolean } = {}) {
  const student = await signUpClient(t);
  await creditBalance(t, admin, student.id, 300);
  const order = await pricedOrder(t, student.token, { subject: opts.subject ?? 'English' });
  const paid = await call(t, {
    url: `/orders/${order._id}/pay`,
    token: student.token,
    body: { account_balance_use: 100_000 },
  });
  expect(paid.status).toBe(200);
  if (opts.accept !== false) {
    const ok = await call(t, {
      url: `/ops/orders/${order._id}/transitions`,
      token: admin,
      body: { name: 'accept_instructions' },
    });
    expect(ok.status).toBe(200);
  }
  return { student, id: order._id as string };
}

const offerIds = async (token: string) =>
  ((await ws(t, token, '/offers')).body.results as { _id: string }[]).map((o) => o._id);
const setServices = (id: string, services: unknown[]) =>
  t.db
    .update(orders)
    .set({ services: services as never })
    .where(eq(orders.id, id));

describe('who sees which offer (decision 047)', () => {
  it("offers a paid task with accepted instructions in the Geek's subjects, with the ledger's share as pay", async () => {
    const english = await approvedGeek(t, admin, { subjects: ['English'] });
    const history = await approvedGeek(t, admin, { subjects: ['History'] });
    const unchecked = await openTask({ accept: false });
    const task = await openTask();
    expect(await offerIds(english.token)).toContain(task.id);
    expect(await offerIds(english.token)).not.toContain(unchecked.id);
    expect(await offerIds(history.token)).not.toContain(task.id);
    const offer = (await ws(t, english.token, '/offers')).body.results.find(
      (o: { _id: string }) => o._id === task.id,
    );
    const [row] = await t.db.select().from(orders).where(eq(orders.id, task.id));
    // geekEarningCents of the work price, as the ledger records it on acceptance (decision 036).
    const { geekEarningCents } = await import('@geekly/domain/orders/acceptance.ts');
    expect(offer.geek_pay).toBe(geekEarningCents(row?.clientBasePriceCents ?? 0) / 100);
    expect(offer).toMatchObject({ subject: 'English', request_type: 'Essay writing', size: '5 pages' });
    // A Geek taken off their subjects' list, or Away, sees none.
    await ws(t, english.token, '/me', { available: false }, 'PATCH');
    expect(await offerIds(english.token)).toEqual([]);
    await ws(t, english.token, '/me', { available: true }, 'PATCH');
    expect(await offerIds(english.token)).toContain(task.id);
  });

  it('hides a task from a Geek its student blocked', async () => {
    const geek = await approvedGeek(t, admin);
    const task = await openTask();
    expect(await offerIds(geek.token)).toContain(task.id);
    const blocked = await call(t, {
      url: `/geek/${geek.id}`,
      token: task.student.token,
      body: { action: 'block' },
    });
    expect(blocked.status).toBe(200);
    expect(await offerIds(geek.token)).not.toContain(task.id);
    expect((await ws(t, geek.token, `/offers/${task.id}/take`, {})).status).toBe(404);
  });

  it("keeps a 'Preferred Geek' task for the chosen Geek for 12 hours, then offers it to the others", async () => {
    const chosen = await approvedGeek(t, admin, { subjects: ['History'] });
    const other = await approvedGeek(t, admin);
    const task = await openTask();
    await setServices(task.id, [{ tag: 'client_recomended_writer', writerId: chosen.id }]);
    expect(await offerIds(chosen.token)).toContain(task.id);
    const mine = (await ws(t, chosen.token, '/offers')).body.results.find(
      (o: { _id: string }) => o._id === task.id,
    );
    expect(mine.reserved_for_you).toBe(true);
    expect(await offerIds(other.token)).not.toContain(task.id);
    expect((await ws(t, other.token, `/offers/${task.id}/take`, {})).status).toBe(404);
    t.clock.offsetMs = 12 * HOUR + 60_000;
    try {
      expect(await offerIds(other.token)).toContain(task.id);
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it("limits a 'TOP Geek' task to Geeks staff marked TOP", async () => {
    const plain = await approvedGeek(t, admin);
    const top = await approvedGeek(t, admin);
    const marked = await call(t, {
      method: 'PATCH',
      url: `/ops/geeks/${top.id}`,
      token: admin,
      body: { top: true },
    });
    expect(marked.status).toBe(200);
    expect(marked.body.top).toBe(true);
    const task = await openTask();
    await setServices(task.id, [{ tag: 'top_writer' }]);
    expect(await offerIds(top.token)).toContain(task.id);
    expect(await offerIds(plain.token)).not.toContain(task.id);
  });
});

describe('taking an offer', () => {
  it('20 concurrent takes by 5 Geeks: exactly one assignment, the others 409', async () => {
    const geeksList = await Promise.all([1, 2, 3, 4, 5].map(() => approvedGeek(t, admin)));
    const task = await openTask();
    const takes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ws(t, geeksList[i % 5]?.token ?? '', `/offers/${task.id}/take`, {}),
      ),
    );
    const won = takes.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    const lost = takes.filter((r) => r.status !== 200);
    expect(lost.every((r) => r.status === 409 && r.body.detail === 'Another Geek took this task')).toBe(true);
    const assigned = await t.db
      .select()
      .from(orderTransitions)
      .where(sql`${orderTransitions.orderId} = ${task.id} and ${orderTransitions.name} = 'assign_geek'`);
    expect(assigned).toHaveLength(1);
    expect(assigned[0]?.actor).toBe('geek');
    const winner = geeksList.find((g) => g.token && won[0]?.body.number && true);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, task.id));
    expect(geeksList.map((g) => g.id)).toContain(row?.geekId);
    expect(winner).toBeDefined();
    const audit = await auditLogOf(t, admin, task.id);
    expect(audit.find((a) => a.action === 'transition:assign_geek')?.actor).toMatch(/^Geek /);
    // The student sees a Geek found.
    const seen = await call(t, { url: `/orders/${task.id}`, token: task.student.token });
    expect(seen.body.client_status).toBe('Nerd found');
  });

  it('refuses a task that is no offer (404) and lets staff still assign directly', async () => {
    const geek = await approvedGeek(t, admin);
    const task = await openTask({ accept: false });
    expect((await ws(t, geek.token, `/offers/${task.id}/take`, {})).status).toBe(404);
    const byStaff = await call(t, {
      url: `/ops/orders/${task.id}/transitions`,
      token: admin,
      body: { name: 'assign_geek', writer_id: geek.id },
    });
    expect(byStaff.status).toBe(200);
    expect((await ws(t, geek.token, '/tasks')).body.results.map((r: { _id: string }) => r._id)).toContain(
      task.id,
    );
  });
});

describe("a Geek's task", () => {
  async function takenTask() {
    const geek = await approvedGeek(t, admin);
    const task = await openTask();
    expect((await ws(t, geek.token, `/offers/${task.id}/take`, {})).status).toBe(200);
    return { geek, task };
  }

  it("never shows the student's e-mail or id, and is a 404 to another Geek", async () => {
    const { geek, task } = await takenTask();
    const other = await approvedGeek(t, admin);
    await call(t, {
      url: `/orders/${task.id}/messages`,
      token: task.student.token,
      body: { message: 'Hello Geek' },
    });
    const answers = [
      await ws(t, geek.token, '/offers'),
      await ws(t, geek.token, '/tasks'),
      await ws(t, geek.token, `/tasks/${task.id}`),
      await ws(t, geek.token, '/me'),
    ];
    for (const a of answers) {
      expect(a.status).toBe(200);
      const json = JSON.stringify(a.body);
      expect(json).not.toContain(task.student.email);
      expect(json).not.toContain(task.student.id);
    }
    const detail = answers[2]?.body;
    expect(detail.student).toBe(`Student ${detail.number}`);
    expect(detail.stage).toBe('start');
    expect(detail.transitions).toEqual(['start_work', 'deliver', 'give_back'].filter((n) => n !== 'deliver'));
    expect((await ws(t, other.token, `/tasks/${task.id}`)).status).toBe(404);
    expect((await ws(t, other.token, `/tasks/${task.id}/transitions`, { name: 'start_work' })).status).toBe(
      404,
    );
  });

  it('gives back before work starts: back in the offers, staff see it to assign, audited', async () => {
    const { geek, task } = await takenTask();
    const back = await ws(t, geek.token, `/tasks/${task.id}/transitions`, { name: 'give_back' });
    expect(back.status).toBe(200);
    expect((await ws(t, geek.token, `/tasks/${task.id}`)).status).toBe(404);
    expect(await offerIds(geek.token)).toContain(task.id);
    const queue = await call(t, { url: '/ops/orders?group=assign', token: admin });
    expect(queue.body.results.map((r: { _id: string }) => r._id)).toContain(task.id);
    const audit = await auditLogOf(t, admin, task.id);
    expect(audit.some((a) => a.action === 'transition:give_back' && a.actor.startsWith('Geek '))).toBe(true);
  });

  it('may not give back once work started, nor deliver without a final draft, nor run staff transitions', async () => {
    const { geek, task } = await takenTask();
    expect((await ws(t, geek.token, `/tasks/${task.id}/transitions`, { name: 'start_work' })).status).toBe(
      200,
    );
    expect((await ws(t, geek.token, `/tasks/${task.id}/transitions`, { name: 'give_back' })).status).toBe(
      409,
    );
    const noDraft = await ws(t, geek.token, `/tasks/${task.id}/transitions`, { name: 'deliver' });
    expect(noDraft.status).toBe(409);
    expect(noDraft.body.error_type ?? noDraft.body.errorType ?? JSON.stringify(noDraft.body)).toContain(
      'final_draft',
    );
    expect(
      (await ws(t, geek.token, `/tasks/${task.id}/transitions`, { name: 'deliver_revision' })).status,
    ).toBe(409);
    expect((await ws(t, geek.token, `/tasks/${task.id}/transitions`, { name: 'accept_refund' })).status).toBe(
      422,
    );
    expect((await ws(t, geek.token, `/tasks/${task.id}/transitions`, { name: 'pass_check' })).status).toBe(
      422,
    );
  });

  it('holds a delivery for the quality check; staff pass it on (the student sees it then) or return it', async () => {
    const { geek, task } = await takenTask();
    await ws(t, geek.token, `/tasks/${task.id}/transitions`, { name: 'start_work' });
    await uploadGeekFile(t, admin, task.id);
    const delivered = await ws(t, geek.token, `/tasks/${task.id}/transitions`, { name: 'deliver' });
    expect(delivered.status).toBe(200);
    expect(delivered.body.stage).toBe('check');
    expect(delivered.body.check.waiting).toBe(true);
    const student = await call(t, { url: `/orders/${task.id}`, token: task.student.token });
    expect(student.body.client_status).toBe('In progress');
    const queue = await call(t, { url: '/ops/orders?group=check', token: admin });
    expect(queue.body.results.map((r: { _id: string }) => r._id)).toContain(task.id);
    const ops = await call(t, { url: `/ops/orders/${task.id}`, token: admin });
    expect(ops.body.operator_transitions).toEqual(expect.arrayContaining(['pass_check', 'return_to_geek']));

    const noNote = await call(t, {
      url: `/ops/orders/${task.id}/transitions`,
      token: admin,
      body: { name: 'return_to_geek' },
    });
    expect(noNote.status).toBe(422);
    const back = await call(t, {
      url: `/ops/orders/${task.id}/transitions`,
      token: admin,
      body: { name: 'return_to_geek', note: 'Add the references list' },
    });
    expect(back.status).toBe(200);
    const returned = await ws(t, geek.token, `/tasks/${task.id}`);
    expect(returned.body).toMatchObject({
      stage: 'write',
      check: { waiting: false, returned_note: 'Add the references list' },
    });

    expect((await ws(t, geek.token, `/tasks/${task.id}/transitions`, { name: 'deliver' })).status).toBe(200);
    const passed = await call(t, {
      url: `/ops/orders/${task.id}/transitions`,
      token: admin,
      body: { name: 'pass_check' },
    });
    expect(passed.status).toBe(200);
    const seen = await call(t, { url: `/orders/${task.id}`, token: task.student.token });
    expect(seen.body.client_status).toBe('Sent');
    expect((await ws(t, geek.token, `/tasks/${task.id}`)).body.stage).toBe('delivered');
  });
});

describe('with GEEK_DELIVERY_CHECK=false', () => {
  it("a Geek's delivery reaches the student at once", async () => {
    const t2 = await createTestApp({ GEEK_DELIVERY_CHECK: 'false', SIGNUP_LIMIT_PER_HOUR: '100000' });
    try {
      const ops = await staffToken(t2);
      const geek = await approvedGeek(t2, ops);
      const student = await signUpClient(t2);
      await creditBalance(t2, ops, student.id, 300);
      const order = await pricedOrder(t2, student.token);
      await call(t2, {
        url: `/orders/${order._id}/pay`,
        token: student.token,
        body: { account_balance_use: 100_000 },
      });
      await call(t2, {
        url: `/ops/orders/${order._id}/transitions`,
        token: ops,
        body: { name: 'accept_instructions' },
      });
      expect((await ws(t2, geek.token, `/offers/${order._id}/take`, {})).status).toBe(200);
      await uploadGeekFile(t2, ops, order._id);
      const d = await ws(t2, geek.token, `/tasks/${order._id}/transitions`, { name: 'deliver' });
      expect(d.status).toBe(200);
      expect(d.body.stage).toBe('delivered');
      expect((await call(t2, { url: `/orders/${order._id}`, token: student.token })).body.client_status).toBe(
        'Sent',
      );
    } finally {
      await t2.close();
    }
  });
});

describe('My tasks, a page at a time (issue 36)', () => {
  it("pages 50 tasks, the latest deadline first then by id, each of the Geek's tasks once and no other's", async () => {
    const geek = await approvedGeek(t, admin);
    const other = await approvedGeek(t, admin);
    const student = await signUpClient(t);
    // 160 tasks, a quarter another Geek's; 31 of them share one deadline, across a page's edge.
    await t.db.execute(sql`insert into orders (user_id, title, subject, deadline, system_client_status, writer_id,
        paid_cents, price_cents)
      select ${student.id}::uuid, 'Paged ' || g, 'English',
        ${t.ctx.now().toISOString()}::timestamptz + make_interval(hours => case when g between 40 and 70 then 5 else g end),
        case when g % 2 = 0 then 'In Progress' else 'Completed' end,
        case when g % 4 = 3 then ${other.id}::uuid else ${geek.id}::uuid end, 1000, 1000
      from generate_series(1, 160) g`);
    const own = async (geekId: string) =>
      t.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.geekId, geekId))
        .orderBy(desc(orders.deadline), desc(orders.id));
    const expected = (await own(geek.id)).map((r) => r.id);
    expect(expected).toHaveLength(120);

    const pages = async (token: string) => {
      const seen: string[] = [];
      let after = '';
      for (let i = 0; i < 10; i++) {
        const page = await ws(t, token, `/tasks${after ? `?after=${after}` : ''}`);
        expect(page.status).toBe(200);
        const ids = (page.body.results as { _id: string }[]).map((r) => r._id);
        seen.push(...ids);
        if (page.body.next === null) return seen;
        expect(ids).toHaveLength(50);
        expect(page.body.next).toBe(ids.at(-1));
        after = page.body.next;
      }
      throw new Error('more than 10 pages');
    };
    // Every task once, none missing, in (deadline, id) order from the latest.
    expect(await pages(geek.token)).toEqual(expected);
    expect(await pages(other.token)).toEqual((await own(other.id)).map((r) => r.id));
    // Another Geek's task as the cursor is no page of theirs.
    const mine = expected[0] ?? '';
    const foreign = await ws(t, other.token, `/tasks?after=${mine}`);
    expect(foreign.body).toEqual({ results: [], next: null });
    expect((await ws(t, geek.token, '/tasks?after=30faab15-33db-a72a-084a-b30735b40bdc')).body).toEqual({
      results: [],
      next: null,
    });
    expect((await ws(t, geek.token, '/tasks?after=not-an-id')).status).toBe(422);
  });
});
