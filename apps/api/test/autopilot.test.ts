import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autopilotSteps, geeks } from '../src/db/schema.ts';
import { ensureAutopilotAccount } from '../src/modules/autopilot/autopilot.repository.ts';
import { runAutopilot, startAutopilot } from '../src/modules/autopilot/autopilot.ts';
import { chooseGeek, nextStep } from '../src/modules/autopilot/autopilot-plan.ts';
import { uploadGeekFile } from './helpers/files.ts';
import { payWithCard } from './helpers/sandbox-card.ts';
import {
  auditLogOf,
  call,
  createTestApp,
  pricedOrder,
  signUpClient,
  staffToken,
  type TestApp,
} from './helpers/test-app.ts';

const HOUR = 3_600_000;

const clientOrder = async (t: TestApp, token: string, id: string) =>
  (await call(t, { url: `/orders/${id}`, token })).body;
const geeksOnline = async (t: TestApp) =>
  (await call(t, { url: '/public/stats' })).body.geeks_online as number;

/** A new client's task, priced and paid in full by card through the sandbox gateway. */
async function paidByCard(t: TestApp, opts: { subject?: string; pages?: number } = {}) {
  const client = await signUpClient(t);
  const order = await pricedOrder(t, client.token, { hours: 120, pages: 2, ...opts });
  const started = await call(t, {
    url: `/orders/${order._id}/pay`,
    token: client.token,
    body: { account_balance_use: 0, expected_price: order.price },
  });
  expect(started.status).toBe(200);
  const paid = await payWithCard(t, started.body.gateway);
  expect(paid.status).toBe(303);
  expect((await clientOrder(t, client.token, order._id)).system_client_status).toBe('Paid');
  return { client, id: order._id, title: order.title as string };
}

/**
 * Polls every 250 ms until `check` answers something, or fails after `ms`, moving the app's clock 1 s on at
 * each poll: the autopilot's 30 s of work pass in about 8 s, while its two loops still tick on their real timers
 * (every second) and the statuses can still be seen changing one by one.
 */
async function waitAdvancing<T>(
  t: TestApp,
  what: string,
  ms: number,
  check: () => Promise<T | undefined | null | false>,
) {
  const until = Date.now() + ms;
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
    t.clock.offsetMs += 1_000;
  }
}

/** Downloads a file as the client: the signed address, then the stored bytes. */
async function downloadBytes(t: TestApp, token: string, orderId: string, fileId: string) {
  const res = await call(t, { url: `/orders/${orderId}/files/${fileId}/download`, token });
  expect(res.status).toBe(302);
  const url = new URL(res.headers.location as string);
  const stored = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
  expect(stored.statusCode).toBe(200);
  return stored.rawPayload;
}

