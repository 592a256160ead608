import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfBytes, postToLocalStorage, presign } from './helpers/files.ts';
import { dataOf, openStream } from './helpers/sse-client.ts';
import { auditLogOf, call, createTestApp, staffToken, type TestApp } from './helpers/test-app.ts';
import { approvedGeek, mailsTo, openTask, uploadWorkspaceFile, ws } from './helpers/workspace.ts';

// Issue 31 items 6 and 7: a Geek's files, messages and live events.
let t: TestApp;
let admin: string;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ SIGNUP_LIMIT_PER_HOUR: '100000' });
  admin = await staffToken(t);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t?.close());

async function takenTask() {
  const geek = await approvedGeek(t, admin);
  const task = await openTask(t, admin);
  expect((await ws(t, geek.token, `/offers/${task.id}/take`, {})).status).toBe(200);
  return { geek, task };
}

describe("a Geek's files", () => {
  it('uploads a final draft and a plagiarism report; delivers; the student gets them after the check', async () => {
    const { geek, task } = await takenTask();
    await ws(t, geek.token, `/tasks/${task.id}/transitions`, { name: 'start_work' });
    const final = await uploadWorkspaceFile(t, geek.token, task.id);
    expect(final.status).toBe(201);
    expect(final.body.attached_files[0]).toMatchObject({ type: 'file_final_draft', from: 'geek' });
    const report = await uploadWorkspaceFile(t, geek.token, task.id, {
      type: 'plagreport_file_final_draft',
      plag_level: 4,
      name: 'report.pdf',
    });
    expect(report.status).toBe(201);
    // Only staff override the plagiarism check.
    const override = await ws(t, geek.token, `/tasks/${task.id}/files`, {
      files: [{ location: 'x', name: 'a.pdf', size: 1, type: 'application/pdf', override_pgch: true }],
    });
    expect(override.status).toBe(422);
    const detail = await ws(t, geek.token, `/tasks/${task.id}`);
    expect(detail.body.files.map((f: { type: string }) => f.type).sort()).toEqual([
      'file_final_draft',
      'plagreport_file_final_draft',
    ]);
    expect(detail.body.files[0].download_url).toMatch(/^http/);
    expect(detail.body.transitions).toContain('deliver');
    expect((await ws(t, geek.token, `/tasks/${task.id}/transitions`, { name: 'deliver' })).status).toBe(200);
    const before = await call(t, { url: `/orders/${task.id}/files`, token: task.student.token });
    expect(before.body.files.filter((f: { geek_file: boolean }) => f.geek_file)).toEqual([]);
    // Staff open the held delivery in the quality check; the student's token does not reach that call.
    const held = await call(t, { url: `/ops/orders/${task.id}/files`, token: admin });
    const heldFinal = held.body.files.find((f: { type: string }) => f.type === 'file_final_draft');
    const opened = await call(t, { url: `/ops/orders/${task.id}/files/${heldFinal._id}/url`, token: admin });
    expect(opened.status).toBe(200);
    const signed = new URL(opened.body.url);
    const bytes = await t.app.inject({ method: 'GET', url: signed.pathname + signed.search });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const fileUrl = `/ops/orders/${task.id}/files/${heldFinal._id}/url`;
    expect((await call(t, { url: fileUrl, token: task.student.token })).status).toBe(403);
    expect((await call(t, { url: `/ops/orders/${task.id}/files/nope/url`, token: admin })).status).toBe(404);
    await call(t, { url: `/ops/orders/${task.id}/transitions`, token: admin, body: { name: 'pass_check' } });
    const after = await call(t, { url: `/orders/${task.id}/files`, token: task.student.token });
    expect(after.body.files.filter((f: { geek_file: boolean }) => f.geek_file).length).toBe(2);
    const audit = await auditLogOf(t, admin, task.id);
    expect(audit.some((a) => a.action === 'geek_files' && a.actor.startsWith('Geek '))).toBe(true);
  });

  it("refuses another Geek's task: uploads, files and messages are 404", async () => {
    const { task } = await takenTask();
    const other = await approvedGeek(t, admin);
    const upload = await ws(t, other.token, `/tasks/${task.id}/uploads`, {
      name: 'a.pdf',
      size: 10,
      type: 'application/pdf',
    });
    expect(upload.status).toBe(404);
    expect((await ws(t, other.token, `/tasks/${task.id}/messages`)).status).toBe(404);
    expect((await ws(t, other.token, `/tasks/${task.id}/messages`, { message: 'hi' })).status).toBe(404);
    const attach = await ws(t, other.token, `/tasks/${task.id}/files`, {
      files: [{ location: 'orders/x', name: 'a.pdf', size: 1, type: 'file_final_draft' }],
    });
    expect(attach.status).toBe(404);
  });
});

