import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { attachmentDisposition, type FileStorage } from './file-storage.ts';

type S3Settings = {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /** Milliseconds to connect and to get an answer; 3 s and 30 s unless a test shortens them. */
  timeouts?: { connectMs: number; requestMs: number };
};

/**
 * Decision 030: where an attached upload's bytes live. No presigned POST ever names it (signed keys start with
 * `orders/`), so posting to the signed key again after the attach changes nothing anyone reads.
 */
export const sealedKey = (key: string) => `sealed/${key}`;

const copySource = (bucket: string, key: string) =>
  `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;

const statusOf = (err: unknown) =>
  err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;

const secondsUntil = (at: Date) => Math.max(1, Math.ceil((at.getTime() - Date.now()) / 1000));

/** The origin a presigned POST goes to, for the page's connect-src. */
function uploadOrigin(s: S3Settings): string {
  if (!s.endpoint) return `https://${s.bucket}.s3.${s.region}.amazonaws.com`;
  const url = new URL(s.endpoint);
  if (!s.forcePathStyle) url.hostname = `${s.bucket}.${url.hostname}`;
  return url.origin;
}

/**
 * S3 or an S3-compatible server. Objects are private (no ACL field is signed, so the bucket's private default
 * holds); downloads are presigned GETs that name the file as an attachment.
 */
export function createS3Storage(s: S3Settings): FileStorage {
  const client = new S3Client({
    // Decision 059: an unreachable or stalled object store fails a call in seconds instead of holding a request
    // (and whatever it holds) open; the SDK retries a failed call twice more.
    requestHandler: {
      connectionTimeout: s.timeouts?.connectMs ?? 3_000,
      requestTimeout: s.timeouts?.requestMs ?? 30_000,
      // Without it the SDK only logs a warning when the request timeout passes, and keeps waiting.
      throwOnRequestTimeout: true,
    },
    region: s.region,
    endpoint: s.endpoint,
    forcePathStyle: s.forcePathStyle,
    credentials:
      s.accessKeyId && s.secretAccessKey
        ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey }
        : undefined,
  });
  return {
    kind: 's3',
    uploadOrigins: [uploadOrigin(s)],
    routes: null,
    async presignPost({ key, contentType, size, expiresAt }) {
      const { url, fields } = await createPresignedPost(client, {
        Bucket: s.bucket,
        Key: key,
        Conditions: [
          ['content-length-range', size, size],
          ['eq', '$Content-Type', contentType],
        ],
        Fields: { 'Content-Type': contentType },
        Expires: secondsUntil(expiresAt),
      });
      return { url, fields };
    },
    async head(key) {
      try {
        const h = await client.send(new HeadObjectCommand({ Bucket: s.bucket, Key: key }));
        return {
          size: h.ContentLength ?? 0,
          contentType: h.ContentType ?? null,
          lastModified: h.LastModified ?? null,
          etag: h.ETag ?? null,
        };
      } catch (err) {
        if (err instanceof NotFound) return null;
        if (statusOf(err) === 404) return null;
        throw err;
      }
    },
    async seal(key, etag) {
      // Copied only if the signed key still holds the bytes that were checked (S3 checks the ETag in the copy
      // itself, so nothing posted in between is copied); then the signed key is emptied,
      // so a later POST to it stores bytes nothing reads (and the stale-upload sweep does not know of).
      try {
        await client.send(
          new CopyObjectCommand({
            Bucket: s.bucket,
            Key: sealedKey(key),
            CopySource: copySource(s.bucket, key),
            ...(etag ? { CopySourceIfMatch: etag } : {}),
            MetadataDirective: 'COPY',
          }),
        );
      } catch (err) {
        if (statusOf(err) === 412 || statusOf(err) === 404 || err instanceof NotFound) return false;
        throw err;
      }
      await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: key }));
      return true;
    },
    async signedDownloadUrl(key, { fileName, contentType, expiresAt }) {
      const command = new GetObjectCommand({
        Bucket: s.bucket,
        Key: sealedKey(key),
        ResponseContentDisposition: attachmentDisposition(fileName),
        ResponseContentType: contentType,
      });
      return getSignedUrl(client, command, { expiresIn: secondsUntil(expiresAt) });
    },
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: s.bucket, Key: key, Body: body, ContentType: contentType }),
      );
    },
    async read(key) {
      const res = await client.send(new GetObjectCommand({ Bucket: s.bucket, Key: sealedKey(key) }));
      if (!res.Body) throw new Error(`object ${key} has no body`);
      return res.Body as Readable;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: key }));
      await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: sealedKey(key) }));
    },
    async close() {
      client.destroy();
    },
  };
}