describe('the demo autopilot with AUTOPILOT_MINUTES=0.5, two loops on one database', () => {
  let t: TestApp;
  let ops: string;
  const stops: (() => Promise<void>)[] = [];
  const errors: unknown[] = [];
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ AUTOPILOT_MINUTES: '0.5', SIGNUP_LIMIT_PER_HOUR: '100000' });
    ops = await staffToken(t);
    const rows = await t.db
      .insert(geeks)
      .values([
        { publicFullName: 'Ada L.', major: 'English', publicSubjects: ['English', 'Literature'] },
        { publicFullName: 'Bram K.', major: 'Economics', publicSubjects: ['Macroeconomics'] },
        // Fits the course and comes first by name, but is disabled: never assigned.
        {
          publicFullName: 'Aaron D.',
          major: 'Economics',
          publicSubjects: ['Macroeconomics'],
          isDisabled: true,
        },
      ])
      .returning({ id: geeks.id, name: geeks.publicFullName });
    for (const r of rows) ids[r.name] = r.id;
    // Two autopilots at once, as two API processes would run them: no step may happen twice.
    stops.push(startAutopilot(t.ctx, (err) => errors.push(err)));
    stops.push(startAutopilot(t.ctx, (err) => errors.push(err)));
  });
  afterAll(async () => {
    for (const stop of stops) await stop();
    await t?.close();
  });

  it('delivers a paid task with a real PDF and a Geek message, every step audited once, then a revision', async () => {
    expect(await geeksOnline(t)).toBe(0);
    const task = await paidByCard(t, { subject: 'Macroeconomics' });
    const paidAt = t.ctx.now().getTime();
    // A task staff took over (instructions checked in the back office) is left to them.
    const handled = await paidByCard(t, { subject: 'English' });
    expect(
      (
        await call(t, {
          url: `/ops/orders/${handled.id}/transitions`,
          token: ops,
          body: { name: 'accept_instructions' },
        })
      ).status,
    ).toBe(200);
    // A task whose client asked for a refund before any work is not a task to work on.
    const refunding = await paidByCard(t, { subject: 'English' });
    const refund = await call(t, {
      url: `/orders/${refunding.id}`,
      token: refunding.client.token,
      body: { action: 'client_refund', comment: 'balance - I no longer need this task' },
    });
    expect(refund.status).toBe(200);

    // The statuses change live: the Geek is found, starts, and delivers.
    const seen = new Set<string>();
    const delivered = await waitAdvancing(t, 'the delivery', 90_000, async () => {
      const o = await clientOrder(t, task.client.token, task.id);
      seen.add(o.client_status ?? o.system_client_status);
      return o.client_status === 'Sent' ? o : null;
    });
    // In the app's time: not before AUTOPILOT_MINUTES (30 s) after the payment, give or take, nor minutes after
    // (the clock runs 4× while the passes take real time, so a slow machine sees the delivery later in it).
    const took = t.ctx.now().getTime() - paidAt;
    expect(took).toBeGreaterThan(20_000);
    expect(took).toBeLessThan(120_000);
    expect(seen).toContain('In progress');
    expect(delivered).toMatchObject({ system_client_status: 'Completed', writer_info: ids['Bram K.'] });
    expect(await geeksOnline(t)).toBe(1);

    // A real PDF, unlocked (paid in full), stating the task.
    const files = (await call(t, { url: `/orders/${task.id}/files`, token: task.client.token })).body
      .files as { _id: string; type: string; locked: boolean; plag_status: string }[];
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ type: 'file_final_draft', locked: false, plag_status: 'not_found' });
    const bytes = await downloadBytes(t, task.client.token, task.id, files[0]?._id ?? '');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe(task.title);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);

    const messages = (await call(t, { url: `/orders/${task.id}/messages`, token: task.client.token })).body
      .results as { sender_role: string; message: string }[];
    const fromGeek = messages.filter((m) => m.sender_role === 'writer');
    expect(fromGeek).toHaveLength(1);
    expect(fromGeek[0]?.message).toContain("I'm Bram");

    const firstRound = await auditLogOf(t, ops, task.id);
    expect(firstRound.map((a) => a.actor)).toEqual(firstRound.map(() => 'autopilot'));
    expect(firstRound.map((a) => a.action).reverse()).toEqual([
      'transition:accept_instructions',
      'transition:assign_geek',
      'transition:start_work',
      'message',
      'geek_files',
      'transition:deliver',
    ]);

    // The client asks for a revision: accepted, a message, a new file, delivered again.
    const asked = await call(t, {
      url: `/orders/${task.id}`,
      token: task.client.token,
      body: {
        action: 'client_revision',
        comment: 'Please add two more sources',
        revision_deadline: new Date(t.ctx.now().getTime() + 30 * HOUR).toISOString(),
      },
    });
    expect(asked.status).toBe(200);
    await waitAdvancing(t, 'the revision', 90_000, async () => {
      const o = await clientOrder(t, task.client.token, task.id);
      return o.client_status === 'Revision sent';
    });
    const revised = (await call(t, { url: `/orders/${task.id}/files`, token: task.client.token })).body
      .files as { _id: string; name: string }[];
    expect(revised).toHaveLength(2);
    const revisedFile = revised.find((f) => f.name.includes('revised'));
    expect(revisedFile).toBeDefined();
    const revisedBytes = await downloadBytes(t, task.client.token, task.id, revisedFile?._id ?? '');
    expect(revisedBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const all = await auditLogOf(t, ops, task.id);
    expect(all.every((a) => a.actor === 'autopilot')).toBe(true);
    expect(
      all
        .map((a) => a.action)
        .reverse()
        .slice(firstRound.length),
    ).toEqual(['transition:accept_revision', 'message', 'geek_files', 'transition:deliver_revision']);
    const geekMessages = (await call(t, { url: `/orders/${task.id}/messages`, token: task.client.token }))
      .body.results as { sender_role: string }[];
    expect(geekMessages.filter((m) => m.sender_role === 'writer')).toHaveLength(2);

    // One row per step, though two loops ran all along.
    const steps = await t.db.select().from(autopilotSteps).where(eq(autopilotSteps.orderId, task.id));
    expect(steps).toHaveLength(10);

    // The tasks it had to leave alone.
    expect((await auditLogOf(t, ops, handled.id)).map((a) => a.actor)).toEqual([
      expect.stringContaining('@'),
    ]);
    expect((await clientOrder(t, handled.client.token, handled.id)).system_client_status).toBe('Paid');
    expect(await auditLogOf(t, ops, refunding.id)).toEqual([]);
    expect((await clientOrder(t, refunding.client.token, refunding.id)).system_client_status).toBe(
      'Refund Requested',
    );
    expect(errors).toEqual([]);
  }, 200_000);

  it('does a due step once when two passes run at the same moment', async () => {
    const account = await ensureAutopilotAccount(t.db);
    const task = await paidByCard(t, { subject: 'English' });
    // Both passes see the check of instructions due (the clock 4 s on, past 10% of 30 s).
    const before = t.clock.offsetMs;
    t.clock.offsetMs = before + 4_000;
    try {
      await Promise.all([runAutopilot(t.ctx, account), runAutopilot(t.ctx, account)]);
    } finally {
      t.clock.offsetMs = before;
    }
    const rows = await auditLogOf(t, ops, task.id);
    expect(rows.filter((a) => a.action === 'transition:accept_instructions')).toHaveLength(1);
  });
});

