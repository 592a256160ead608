import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/** A presigned POST (S3's POST-object protocol): the browser posts every field, then `file`, to `url`. */
type PresignedPost = { url: string; fields: Record<string, string> };

/** What storage says about an object that arrived. */
export type StoredObject = {
  size: number;
  contentType: string | null;
  lastModified: Date | null;
  /** What names these very bytes (S3's ETag); null when the server gives none. */
  etag: string | null;
};

/**
 * Private object storage (docs/product/files.md, decision 015). Uploads never pass through the API process: the
 * API signs a POST policy and the browser posts straight to storage. Nothing is readable without a signature.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Origins the browser posts uploads to (the page's Content-Security-Policy connect-src). */
  readonly uploadOrigins: readonly string[];
  /** A POST that stores exactly `size` bytes of `contentType` under exactly `key`, until `expiresAt`. */
  presignPost(input: {
    key: string;
    contentType: string;
    size: number;
    expiresAt: Date;
  }): Promise<PresignedPost>;
  /** The object's size and type as stored, or null when nothing arrived. */
  head(key: string): Promise<StoredObject | null>;
  /**
   * Decision 030: called once a signed upload is attached. From now on every read of `key` (download, zip)
   * gets the object that `head` saw with `etag`, whatever is posted to the signed key later: the local storage
   * refuses any second POST to a key, S3 copies the object to a key no policy ever names and reads that. False
   * when the object no longer has `etag` (it was replaced or removed since it was checked).
   */
  seal(key: string, etag: string | null): Promise<boolean>;
  /** A short-lived address that downloads the object (as sealed) as an attachment named `fileName`. */
  signedDownloadUrl(
    key: string,
    opts: { fileName: string; contentType: string; expiresAt: Date },
  ): Promise<string>;
  /**
   * Stores bytes the server made itself (the demo autopilot's documents, decision 022) under `key`, as a signed
   * POST would have: same size and type checks apply when they are recorded.
   */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes as sealed, streamed (the zip reads through this). */
  read(key: string): Promise<Readable>;
  /** Removes the object, sealed or not. */
  remove(key: string): Promise<void>;
  /** Routes serving the storage protocol from this process (the local adapter), or null. */
  readonly routes: ((app: FastifyInstance) => Promise<void>) | null;
  close(): Promise<void>;
}

/** RFC 6266 Content-Disposition for a download, with a plain fallback name for old clients. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
