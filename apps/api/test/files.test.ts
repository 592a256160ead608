import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUploads, geeks, orderFiles } from '../src/db/schema.ts';
import {
  multipartForm,
  pdfBytes,
  postToLocalStorage,
  presign,
  uploadClientFile,
  uploadGeekFile,
} from './helpers/files.ts';
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
    .values({ publicFullName: 'Files G.', major: 'English' })
    .returning({ id: geeks.id });
  geekId = geek?.id ?? '';
});
afterAll(async () => {
  await t?.close();
});

const PDF = 'application/pdf';
const operate = (id: string, name: string, extra: Record<string, unknown> = {}) =>
  call(t, { url: `/ops/orders/${id}/transitions`, token: ops, body: { name, ...extra } });
const listFiles = async (token: string, id: string) =>
  (await call(t, { url: `/orders/${id}/files`, token })).body.files as Record<string, unknown>[];
const attach = (token: string, id: string, files: Record<string, unknown>[]) =>
  call(t, { url: `/orders/${id}/files`, token, body: { files } });
const download = (token: string, id: string, fileId: string) =>
  call(t, { url: `/orders/${id}/files/${fileId}/download`, token });
const remove = (token: string, id: string, fileId: string) =>
  call(t, { url: `/orders/${id}/files/${fileId}`, token, body: { action: 'remove' } });

/** GET of an absolute storage address through the app. */
async function fetchStored(url: string) {
  const u = new URL(url);
  return t.app.inject({ method: 'GET', url: u.pathname + u.search });
}

/** A task of a fresh client, paid in full (or its 30% deposit) from the balance. */
async function paidTask(opts: { partial?: boolean } = {}) {
  const c = await signUpClient(t);
  await creditBalance(t, ops, c.id, 500);
  const o = await pricedOrder(t, c.token, { pages: 1 });
  const cents = Math.round((opts.partial ? o.partial_price : o.price) * 100);
  const paid = await call(t, {
    url: `/orders/${o._id}/pay`,
    token: c.token,
    body: { account_balance_use: cents, ...(opts.partial ? { partial: true } : {}) },
  });
  expect(paid.body.status).toBe('paid');
  return { c, o };
}

/** A paid task with the Geek at work. */
async function workingTask(opts: { partial?: boolean } = {}) {
  const task = await paidTask(opts);
  expect((await operate(task.o._id, 'assign_geek', { writer_id: geekId })).status).toBe(200);
  expect((await operate(task.o._id, 'start_work')).status).toBe(200);
  return task;
}

describe('POST /orders/{id}/uploads', () => {
  it('signs a POST for exactly the key, type and size asked, under a prefix of the task and the user', async () => {
    const c = await signUpClient(t);
    const o = await pricedOrder(t, c.token);
    const res = await presign(t, c.token, o._id, { name: 'My%20essay <draft>.pdf', size: 1234 });
    expect(res.status).toBe(201);
    expect(res.body.location).toMatch(
      new RegExp(`^orders/${o._id}/${c.id}/order/[0-9a-f-]{36}/My essay draft\\.pdf$`),
    );
    expect(res.body.fields).toMatchObject({ key: res.body.location, 'Content-Type': PDF });
    expect(res.body.url).toBe('http://localhost:3000/storage/upload');
    expect(new Date(res.body.expires_at).getTime()).toBeGreaterThan(Date.now());
    const policy = JSON.parse(Buffer.from(res.body.fields.policy, 'base64').toString());
    expect(policy.conditions).toContainEqual(['content-length-range', 1234, 1234]);
  });

  it.each([
    ['an oversize file', { name: 'big.pdf', size: 50 * 1024 * 1024 + 1 }, 'files up to 50 MB'],
    [
      'an executable',
      { name: 'setup.exe', size: 10, type: 'application/x-msdownload' },
      'cannot be attached',
    ],
    [
      'a PDF name with an HTML type',
      { name: 'essay.pdf', size: 10, type: 'text/html' },
      'cannot be attached',
    ],
    ['an empty file', { name: 'essay.pdf', size: 0 }, 'empty'],
  ])('refuses %s with a 422 before anything is signed', async (_label, file, message) => {
    const c = await signUpClient(t);
    const o = await pricedOrder(t, c.token);
    const res = await presign(t, c.token, o._id, file);
    expect(res.status).toBe(422);
    expect(res.body.error_value.file).toContain(message);
    expect(await t.db.select().from(fileUploads).where(eq(fileUploads.orderId, o._id))).toEqual([]);
  });

  it("answers 404 for another user's task and 422 for bad input", async () => {
    const a = await signUpClient(t);
    const b = await signUpClient(t);
    const o = await pricedOrder(t, a.token);
    expect((await presign(t, b.token, o._id, { name: 'a.pdf', size: 10 })).status).toBe(404);
    expect((await presign(t, a.token, 'not-a-uuid', { name: 'a.pdf', size: 10 })).status).toBe(404);
    expect((await presign(t, a.token, o._id, { name: 'a.pdf', size: -1 })).status).toBe(422);
    expect((await presign(t, a.token, o._id, { name: 'a.pdf', size: 10, context: 'other' })).status).toBe(
      422,
    );
    expect(
      (await call(t, { url: `/orders/${o._id}/uploads`, body: { name: 'a.pdf', size: 1, type: PDF } }))
        .status,
    ).toBe(401);
  });
});

