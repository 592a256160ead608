import { createHash } from 'node:crypto';
import { DeleteObjectCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FileStorage } from '../src/adapters/storage/file-storage.ts';
import { createS3Storage, sealedKey } from '../src/adapters/storage/s3-storage.ts';
import { loadConfig } from '../src/config.ts';
import { type BucketSide, bucketCopySides, syncBucket } from '../src/modules/backup/bucket-copy.ts';
import { startS3rver } from './helpers/s3rver-server.ts';

// Decision 063: the bucket copied to a second bucket, only what is new or changed, and files brought back from
// it — against a real S3-protocol server (s3rver) started here.
const BUCKET = 'geekly-files';
const COPY = 'geekly-files-copy';
let s3: Awaited<ReturnType<typeof startS3rver>>;
let endpoint: string;
let storage: FileStorage;
const clients: S3Client[] = [];

const client = () => {
  const c = new S3Client({
    requestChecksumCalculation: 'WHEN_REQUIRED',
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  clients.push(c);
  return c;
};
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
/** The GETs of object bodies a client sent: none for an object left unchanged. */
const countGets = (c: S3Client) => {
  const send = vi.spyOn(c, 'send');
  return () => send.mock.calls.filter(([command]) => command instanceof GetObjectCommand).length;
};

beforeAll(async () => {
  s3 = await startS3rver([BUCKET, COPY]);
  endpoint = s3.endpoint;
  storage = createS3Storage({
    endpoint,
    region: 'us-east-1',
    bucket: BUCKET,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
});
afterAll(async () => {
  await storage?.close();
  for (const c of clients) c.destroy();
  await s3?.close();
});

describe('the bucket copy', () => {
  it('copies new and changed objects only, by ETag and size, and deletes what the bucket no longer holds', async () => {
    const files = {
      'orders/a/essay.pdf': Buffer.from('%PDF-1.4 essay'),
      'orders/a/notes.pdf': Buffer.from('%PDF-1.4 notes'),
      'orders/b/draft.docx': Buffer.from('PK draft'),
    };
    for (const [key, bytes] of Object.entries(files))
      await storage.put(sealedKey(key), bytes, 'application/octet-stream');
    // Another account's key: a client of its own, so objects are streamed, and each GET is counted.
    const from: BucketSide = { client: client(), bucket: BUCKET, prefix: '' };
    const to: BucketSide = { client: client(), bucket: COPY, prefix: 'nightly/' };
    const gets = countGets(from.client);

    const first = await syncBucket(from, to);
    expect(first.copied.sort()).toEqual(Object.keys(files).map(sealedKey).sort());
    expect(first).toMatchObject({ deleted: [], unchanged: 0 });
    expect(gets()).toBe(3);
    const copied = await to.client.send(
      new GetObjectCommand({ Bucket: COPY, Key: `nightly/${sealedKey('orders/a/essay.pdf')}` }),
    );
    expect(Buffer.from((await copied.Body?.transformToByteArray()) ?? [])).toEqual(
      files['orders/a/essay.pdf'],
    );

    // A night later: one object changed (same size, other bytes), one added, one removed.
    await storage.put(sealedKey('orders/a/notes.pdf'), Buffer.from('%PDF-1.4 NOTES'), 'application/pdf');
    await storage.put(sealedKey('orders/c/new.pdf'), Buffer.from('%PDF-1.4 new'), 'application/pdf');
    await storage.remove('orders/b/draft.docx');
    const second = await syncBucket(from, to);
    expect(second.copied.sort()).toEqual([sealedKey('orders/a/notes.pdf'), sealedKey('orders/c/new.pdf')]);
    expect(second.deleted).toEqual([sealedKey('orders/b/draft.docx')]);
    expect(second.unchanged).toBe(1);
    expect(gets()).toBe(5); // the two copied, not the one unchanged

    const third = await syncBucket(from, to);
    expect(third).toEqual({ copied: [], deleted: [], unchanged: 3 });
    expect(gets()).toBe(5);
  });

  it('with one account, copies server-side; the restore copies back what the bucket lost, and it downloads', async () => {
    const config = loadConfig({
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      BACKUP_S3_BUCKET: COPY,
      BACKUP_S3_PREFIX: 'same-account/',
    });
    const sides = bucketCopySides(config);
    if (!sides) throw new Error('no bucket copy configured');
    clients.push(sides.bucket.client);
    expect(sides.copy.client).toBe(sides.bucket.client);
    const gets = countGets(sides.bucket.client);
    const bytes = Buffer.from(`%PDF-1.4 ${'final draft '.repeat(50)}`);
    await storage.put(sealedKey('orders/d/final.pdf'), bytes, 'application/pdf');
    const synced = await syncBucket(sides.bucket, sides.copy);
    expect(synced.copied).toContain(sealedKey('orders/d/final.pdf'));
    expect(gets()).toBe(0);

    // The bucket loses the file (a mistaken delete, a lost bucket): `npm run restore --files-from-copy`.
    await sides.bucket.client.send(
      new DeleteObjectCommand({ Bucket: BUCKET, Key: sealedKey('orders/d/final.pdf') }),
    );
    expect(await storage.head(sealedKey('orders/d/final.pdf'))).toBeNull();
    const back = await syncBucket(sides.copy, sides.bucket, { deleteExtra: false });
    expect(back.copied).toEqual([sealedKey('orders/d/final.pdf')]);
    expect(back.deleted).toEqual([]);

    const url = await storage.signedDownloadUrl('orders/d/final.pdf', {
      fileName: 'final.pdf',
      contentType: 'application/pdf',
      expiresAt: new Date(Date.now() + 60_000),
    });
    const downloaded = new Uint8Array(await (await fetch(url)).arrayBuffer());
    expect(sha(downloaded)).toBe(sha(bytes));
  });

  it('refuses a copy into the bucket itself, and keys that do not go together', () => {
    const base = { STORAGE: 's3', S3_BUCKET: BUCKET };
    expect(() => loadConfig({ ...base, BACKUP_S3_BUCKET: BUCKET, BACKUP_S3_PREFIX: 'copy/' })).toThrow(
      /BACKUP_S3_BUCKET.*another bucket/,
    );
    expect(() => loadConfig({ ...base, BACKUP_S3_BUCKET: COPY, BACKUP_S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /BACKUP_S3_SECRET_ACCESS_KEY/,
    );
    expect(bucketCopySides(loadConfig(base))).toBeNull();
  });
});
