import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config } from '../../config.ts';

/**
 * Decision 063 (amends 060): with STORAGE=s3 the bucket is the copy of record, and `npm run backup` keeps a second
 * copy of it in another bucket or under a prefix (BACKUP_S3_BUCKET, BACKUP_S3_PREFIX), ideally in another account
 * or region with versioning on. A night copies only what is new or changed — compared by the listing's ETag and
 * size, no object downloaded to be compared — and deletes from the copy what the bucket no longer holds (an
 * erased student's files must not outlive the copy's versions, which its lifecycle rule expires).
 * `npm run restore --files-from-copy` copies back what the bucket lacks or holds differently.
 */
export type BucketSide = { client: S3Client; bucket: string; prefix: string };

type Listed = { etag: string; size: number };

type SyncResult = { copied: string[]; deleted: string[]; unchanged: number };

/** The two sides the settings name; null without BACKUP_S3_BUCKET or with STORAGE=local. */
export function bucketCopySides(config: Config): { bucket: BucketSide; copy: BucketSide } | null {
  if (config.STORAGE !== 's3' || !config.S3_BUCKET || !config.BACKUP_S3_BUCKET) return null;
  const client = (endpoint?: string, region?: string, id?: string, secret?: string) =>
    new S3Client({
      // A streamed copy is sent with its length: no aws-chunked checksum trailer, which some S3-compatible
      // servers store as part of the object.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      region: region ?? config.S3_REGION,
      endpoint,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials: id && secret ? { accessKeyId: id, secretAccessKey: secret } : undefined,
    });
  const primary = client(
    config.S3_ENDPOINT,
    config.S3_REGION,
    config.S3_ACCESS_KEY_ID,
    config.S3_SECRET_ACCESS_KEY,
  );
  // Another endpoint, region or key: a client of its own; otherwise the bucket's, and copies stay server-side.
  const separate =
    config.BACKUP_S3_ENDPOINT ||
    config.BACKUP_S3_REGION ||
    config.BACKUP_S3_ACCESS_KEY_ID ||
    config.BACKUP_S3_SECRET_ACCESS_KEY;
  return {
    bucket: { client: primary, bucket: config.S3_BUCKET, prefix: '' },
    copy: {
      client: separate
        ? client(
            config.BACKUP_S3_ENDPOINT ?? config.S3_ENDPOINT,
            config.BACKUP_S3_REGION,
            config.BACKUP_S3_ACCESS_KEY_ID ?? config.S3_ACCESS_KEY_ID,
            config.BACKUP_S3_SECRET_ACCESS_KEY ?? config.S3_SECRET_ACCESS_KEY,
          )
        : primary,
      bucket: config.BACKUP_S3_BUCKET,
      prefix: config.BACKUP_S3_PREFIX,
    },
  };
}

/** Makes `to` hold what `from` holds: copies the new and changed objects, deletes the others (`deleteExtra`). */
export async function syncBucket(
  from: BucketSide,
  to: BucketSide,
  { deleteExtra = true }: { deleteExtra?: boolean } = {},
): Promise<SyncResult> {
  const [source, target] = await Promise.all([listAll(from), listAll(to)]);
  const result: SyncResult = { copied: [], deleted: [], unchanged: 0 };
  for (const [key, object] of source) {
    const held = target.get(key);
    if (held && held.etag === object.etag && held.size === object.size) {
      result.unchanged++;
      continue;
    }
    await copyObject(from, to, key, object.size);
    result.copied.push(key);
  }
  if (deleteExtra) {
    for (const key of target.keys()) {
      if (source.has(key)) continue;
      await to.client.send(new DeleteObjectCommand({ Bucket: to.bucket, Key: to.prefix + key }));
      result.deleted.push(key);
    }
  }
  return result;
}

/** Every object under the side's prefix, by its key without the prefix. */
async function listAll(side: BucketSide): Promise<Map<string, Listed>> {
  const objects = new Map<string, Listed>();
  let token: string | undefined;
  do {
    const page = await side.client.send(
      new ListObjectsV2Command({
        Bucket: side.bucket,
        Prefix: side.prefix || undefined,
        ContinuationToken: token,
      }),
    );
    for (const o of page.Contents ?? []) {
      if (!o.Key) continue;
      objects.set(o.Key.slice(side.prefix.length), { etag: o.ETag ?? '', size: o.Size ?? 0 });
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return objects;
}

/** Server-side when both sides share a client (one account); else streamed through this process. */
async function copyObject(from: BucketSide, to: BucketSide, key: string, size: number) {
  if (from.client === to.client) {
    await to.client.send(
      new CopyObjectCommand({
        Bucket: to.bucket,
        Key: to.prefix + key,
        CopySource: `${from.bucket}/${(from.prefix + key).split('/').map(encodeURIComponent).join('/')}`,
        MetadataDirective: 'COPY',
      }),
    );
    return;
  }
  const got = await from.client.send(new GetObjectCommand({ Bucket: from.bucket, Key: from.prefix + key }));
  await to.client.send(
    new PutObjectCommand({
      Bucket: to.bucket,
      Key: to.prefix + key,
      Body: got.Body as Readable,
      ContentLength: size,
      ContentType: got.ContentType,
      ContentDisposition: got.ContentDisposition,
      Metadata: got.Metadata,
    }),
  );
}