describe("a Geek's messages", () => {
  it("writes as the Geek ('writer', their public name to the student) and reads the student's as 'Student N'", async () => {
    const { geek, task } = await takenTask();
    const sent = await ws(t, geek.token, `/tasks/${task.id}/messages`, { message: 'Hello, I am on it' });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ sender_role: 'writer', name: 'Grace H.' });
    const studentSide = await call(t, { url: `/orders/${task.id}/messages`, token: task.student.token });
    const mine = studentSide.body.results.find((m: { message: string }) => m.message === 'Hello, I am on it');
    expect(mine).toMatchObject({ sender_role: 'writer', name: 'Grace H.' });
    await call(t, {
      url: `/orders/${task.id}/messages`,
      token: task.student.token,
      body: { message: 'Thanks!' },
    });
    const tasks = await ws(t, geek.token, '/tasks');
    expect(tasks.body.results.find((r: { _id: string }) => r._id === task.id).unread_messages).toBe(1);
    const list = await ws(t, geek.token, `/tasks/${task.id}/messages`);
    const theirs = list.body.results.find((m: { message: string }) => m.message === 'Thanks!');
    expect(theirs.name).toMatch(/^Student \d+$/);
    expect(JSON.stringify(list.body)).not.toContain(task.student.email);
    expect(
      (await ws(t, geek.token, '/tasks')).body.results.find((r: { _id: string }) => r._id === task.id)
        .unread_messages,
    ).toBe(0);
    // With no stream open, the Geek is mailed the student's message, linking to the task's page.
    const mails = await mailsTo(t, geek.email);
    expect(mails.some((m) => m.includes(`/workspace/tasks/${task.id}`) && m.includes('Thanks!'))).toBe(true);
  });
});

