import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geeks } from '../src/db/schema.ts';
import { pdfBytes, postToLocalStorage, presign, uploadGeekFile } from './helpers/files.ts';
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
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  ops = await staffToken(t);
  const [geek] = await t.db.insert(geeks).values({ publicFullName: 'G.', major: 'English' }).returning();
  geekId = geek?.id ?? '';
});
afterAll(async () => t?.close());

const operate = (id: string, name: string) =>
  call(t, {
    url: `/ops/orders/${id}/transitions`,
    token: ops,
    body: name === 'assign_geek' ? { name, writer_id: geekId } : { name },
  });
const act = (token: string, id: string, body: Record<string, unknown>) =>
  call(t, { url: `/orders/${id}`, token, body });
const revision = (hours = 30) => ({
  action: 'client_revision',
  comment: 'Add two sources',
  revision_deadline: new Date(Date.now() + hours * HOUR).toISOString(),
});

/** A fully paid task of a new client, moved by the operator through `steps`. */
async function task(steps: string[]) {
  const client = await signUpClient(t);
  const order = await pricedOrder(t, client.token, { pages: 1, hours: 100 });
  await creditBalance(t, ops, client.id, 30);
  await call(t, {
    url: `/orders/${order._id}/pay`,
    token: client.token,
    body: { account_balance_use: 3000 },
  });
  for (const step of steps) {
    if (step === 'deliver') await uploadGeekFile(t, ops, order._id);
    expect((await operate(order._id, step)).status).toBe(200);
  }
  return { client, id: order._id };
}

describe('the server refuses what the after-delivery rules forbid', () => {
  it('refuses a rating before delivery, a second rating, and another client’s rating', async () => {
    const working = await task(['assign_geek', 'start_work']);
    const early = await act(working.client.token, working.id, { action: 'client_feedback', mark: 5 });
    expect(early.status).toBe(409);
    expect((await call(t, { url: `/orders/${working.id}`, token: working.client.token })).body.mark).toBe(0);

    const done = await task(['assign_geek', 'start_work', 'deliver']);
    const stranger = await signUpClient(t);
    expect((await act(stranger.token, done.id, { action: 'client_feedback', mark: 5 })).status).toBe(404);
    const other = await act(done.client.token, done.id, {
      action: 'client_feedback',
      mark: 2,
      tags: ['other'],
    });
    expect(other.status).toBe(422);
    expect(other.body.error_value.feedback).toBe('Please, add some details');
    const rated = await act(done.client.token, done.id, {
      action: 'client_feedback',
      mark: 2,
      tags: ['format'],
    });
    expect(rated.body).toMatchObject({ mark: 2, can: { rate: false } });
    const again = await act(done.client.token, done.id, { action: 'client_feedback', mark: 5 });
    expect(again.status).toBe(409);
    expect((await call(t, { url: `/orders/${done.id}`, token: done.client.token })).body.mark).toBe(2);
    // The apology screen's free revision is still open after a negative mark.
    expect((await act(done.client.token, done.id, revision())).body.status.label).toBe('Revision requested');
  });

  it('refuses a revision before delivery, a second one while one is pending, and an empty message', async () => {
    const working = await task(['assign_geek', 'start_work']);
    expect((await act(working.client.token, working.id, revision())).status).toBe(409);

    const done = await task(['assign_geek', 'start_work', 'deliver']);
    const empty = await act(done.client.token, done.id, { ...revision(), comment: '  ' });
    expect(empty.status).toBe(422);
    expect(empty.body.error_value.comment).toBe('Please, tell us what has to be changed in your order');
    expect((await act(done.client.token, done.id, revision())).status).toBe(200);
    const second = await act(done.client.token, done.id, revision(40));
    expect(second.status).toBe(409);
    const shown = (await call(t, { url: `/orders/${done.id}`, token: done.client.token })).body;
    expect(shown).toMatchObject({
      revision_comment: 'Add two sources',
      revision_prompt: { action: 'Show my request' },
    });
  });

  it("takes the task's revision attachments, and refuses other files", async () => {
    const done = await task(['assign_geek', 'start_work', 'deliver']);
    const token = done.client.token;
    // Uploaded with context 'revision', attached: a client_revision_request_file of this task.
    const bytes = pdfBytes(2000);
    const signed = await presign(t, token, done.id, {
      name: 'notes.pdf',
      size: bytes.length,
      context: 'revision',
    });
    expect((await postToLocalStorage(t, signed.body, bytes)).status).toBe(204);
    const attached = await call(t, {
      url: `/orders/${done.id}/files`,
      token,
      body: {
        files: [
          { location: signed.body.location, name: 'notes.pdf', size: bytes.length, type: 'application/pdf' },
        ],
      },
    });
    const file = attached.body.attached_files[0];
    expect(file.type).toBe('client_revision_request_file');
    // Paid task files ('order' context) and another task's revision files are not this revision's.
    const other = await task(['assign_geek', 'start_work', 'deliver']);
    const foreign = await presign(t, other.client.token, other.id, {
      name: 'x.pdf',
      size: 1024,
      context: 'revision',
    });
    await postToLocalStorage(t, foreign.body, pdfBytes());
    const foreignFile = (
      await call(t, {
        url: `/orders/${other.id}/files`,
        token: other.client.token,
        body: {
          files: [{ location: foreign.body.location, name: 'x.pdf', size: 1024, type: 'application/pdf' }],
        },
      })
    ).body.attached_files[0];
    const refused = await act(token, done.id, { ...revision(), files: [foreignFile._id] });
    expect(refused.status).toBe(422);
    expect(refused.body.error_value.files).toBe('Please attach the files to this task first');
    expect((await act(token, done.id, { ...revision(), files: ['nope'] })).status).toBe(422);
    expect((await call(t, { url: `/orders/${done.id}`, token })).body.status.label).toBe('Task is completed');

    const sent = await act(token, done.id, { ...revision(), files: [file._id] });
    expect(sent.status).toBe(200);
    expect(sent.body.status.label).toBe('Revision requested');
    const files = (await call(t, { url: `/orders/${done.id}/files`, token })).body.files;
    expect(files.filter((f: { type: string }) => f.type === 'client_revision_request_file')).toHaveLength(1);
  });
});