describe('the embedded storage (S3 POST-object protocol)', () => {
  async function signed(size = 1000) {
    const c = await signUpClient(t);
    const o = await pricedOrder(t, c.token);
    const res = await presign(t, c.token, o._id, { name: 'essay.pdf', size });
    return { c, o, post: res.body as { url: string; fields: Record<string, string>; location: string } };
  }
  const stored = (key: string) => t.ctx.storage.head(key);

  it('stores an upload that keeps to its policy', async () => {
    const { post } = await signed(1000);
    expect((await postToLocalStorage(t, post, pdfBytes(1000))).status).toBe(204);
    expect(await stored(post.location)).toMatchObject({ size: 1000, contentType: PDF });
  });

  it('refuses a tampered policy, another key, another type, a larger file and an extra field; stores nothing', async () => {
    const { post } = await signed(1000);
    const bytes = pdfBytes(1000);
    const policy = JSON.parse(Buffer.from(post.fields.policy ?? '', 'base64').toString());
    policy.conditions[2] = ['content-length-range', 0, 10_000_000];
    const tampered = { ...post.fields, policy: Buffer.from(JSON.stringify(policy)).toString('base64') };
    expect((await postToLocalStorage(t, { ...post, fields: tampered }, pdfBytes(5000))).status).toBe(403);
    const otherKey = post.location.replace(/\/essay\.pdf$/, '/other.pdf');
    expect(
      (await postToLocalStorage(t, { ...post, fields: { ...post.fields, key: otherKey } }, bytes)).status,
    ).toBe(403);
    expect(
      (
        await postToLocalStorage(
          t,
          { ...post, fields: { ...post.fields, 'Content-Type': 'text/html' } },
          bytes,
        )
      ).status,
    ).toBe(403);
    expect((await postToLocalStorage(t, post, pdfBytes(1001))).status).toBe(400);
    expect((await postToLocalStorage(t, post, pdfBytes(999))).status).toBe(400);
    expect(
      (await postToLocalStorage(t, { ...post, fields: { ...post.fields, acl: 'public-read' } }, bytes))
        .status,
    ).toBe(403);
    expect(await stored(post.location)).toBeNull();
    expect(await stored(otherKey)).toBeNull();
  });

  it('refuses an expired policy', async () => {
    const { post } = await signed(1000);
    t.clock.offsetMs = 16 * 60_000;
    try {
      const res = await postToLocalStorage(t, post, pdfBytes(1000));
      expect(res.status).toBe(403);
      expect(res.body).toContain('expired');
    } finally {
      t.clock.offsetMs = 0;
    }
    expect(await stored(post.location)).toBeNull();
  });

  it('answers a form without a file or with a broken body as a 4xx', async () => {
    const { post } = await signed(1000);
    const { body, contentType } = await multipartForm(post.fields, Buffer.alloc(0));
    const noFile = body.toString('latin1').replace(/name="file"/, 'name="other"');
    const res = await t.app.inject({
      method: 'POST',
      url: '/storage/upload',
      payload: Buffer.from(noFile, 'latin1'),
      headers: { 'content-type': contentType },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/storage/upload',
      payload: 'not multipart',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(garbage.statusCode).toBeGreaterThanOrEqual(400);
    expect(garbage.statusCode).toBeLessThan(500);
  });

  it('serves no object without a valid, unexpired signature', async () => {
    const c = await signUpClient(t);
    const o = await pricedOrder(t, c.token);
    const file = await uploadClientFile(t, c.token, o._id);
    const res = await download(c.token, o._id, file._id);
    expect(res.status).toBe(302);
    const url = new URL(res.headers.location as string);
    const ok = await fetchStored(url.toString());
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.equals(pdfBytes())).toBe(true);
    expect(ok.headers['content-disposition']).toContain('attachment');
    expect(ok.headers['x-content-type-options']).toBe('nosniff');

    const unsigned = new URL(url);
    unsigned.searchParams.delete('signature');
    expect((await fetchStored(unsigned.toString())).statusCode).toBe(403);
    const renamed = new URL(url);
    renamed.searchParams.set('name', 'other.pdf');
    expect((await fetchStored(renamed.toString())).statusCode).toBe(403);
    const asHtml = new URL(url);
    asHtml.searchParams.set('type', 'text/html');
    expect((await fetchStored(asHtml.toString())).statusCode).toBe(403);
    t.clock.offsetMs = 6 * 60_000;
    try {
      expect((await fetchStored(url.toString())).statusCode).toBe(403);
    } finally {
      t.clock.offsetMs = 0;
    }
  });
});

describe('POST /orders/{id}/files', () => {
  it('attaches an upload that arrived as signed, once, as the task’s order_form', async () => {
    const c = await signUpClient(t);
    const o = await pricedOrder(t, c.token);
    const bytes = pdfBytes(777);
    const signed = (await presign(t, c.token, o._id, { name: 'notes.pdf', size: 777 })).body;
    const file = { location: signed.location, name: 'notes.pdf', size: 777, type: PDF };
    const early = await attach(c.token, o._id, [file]);
    expect(early.status).toBe(422);
    expect(early.body.detail).toBe('The file has not finished uploading');
    await postToLocalStorage(t, signed, bytes);
    const res = await attach(c.token, o._id, [file]);
    expect(res.status).toBe(201);
    expect(res.body.attached_files).toEqual([
      expect.objectContaining({
        name: 'notes.pdf',
        size: 777,
        type: 'order_form',
        locked: false,
        deleted: false,
      }),
    ]);
    const again = await attach(c.token, o._id, [file]);
    expect(again.status).toBe(422);
    expect(await listFiles(c.token, o._id)).toHaveLength(1);
  });

  it('records a revision upload as client_revision_request_file', async () => {
    const c = await signUpClient(t);
    const o = await pricedOrder(t, c.token);
    const signed = (await presign(t, c.token, o._id, { name: 'fix.pdf', size: 500, context: 'revision' }))
      .body;
    await postToLocalStorage(t, signed, pdfBytes(500));
    const res = await attach(c.token, o._id, [
      { location: signed.location, name: 'fix.pdf', size: 500, type: PDF },
    ]);
    expect(res.body.attached_files[0].type).toBe('client_revision_request_file');
  });

  it('refuses a key with a foreign prefix, a location of another user, a message upload and a wrong size', async () => {
    const a = await signUpClient(t);
    const b = await signUpClient(t);
    const oa = await pricedOrder(t, a.token);
    const ob = await pricedOrder(t, b.token);
    const bytes = pdfBytes(600);
    // B's real upload, on B's task.
    const bSigned = (await presign(t, b.token, ob._id, { name: 'b.pdf', size: 600 })).body;
    await postToLocalStorage(t, bSigned, bytes);
    const bFile = { location: bSigned.location, name: 'b.pdf', size: 600, type: PDF };
    // A names B's location on A's own task: not signed for A.
    const foreign = await attach(a.token, oa._id, [bFile]);
    expect(foreign.status).toBe(422);
    expect(foreign.body.error_value.location).toBe('This file was not uploaded for this task');
    // A makes up a key under A's own prefix that was never signed.
    const madeUp = { ...bFile, location: `orders/${oa._id}/${a.id}/order/${crypto.randomUUID()}/b.pdf` };
    expect((await attach(a.token, oa._id, [madeUp])).status).toBe(422);
    // A tries B's task: it does not exist for A.
    expect((await attach(a.token, ob._id, [bFile])).status).toBe(404);
    // A message upload is not a task file.
    const msg = (await presign(t, b.token, ob._id, { name: 'm.pdf', size: 600, context: 'msgs' })).body;
    await postToLocalStorage(t, msg, bytes);
    expect((await attach(b.token, ob._id, [{ ...bFile, location: msg.location }])).status).toBe(422);
    // A declared size or type that is not the signed one.
    expect((await attach(b.token, ob._id, [{ ...bFile, size: 601 }])).status).toBe(422);
    expect((await attach(b.token, ob._id, [{ ...bFile, type: 'image/png' }])).status).toBe(422);
    // None of it recorded anything; B's own upload still attaches.
    expect(await t.db.select().from(orderFiles).where(eq(orderFiles.orderId, oa._id))).toEqual([]);
    expect((await attach(b.token, ob._id, [bFile])).status).toBe(201);
  });

  it('answers bad bodies with 422', async () => {
    const c = await signUpClient(t);
    const o = await pricedOrder(t, c.token);
    expect((await attach(c.token, o._id, [])).status).toBe(422);
    expect(
      (await call(t, { url: `/orders/${o._id}/files`, token: c.token, body: { files: 'x' } })).status,
    ).toBe(422);
  });
});

describe('removing files', () => {
  it('removes the client’s file while the task is unpaid, object and all', async () => {
    const c = await signUpClient(t);
    const o = await pricedOrder(t, c.token);
    const file = await uploadClientFile(t, c.token, o._id);
    const [row] = await t.db.select().from(orderFiles).where(eq(orderFiles.id, file._id));
    const other = await signUpClient(t);
    expect((await remove(other.token, o._id, file._id)).status).toBe(404);
    expect((await remove(c.token, o._id, file._id)).status).toBe(200);
    expect(await listFiles(c.token, o._id)).toEqual([]);
    expect(await t.ctx.storage.head(row?.location ?? '')).toBeNull();
    expect((await download(c.token, o._id, file._id)).status).toBe(404);
    expect((await remove(c.token, o._id, file._id)).status).toBe(404);
  });

  it('refuses once the task is paid, even the 30% deposit', async () => {
    const c = await signUpClient(t);
    await creditBalance(t, ops, c.id, 500);
    const o = await pricedOrder(t, c.token, { pages: 1 });
    const file = await uploadClientFile(t, c.token, o._id);
    await call(t, {
      url: `/orders/${o._id}/pay`,
      token: c.token,
      body: { account_balance_use: Math.round(o.partial_price * 100), partial: true },
    });
    const res = await remove(c.token, o._id, file._id);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe("Files can't be removed once the task is paid");
    expect(await listFiles(c.token, o._id)).toHaveLength(1);
  });
});

describe('Geek files (docs/product/files.md)', () => {
  it('are hidden until review, locked until full payment, then download and count as downloaded', async () => {
    const { c, o } = await workingTask({ partial: true });
    const draft = await uploadGeekFile(t, ops, o._id);
    expect((await operate(o._id, 'deliver')).status).toBe(200);
    const [shown] = await listFiles(c.token, o._id);
    expect(shown).toMatchObject({ _id: draft._id, type: 'file_final_draft', locked: true, geek_file: true });
    const locked = await download(c.token, o._id, draft._id);
    expect(locked.status).toBe(403);
    expect(locked.body.detail).toBe('You can unlock file after full payment');
    // The client cannot remove a Geek file.
    expect((await remove(c.token, o._id, draft._id)).status).toBe(404);

    const order = (await call(t, { url: `/orders/${o._id}`, token: c.token })).body;
    const rest = Math.round((order.price - order.client_paid) * 100);
    expect(
      (await call(t, { url: `/orders/${o._id}/pay`, token: c.token, body: { account_balance_use: rest } }))
        .body.status,
    ).toBe('paid');
    expect((await listFiles(c.token, o._id))[0]).toMatchObject({ locked: false, downloaded: false });
    const ok = await download(c.token, o._id, draft._id);
    expect(ok.status).toBe(302);
    const bytes = await fetchStored(ok.headers.location as string);
    expect(bytes.rawPayload.equals(pdfBytes(2048, 'g'))).toBe(true);
    expect((await listFiles(c.token, o._id))[0]).toMatchObject({ downloaded: true });
    // Another user's download is a 404, never a 403 that would reveal the file.
    const other = await signUpClient(t);
    expect((await download(other.token, o._id, draft._id)).status).toBe(404);
  });

  it('are not shown before the Geek works on the task', async () => {
    const { c, o } = await paidTask();
    await uploadGeekFile(t, ops, o._id);
    expect(await listFiles(c.token, o._id)).toEqual([]);
  });

  it('hide a plagiarised final draft unless overridden; show the report under level 10 or overridden', async () => {
    const { c, o } = await workingTask();
    await uploadGeekFile(t, ops, o._id, { name: 'clean.pdf' });
    const found = await uploadGeekFile(t, ops, o._id, { name: 'copied.pdf', plag_status: 'found' });
    await uploadGeekFile(t, ops, o._id, { name: 'kept.pdf', plag_status: 'found', override_pgch: true });
    const rType = 'plagreport_file_final_draft';
    await uploadGeekFile(t, ops, o._id, { name: 'report-9.pdf', type: rType, plag_level: 9 });
    await uploadGeekFile(t, ops, o._id, { name: 'report-10.pdf', type: rType, plag_level: 10 });
    await uploadGeekFile(t, ops, o._id, {
      name: 'report-30.pdf',
      type: rType,
      plag_level: 30,
      override_pgch: true,
    });
    expect((await operate(o._id, 'deliver')).status).toBe(200);
    const names = (await listFiles(c.token, o._id)).map((f) => f.name);
    expect(names).toEqual(['clean.pdf', 'kept.pdf', 'report-9.pdf', 'report-30.pdf']);
    expect((await download(c.token, o._id, found._id)).status).toBe(404);
  });

  it('a delivery needs a final draft the client will see', async () => {
    const { o } = await workingTask();
    await uploadGeekFile(t, ops, o._id, { name: 'copied.pdf', plag_status: 'found' });
    await uploadGeekFile(t, ops, o._id, { name: 'comments.pdf', type: 'file_final_draft_comment' });
    const refused = await operate(o._id, 'deliver');
    expect(refused.status).toBe(409);
    expect(refused.body.error_type).toBe('final_draft_required');
    await uploadGeekFile(t, ops, o._id, { name: 'clean.pdf' });
    expect((await operate(o._id, 'deliver')).status).toBe(200);
  });
});

describe('GET /orders/{id}/files/download_all', () => {
  it('streams a zip of the files the client may download, and no locked one', async () => {
    const { c, o } = await workingTask({ partial: true });
    const own = pdfBytes(1500, 'o');
    await uploadClientFile(t, c.token, o._id, 'brief.pdf', own);
    await uploadGeekFile(t, ops, o._id, { name: 'final.pdf', bytes: pdfBytes(1600, 'f') });
    await operate(o._id, 'deliver');
    const partly = await call(t, { url: `/orders/${o._id}/files/download_all`, token: c.token });
    expect(partly.status).toBe(200);
    expect(partly.headers['content-type']).toBe('application/zip');
    const zip1 = partly.raw.rawPayload;
    expect(zip1.includes(Buffer.from('brief.pdf'))).toBe(true);
    expect(zip1.includes(own)).toBe(true);
    expect(zip1.includes(Buffer.from('final.pdf'))).toBe(false);

    const order = (await call(t, { url: `/orders/${o._id}`, token: c.token })).body;
    await call(t, {
      url: `/orders/${o._id}/pay`,
      token: c.token,
      body: { account_balance_use: Math.round((order.price - order.client_paid) * 100) },
    });
    const full = await call(t, { url: `/orders/${o._id}/files/download_all`, token: c.token });
    const zip2 = full.raw.rawPayload;
    expect(zip2.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(true);
    expect(zip2.includes(Buffer.from('final.pdf'))).toBe(true);
    expect(zip2.includes(pdfBytes(1600, 'f'))).toBe(true);
    expect(full.headers['content-disposition']).toContain(`Task ${order.number} files.zip`);
    expect((await listFiles(c.token, o._id)).every((f) => f.downloaded)).toBe(true);
    const other = await signUpClient(t);
    expect((await call(t, { url: `/orders/${o._id}/files/download_all`, token: other.token })).status).toBe(
      404,
    );
  });
});

describe('the operator file calls', () => {
  it('answer only staff and take only Geek file types', async () => {
    const c = await signUpClient(t);
    const o = await pricedOrder(t, c.token);
    expect((await presign(t, c.token, o._id, { name: 'a.pdf', size: 10 }, { ops: true })).status).toBe(403);
    const signed = (await presign(t, ops, o._id, { name: 'a.pdf', size: 100 }, { ops: true })).body;
    await postToLocalStorage(t, signed, pdfBytes(100));
    const file = { location: signed.location, name: 'a.pdf', size: 100 };
    const wrongType = await call(t, {
      url: `/ops/orders/${o._id}/files`,
      token: ops,
      body: { files: [{ ...file, type: 'order_form' }] },
    });
    expect(wrongType.status).toBe(422);
    // The client cannot attach the operator's upload as their own.
    expect((await attach(c.token, o._id, [{ ...file, type: PDF }])).status).toBe(422);
    expect(
      (
        await call(t, {
          url: `/ops/orders/${o._id}/files`,
          token: ops,
          body: { files: [{ ...file, type: 'file_draft_paper', plag_status: 'not_found', plag_level: 3 }] },
        })
      ).status,
    ).toBe(201);
    // Staff list every file of the task with its plagiarism check; a client's token is refused.
    const listed = await call(t, { url: `/ops/orders/${o._id}/files`, token: ops });
    expect(listed.status).toBe(200);
    expect(listed.body.files).toEqual([
      expect.objectContaining({
        name: 'a.pdf',
        type: 'file_draft_paper',
        plag_status: 'not_found',
        plag_level: 3,
      }),
    ]);
    expect((await call(t, { url: `/ops/orders/${o._id}/files`, token: c.token })).status).toBe(403);
  });
});

it('documents the file calls in OpenAPI', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v3/openapi.json' });
  expect(res.statusCode).toBe(200);
  const paths = Object.keys(JSON.parse(res.body).paths);
  for (const path of [
    '/api/v3/orders/{id}/uploads',
    '/api/v3/orders/{id}/files',
    '/api/v3/orders/{id}/files/{fileId}',
    '/api/v3/orders/{id}/files/{fileId}/download',
    '/api/v3/orders/{id}/files/download_all',
    '/api/v3/ops/orders/{id}/uploads',
    '/api/v3/ops/orders/{id}/files',
  ])
    expect(paths).toContain(path);
});