describe('the demo autopilot turned off, and Geeks online through the back office', () => {
  let t: TestApp;
  let ops: string;
  let geekId: string;

  beforeAll(async () => {
    t = await createTestApp({ AUTOPILOT_MINUTES: '0', SIGNUP_LIMIT_PER_HOUR: '100000' });
    ops = await staffToken(t);
    const [geek] = await t.db
      .insert(geeks)
      .values({ publicFullName: 'Ada L.', major: 'English', publicSubjects: ['English'] })
      .returning({ id: geeks.id });
    geekId = geek?.id ?? '';
  });
  afterAll(async () => t?.close());

  it('does nothing with AUTOPILOT_MINUTES=0, however long after the payment', async () => {
    const stop = startAutopilot(t.ctx, (err) => {
      throw err;
    });
    const task = await paidByCard(t);
    t.clock.offsetMs = 2 * HOUR;
    try {
      expect(await runAutopilot(t.ctx, await ensureAutopilotAccount(t.db))).toBe(0);
    } finally {
      t.clock.offsetMs = 0;
      await stop();
    }
    expect((await clientOrder(t, task.client.token, task.id)).system_client_status).toBe('Paid');
    expect(await auditLogOf(t, ops, task.id)).toEqual([]);
  });

  it('counts a Geek online when staff act as the Geek: taking the task, replying, uploading', async () => {
    const forget = () => t.db.update(geeks).set({ lastSeenAt: null }).where(eq(geeks.id, geekId));
    const task = await paidByCard(t);
    expect(await geeksOnline(t)).toBe(0);
    const assign = await call(t, {
      url: `/ops/orders/${task.id}/transitions`,
      token: ops,
      body: { name: 'assign_geek', writer_id: geekId },
    });
    expect(assign.status).toBe(200);
    expect(await geeksOnline(t)).toBe(1);

    await forget();
    const reply = (sender_role: string) =>
      call(t, {
        url: `/ops/orders/${task.id}/messages`,
        token: ops,
        body: { message: 'Hello', sender_role },
      });
    expect((await reply('operator')).status).toBe(201);
    expect(await geeksOnline(t)).toBe(0); // the Account Manager is not the Geek
    expect((await reply('writer')).status).toBe(201);
    expect(await geeksOnline(t)).toBe(1);

    await forget();
    await uploadGeekFile(t, ops, task.id);
    expect(await geeksOnline(t)).toBe(1);

    // Seen more than 15 minutes ago is not online.
    t.clock.offsetMs = 16 * 60_000;
    try {
      expect(await geeksOnline(t)).toBe(0);
    } finally {
      t.clock.offsetMs = 0;
    }
  });
});

