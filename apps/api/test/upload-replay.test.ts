import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfBytes, postToLocalStorage, presign } from './helpers/files.ts';
import { startS3rver } from './helpers/s3rver-server.ts';
import {
  call,
  createTestApp,
  pricedOrder,
  signUpClient,
  staffToken,
  type TestApp,
} from './helpers/test-app.ts';

// Decision 030: a signed upload key takes one file. Once attached, posting the same signed form again must not
// change what the task's file downloads: the local storage refuses it, S3 stores it where nothing reads.
const PDF = 'application/pdf';
const original = pdfBytes(3000, 'o');
const replacement = pdfBytes(3000, 'R');

type Poster = (post: { url: string; fields: Record<string, string> }, bytes: Buffer) => Promise<number>;

async function downloaded(t: TestApp, token: string, orderId: string, fileId: string) {
  const res = await call(t, { url: `/orders/${orderId}/files/${fileId}/download`, token });
  expect(res.status).toBe(302);
  const location = String(res.headers.location);
  if (location.startsWith('http://localhost:3000/')) {
    const got = await t.app.inject({ method: 'GET', url: location.slice('http://localhost:3000'.length) });
    return got.rawPayload;
  }
  return Buffer.from(await (await fetch(location)).arrayBuffer());
}

async function zipHas(t: TestApp, token: string, orderId: string, bytes: Buffer) {
  const zip = await call(t, { url: `/orders/${orderId}/files/download_all`, token });
  expect(zip.status).toBe(200);
  return zip.raw.rawPayload.includes(bytes);
}

/** What reads of the key get (the zip and the operator's files read through this). */
async function readAll(t: TestApp, key: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of await t.ctx.storage.read(key)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** The client's case: a task file attached, then the signed form posted again with other bytes. */
async function clientReplay(t: TestApp, post: Poster) {
  const c = await signUpClient(t);
  const o = await pricedOrder(t, c.token);
  const signed = (await presign(t, c.token, o._id, { name: 'brief.pdf', size: original.length })).body;
  expect(await post(signed, original)).toBeLessThan(300);
  const attached = await call(t, {
    url: `/orders/${o._id}/files`,
    token: c.token,
    body: { files: [{ location: signed.location, name: 'brief.pdf', size: original.length, type: PDF }] },
  });
  expect(attached.status).toBe(201);
  const fileId = attached.body.attached_files[0]._id as string;
  const again = await post(signed, replacement);
  return { c, o, fileId, again };
}

/** The Geek's case: a final draft attached by the operator, then its signed form posted again. */
async function geekReplay(t: TestApp, post: Poster) {
  const ops = await staffToken(t);
  const c = await signUpClient(t);
  const o = await pricedOrder(t, c.token);
  const signed = (await presign(t, ops, o._id, { name: 'draft.pdf', size: original.length }, { ops: true }))
    .body;
  expect(await post(signed, original)).toBeLessThan(300);
  const attached = await call(t, {
    url: `/ops/orders/${o._id}/files`,
    token: ops,
    body: {
      files: [
        {
          location: signed.location,
          name: 'draft.pdf',
          size: original.length,
          type: 'file_final_draft',
          plag_status: 'not_found',
          plag_level: 1,
        },
      ],
    },
  });
  expect(attached.status).toBe(201);
  const again = await post(signed, replacement);
  return { again, stored: await readAll(t, signed.location) };
}

describe('the local storage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const post: Poster = async (signed, bytes) => (await postToLocalStorage(t, signed, bytes)).status;

  it('refuses a second POST to an attached key; the file and the zip keep the attached bytes', async () => {
    const { c, o, fileId, again } = await clientReplay(t, post);
    expect(again).toBe(403);
    expect((await downloaded(t, c.token, o._id, fileId)).equals(original)).toBe(true);
    expect(await zipHas(t, c.token, o._id, original)).toBe(true);
    expect(await zipHas(t, c.token, o._id, replacement)).toBe(false);
  });

  it("refuses a second POST to a Geek file's key too", async () => {
    const { again, stored } = await geekReplay(t, post);
    expect(again).toBe(403);
    expect(stored.equals(original)).toBe(true);
  });

  it('takes one upload per key even before the attach (a retry asks for a new signature)', async () => {
    const c = await signUpClient(t);
    const o = await pricedOrder(t, c.token);
    const signed = (await presign(t, c.token, o._id, { name: 'a.pdf', size: original.length })).body;
    expect(await post(signed, original)).toBe(204);
    expect(await post(signed, replacement)).toBe(403);
    expect(await t.ctx.storage.head(signed.location)).toMatchObject({ size: original.length });
  });
});

describe('S3 (a real s3rver)', () => {
  const BUCKET = 'geekly-replay';
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3rver([BUCKET]);
    t = await createTestApp({
      STORAGE: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });
  const post: Poster = async (signed, bytes) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(signed.fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: PDF }), 'upload.pdf');
    return (await fetch(signed.url, { method: 'POST', body: form })).status;
  };

  it('a POST to an attached key lands where nothing reads: the download and the zip keep the attached bytes', async () => {
    const { c, o, fileId, again } = await clientReplay(t, post);
    // S3 itself takes the POST (the policy is still valid); what the task reads must not change.
    expect(again).toBeLessThan(300);
    expect((await downloaded(t, c.token, o._id, fileId)).equals(original)).toBe(true);
    expect(await zipHas(t, c.token, o._id, original)).toBe(true);
    expect(await zipHas(t, c.token, o._id, replacement)).toBe(false);
  });

  it("keeps a Geek file's attached bytes too", async () => {
    const { again, stored } = await geekReplay(t, post);
    expect(again).toBeLessThan(300);
    expect(stored.equals(original)).toBe(true);
  });

  it('removing an attached file removes its sealed copy', async () => {
    const c = await signUpClient(t);
    const o = await pricedOrder(t, c.token);
    const signed = (await presign(t, c.token, o._id, { name: 'gone.pdf', size: original.length })).body;
    expect(await post(signed, original)).toBeLessThan(300);
    const attached = await call(t, {
      url: `/orders/${o._id}/files`,
      token: c.token,
      body: { files: [{ location: signed.location, name: 'gone.pdf', size: original.length, type: PDF }] },
    });
    const fileId = attached.body.attached_files[0]._id as string;
    const removed = await call(t, {
      url: `/orders/${o._id}/files/${fileId}`,
      token: c.token,
      body: { action: 'remove' },
    });
    expect(removed.status).toBe(200);
    await expect(t.ctx.storage.read(signed.location)).rejects.toThrow();
  });
});