describe('mail to Geeks', () => {
  it('mails new offers at most once an hour, listing them, linking to the workspace', async () => {
    const geek = await approvedGeek(t, admin, { subjects: ['Sociology'] });
    const first = await openTask(t, admin, { subject: 'Sociology' });
    const second = await openTask(t, admin, { subject: 'Sociology' });
    const offers = (await mailsTo(t, geek.email)).filter((m) => m.includes('See your offers'));
    expect(offers).toHaveLength(1);
    expect(offers[0]).toContain('http://localhost:3000/workspace');
    const numberOf = async (id: string) =>
      (await call(t, { url: `/ops/orders/${id}`, token: admin })).body.number;
    expect(offers[0]).toContain(`#${await numberOf(first.id)}`);
    expect(offers[0]).not.toContain(`#${await numberOf(second.id)}`);
    t.clock.offsetMs = 61 * 60_000;
    try {
      await openTask(t, admin, { subject: 'Sociology' });
      const later = (await mailsTo(t, geek.email)).filter((m) => m.includes('See your offers'));
      expect(later).toHaveLength(2);
      // Listing every offer open for them now.
      expect(later[1]).toContain(`#${await numberOf(second.id)}`);
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it("mails the task's Geek a revision request with its comment and a link to the task", async () => {
    const { geek, task } = await takenTask();
    await ws(t, geek.token, `/tasks/${task.id}/transitions`, { name: 'start_work' });
    await uploadWorkspaceFile(t, geek.token, task.id);
    await ws(t, geek.token, `/tasks/${task.id}/transitions`, { name: 'deliver' });
    await call(t, { url: `/ops/orders/${task.id}/transitions`, token: admin, body: { name: 'pass_check' } });
    const deadline = new Date(t.ctx.now().getTime() + 48 * 3_600_000).toISOString();
    const asked = await call(t, {
      url: `/orders/${task.id}`,
      token: task.student.token,
      body: { action: 'client_revision', comment: 'Please cite more sources', revision_deadline: deadline },
    });
    expect(asked.status).toBe(200);
    const mails = await mailsTo(t, geek.email);
    expect(
      mails.some((m) => m.includes('Please cite more sources') && m.includes(`/workspace/tasks/${task.id}`)),
    ).toBe(true);
    const detail = await ws(t, geek.token, `/tasks/${task.id}`);
    expect(detail.body.revision).toMatchObject({ comment: 'Please cite more sources' });
    expect(detail.body.stage).toBe('revise');
  });
});

describe("a student's message attachment", () => {
  it("downloads for the task's Geek, 404 for another Geek", async () => {
    const { geek, task } = await takenTask();
    const other = await approvedGeek(t, admin);
    const bytes = pdfBytes(1500);
    const signed = await presign(t, task.student.token, task.id, {
      name: 'notes.pdf',
      size: bytes.length,
      context: 'msgs',
    });
    expect((await postToLocalStorage(t, signed.body, bytes)).status).toBe(204);
    const sent = await call(t, {
      url: `/orders/${task.id}/messages`,
      token: task.student.token,
      body: {
        files: [
          { location: signed.body.location, name: 'notes.pdf', size: bytes.length, type: 'application/pdf' },
        ],
      },
    });
    expect(sent.status).toBe(201);
    const url = `/tasks/${task.id}/messages/${sent.body._id}/files/${sent.body.files[0]._id}/download`;
    const got = await ws(t, geek.token, url);
    expect(got.status).toBe(302);
    const location = new URL(got.headers.location as string);
    const stored = await t.app.inject({ method: 'GET', url: location.pathname + location.search });
    expect(stored.statusCode).toBe(200);
    expect(stored.rawPayload.equals(bytes)).toBe(true);
    expect((await ws(t, other.token, url)).status).toBe(404);
  });
});

describe('GET /workspace/events', () => {
  it("carries the Geek's offers, task changes and messages, replays from Last-Event-ID, ends on log-out", async () => {
    const geek = await approvedGeek(t, admin);
    const student = await call(t, { url: '/users/client/me', token: geek.token });
    expect(student.status).toBe(401);
    const refused = openStream(base, admin, {}, '', '/workspace/events');
    expect(await refused.opened).toBe(401);
    refused.close();

    const stream = openStream(base, geek.token, {}, '', '/workspace/events');
    expect(await stream.opened).toBe(200);
    const ready = await stream.waitFor((e) => e.event === 'ready');
    const task = await openTask(t, admin);
    await stream.waitFor((e) => dataOf(e).type === 'offer');
    await ws(t, geek.token, `/offers/${task.id}/take`, {});
    await stream.waitFor((e) => dataOf(e).type === 'order' && dataOf(e).order_id === task.id);
    await call(t, { url: `/orders/${task.id}/messages`, token: task.student.token, body: { message: 'Hi' } });
    const msg = await stream.waitFor((e) => dataOf(e).type === 'message' && dataOf(e).order_id === task.id);
    stream.close();

    // Missed while away: replayed from the last id seen.
    await call(t, {
      url: `/orders/${task.id}/messages`,
      token: task.student.token,
      body: { message: 'Still there?' },
    });
    const again = openStream(base, geek.token, { 'last-event-id': msg.id ?? '' }, '', '/workspace/events');
    const replayed = await again.waitFor(
      (e) => dataOf(e).type === 'message' && Number(e.id) > Number(msg.id),
    );
    expect(dataOf(replayed).order_id).toBe(task.id);
    expect(Number(ready.id)).toBeLessThan(Number(msg.id));
    await ws(t, geek.token, '/logout', {});
    await again.ended;
  });
});
