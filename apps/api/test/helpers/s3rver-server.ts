import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed credentials: what a client or the S3 adapter signs with. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/**
 * A real S3-protocol server (s3rver) on a free loopback port, with these buckets, in a directory of its own; `close`
 * stops it and removes its files.
 */
export async function startS3rver(buckets: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'geekly-s3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
