import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStorage } from '../src/adapters/storage/file-storage.ts';
import { createS3Storage } from '../src/adapters/storage/s3-storage.ts';
import { restoreObjects, writeBackup } from '../src/modules/backup/backup.ts';
import { pdfBytes, presign } from './helpers/files.ts';
import { startS3rver } from './helpers/s3rver-server.ts';
import { call, createTestApp, pricedOrder, signUpClient, type TestApp } from './helpers/test-app.ts';

// The S3 adapter against a real S3-protocol server (s3rver) started here, not a mock.
const BUCKET = 'geekly-test';
/** A second bucket: where a backup's objects are restored (deploy/RUNBOOK.md "Backups"). */
const COPY_BUCKET = 'geekly-copy';
let s3: Awaited<ReturnType<typeof startS3rver>>;
let endpoint: string;
let storage: FileStorage;
let t: TestApp;

beforeAll(async () => {
  s3 = await startS3rver([BUCKET, COPY_BUCKET]);
  endpoint = s3.endpoint;
  const settings = {
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  storage = createS3Storage({
    endpoint,
    region: 'us-east-1',
    bucket: BUCKET,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  t = await createTestApp({ STORAGE: 's3', ...settings });
});
afterAll(async () => {
  await t?.close();
  await storage?.close();
  await s3?.close();
});

/** The browser's step: every field, then the file, posted to the presigned URL. */
async function postForm(
  post: { url: string; fields: Record<string, string> },
  bytes: Buffer,
  type = 'application/pdf',
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(post.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'upload.pdf');
  return fetch(post.url, { method: 'POST', body: form });
}

const PDF = 'application/pdf';

describe('the S3 adapter', () => {
  it('presigns a POST, heads, signs a download, streams and removes an object', async () => {
    const key = `orders/test/${crypto.randomUUID()}/essay.pdf`;
    const bytes = pdfBytes(4096);
    const post = await storage.presignPost({
      key,
      contentType: PDF,
      size: bytes.length,
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(post.url.startsWith(endpoint)).toBe(true);
    expect(post.fields.key).toBe(key);
    expect(post.fields.acl).toBeUndefined();
    expect((await postForm(post, bytes)).status).toBeLessThan(300);

    const stored = await storage.head(key);
    expect(stored).toMatchObject({ size: 4096, contentType: PDF });
    expect(stored?.etag).toMatch(/\S/);
    expect(await storage.head(`${key}.missing`)).toBeNull();
    // Reads get what was sealed (decision 030). (s3rver ignores x-amz-copy-source-if-match, so the refusal of
    // bytes replaced between the check and the seal is S3's own, and not tried here.)
    expect(await storage.seal(`${key}.missing`, null)).toBe(false);
    expect(await storage.seal(key, stored?.etag ?? null)).toBe(true);

    const url = await storage.signedDownloadUrl(key, {
      fileName: 'My essay.pdf',
      contentType: PDF,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    expect(res.headers.get('content-disposition')).toContain('attachment');

    const chunks: Buffer[] = [];
    for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);

    await storage.remove(key);
    expect(await storage.head(key)).toBeNull();
    await expect(storage.read(key)).rejects.toThrow();
  });

  it("stores bytes the server made (the demo autopilot's documents) with their type, readable back", async () => {
    const key = `orders/test/${crypto.randomUUID()}/made.pdf`;
    const bytes = pdfBytes(2000, 'm');
    await storage.put(key, bytes, PDF);
    const stored = await storage.head(key);
    expect(stored).toMatchObject({ size: 2000, contentType: PDF });
    expect(await storage.seal(key, stored?.etag ?? null)).toBe(true);
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    await storage.remove(key);
  });

  it('signs no public ACL and only short-lived downloads (s3rver itself would serve unsigned GETs)', async () => {
    const key = `orders/test/${crypto.randomUUID()}/private.pdf`;
    const post = await storage.presignPost({
      key,
      contentType: PDF,
      size: 100,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const policy = JSON.parse(Buffer.from(post.fields.Policy ?? '', 'base64').toString());
    expect(JSON.stringify(policy.conditions)).not.toContain('acl');
    expect(policy.conditions).toContainEqual(['content-length-range', 100, 100]);
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', PDF]);
    expect(policy.conditions).toContainEqual({ key });
    const url = new URL(
      await storage.signedDownloadUrl(key, {
        fileName: 'private.pdf',
        contentType: PDF,
        expiresAt: new Date(Date.now() + 300_000),
      }),
    );
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the file calls with STORAGE=s3', () => {
  it("lets the page post to the bucket's origin (Content-Security-Policy connect-src)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v3/health' });
    expect(String(res.headers['content-security-policy'])).toMatch(
      new RegExp(`connect-src 'self' ${endpoint.replace(/[.]/g, '\\.')}`),
    );
  });

  it('upload straight to storage, attach, and download through a presigned GET', async () => {
    const c = await signUpClient(t);
    const o = await pricedOrder(t, c.token);
    const bytes = pdfBytes(3000);
    const signed = (await presign(t, c.token, o._id, { name: 'brief.pdf', size: bytes.length })).body;
    expect(signed.url.startsWith(endpoint)).toBe(true);
    expect((await postForm(signed, bytes)).status).toBeLessThan(300);
    const attached = await call(t, {
      url: `/orders/${o._id}/files`,
      token: c.token,
      body: { files: [{ location: signed.location, name: 'brief.pdf', size: 3000, type: PDF }] },
    });
    expect(attached.status).toBe(201);
    const fileId = attached.body.attached_files[0]._id;
    const res = await call(t, { url: `/orders/${o._id}/files/${fileId}/download`, token: c.token });
    expect(res.status).toBe(302);
    const got = await fetch(res.headers.location as string);
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);

    const zip = await call(t, { url: `/orders/${o._id}/files/download_all`, token: c.token });
    expect(zip.status).toBe(200);
    expect(zip.raw.rawPayload.includes(bytes)).toBe(true);
  });

  it('refuses and deletes an object that broke its policy, which this server accepted anyway', async () => {
    const c = await signUpClient(t);
    const o = await pricedOrder(t, c.token);
    const signed = (await presign(t, c.token, o._id, { name: 'small.pdf', size: 100 })).body;
    // 5000 bytes against a policy of exactly 100, and another type.
    const posted = await postForm(
      { ...signed, fields: { ...signed.fields, 'Content-Type': 'text/html' } },
      pdfBytes(5000),
    );
    const head = await t.ctx.storage.head(signed.location);
    if (posted.status < 300) expect(head).not.toBeNull();
    const res = await call(t, {
      url: `/orders/${o._id}/files`,
      token: c.token,
      body: { files: [{ location: signed.location, name: 'small.pdf', size: 100, type: PDF }] },
    });
    expect(res.status).toBe(422);
    expect(await t.ctx.storage.head(signed.location)).toBeNull();
    expect((await call(t, { url: `/orders/${o._id}/files`, token: c.token })).body.files).toEqual([]);
  });
});

describe('an object store that does not answer', () => {
  it('fails a call within its request timeout instead of hanging', async () => {
    // Accepts connections and never answers (a stalled store or a black-holed route).
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const stalled = createS3Storage({
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket: BUCKET,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      timeouts: { connectMs: 300, requestMs: 300 },
    });
    const started = Date.now();
    try {
      await expect(stalled.read('orders/x/y/order/z/a.pdf')).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await stalled.close();
      silent.closeAllConnections?.();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('backups with S3 storage (decision 060)', () => {
  it("store the bucket's attached objects, and restore them into a second bucket that serves them", async () => {
    const key = `orders/${randomUUID()}/${randomUUID()}/order/${randomUUID()}/brief.pdf`;
    const bytes = pdfBytes(1200, 's');
    await storage.put(key, bytes, PDF);
    const stored = await storage.head(key);
    expect(await storage.seal(key, stored?.etag ?? null)).toBe(true);
    const root = mkdtempSync(join(tmpdir(), 'geekly-s3-backup-'));
    const copy = createS3Storage({
      endpoint,
      region: 'us-east-1',
      bucket: COPY_BUCKET,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    try {
      // A snapshot naming the one attached object (the database side is backup-restore.test.ts's).
      const manifest = await writeBackup(
        {
          kind: 'pglite',
          keys: [{ key, size: bytes.length, contentType: PDF }],
          dump: (file) => writeFile(file, 'database'),
          release: async () => {},
        },
        storage,
        join(root, 'geekly-1'),
        { objectsDir: join(root, 'objects') },
      );
      expect(manifest.missing).toEqual([]);
      expect(await restoreObjects(manifest, join(root, 'objects'), copy)).toBe(1);
      const url = await copy.signedDownloadUrl(key, {
        fileName: 'brief.pdf',
        contentType: PDF,
        expiresAt: new Date(Date.now() + 60_000),
      });
      expect(Buffer.from(await (await fetch(url)).arrayBuffer()).equals(bytes)).toBe(true);
    } finally {
      await copy.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
