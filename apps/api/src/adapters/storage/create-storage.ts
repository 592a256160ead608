import { join } from 'node:path';
import type { Config } from '../../config.ts';
import type { FileStorage } from './file-storage.ts';
import { createLocalStorage } from './local-storage.ts';

/** The storage adapter configuration chooses (STORAGE=local|s3); the AWS SDK loads only for S3. */
export async function createStorage(opts: {
  config: Config;
  dataDir: string;
  /** Signs the local adapter's policies and download addresses. */
  localSecret: string;
  now: () => Date;
}): Promise<FileStorage> {
  const { config } = opts;
  if (config.STORAGE === 's3') {
    if (!config.S3_BUCKET) throw new Error('S3_BUCKET is required when STORAGE=s3');
    const { createS3Storage } = await import('./s3-storage.ts');
    return createS3Storage({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return createLocalStorage({
    dir: join(opts.dataDir, 'storage'),
    secret: opts.localSecret,
    publicUrl: config.PUBLIC_URL,
    now: opts.now,
  });
}
