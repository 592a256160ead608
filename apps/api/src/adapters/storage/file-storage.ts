import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/** A presigned POST (S3's POST-object protocol): the browser posts every field, then `file`, to `url`. */
export type PresignedPost = { url: string; fields: Record<string, string> };

/** What storage says about an object that arrived. */
export type StoredObject = { size: number; contentType: string | null; lastModified: Date | null };

/**
 * Private object storage (DESIGN.md "Files", decision 015). Uploads never pass through the API process: the
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
  /** A short-lived address that downloads the object as an attachment named `fileName`. */
  signedDownloadUrl(
    key: string,
    opts: { fileName: string; contentType: string; expiresAt: Date },
  ): Promise<string>;
  /**
   * Stores bytes the server made itself (the demo autopilot's documents, decision 022) under `key`, as a signed
   * POST would have: same size and type checks apply when they are recorded.
   */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, streamed (the zip reads through this). */
  read(key: string): Promise<Readable>;
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