describe('the autopilot timetable and Geek choice', () => {
  const base = {
    id: 'x',
    systemClientStatus: 'Paid',
    clientStatus: null,
    tags: [] as string[],
    clientPaidAtFirst: new Date('2026-01-01T00:00:00Z'),
    clientRevisionAt: null,
  };

  it('spreads the work over AUTOPILOT_MINUTES from the payment, and a revision over half of it', () => {
    const at = (s: ReturnType<typeof nextStep>) =>
      s ? s.dueAt.getTime() - base.clientPaidAtFirst.getTime() : null;
    expect(at(nextStep(base, new Set(), 10))).toBe(60_000);
    expect(nextStep({ ...base, tags: ['instr_ok'] }, new Set(), 10)).toMatchObject({ kind: 'assign' });
    const working = { ...base, systemClientStatus: 'In Progress', clientStatus: 'In progress' };
    expect(nextStep(working, new Set(), 10)).toMatchObject({ kind: 'message', revision: false });
    const deliver = nextStep(working, new Set(['work:message']), 10);
    expect(deliver).toMatchObject({ kind: 'deliver', name: 'deliver' });
    expect(at(deliver)).toBe(600_000);
    const askedAt = new Date('2026-01-02T00:00:00Z');
    const onRevision = { ...working, clientStatus: 'On revision', clientRevisionAt: askedAt };
    const revision = nextStep(onRevision, new Set([`revision-${askedAt.getTime()}:message`]), 10);
    expect(revision).toMatchObject({ kind: 'deliver', name: 'deliver_revision' });
    expect((revision?.dueAt.getTime() ?? 0) - askedAt.getTime()).toBe(300_000);
    // Delivered, refunded or unpaid: nothing to do.
    expect(
      nextStep({ ...working, systemClientStatus: 'Completed', clientStatus: 'Sent' }, new Set(), 10),
    ).toBe(null);
    expect(nextStep({ ...base, systemClientStatus: 'Refund Requested' }, new Set(), 10)).toBe(null);
    expect(nextStep({ ...base, clientPaidAtFirst: null, systemClientStatus: 'Unpaid' }, new Set(), 10)).toBe(
      null,
    );
  });

  it('assigns the preferred Geek, else the least loaded who fits the course, else the least loaded; never a blocked one', () => {
    const g = (
      id: string,
      subjects: string[],
      load: number,
      isDisabled = false,
      loginEmail: string | null = null,
    ) => ({
      id,
      publicFullName: id,
      major: 'Other',
      publicSubjects: subjects,
      isDisabled,
      load,
      loginEmail,
    });
    const all = [g('busy-fit', ['History'], 3), g('free-fit', ['history'], 1), g('idle', ['Art'], 0)];
    const task = { subject: 'History', services: [] };
    expect(chooseGeek(task, all, new Set())?.id).toBe('free-fit');
    expect(chooseGeek(task, all, new Set(['free-fit']))?.id).toBe('busy-fit');
    expect(chooseGeek({ subject: 'Nursing', services: [] }, all, new Set())?.id).toBe('idle');
    expect(
      chooseGeek(
        { subject: 'History', services: [{ tag: 'client_recomended_writer', writerId: 'idle' }] },
        all,
        new Set(),
      )?.id,
    ).toBe('idle');
    expect(chooseGeek(task, [g('off', ['History'], 0, true)], new Set())).toBe(null);
    // Issue 31: a real Geek (with a workspace log-in) is never played by the autopilot.
    expect(chooseGeek(task, [g('real', ['History'], 0, false, 'geek@example.com')], new Set())).toBe(null);
  });
});
